// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchRemoteData, useRemoteData, type RemoteData } from './use-remote-data';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let seen: RemoteData<string>[];

function Probe({ dataKey, load }: { dataKey: string; load: (signal: AbortSignal) => Promise<string> }) {
  seen.push(useRemoteData(dataKey, load));
  return null;
}

async function mount(dataKey: string, load: (signal: AbortSignal) => Promise<string>) {
  await act(async () => root.render(<Probe dataKey={dataKey} load={load} />));
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  seen = [];
  root = createRoot(document.createElement('div'));
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useRemoteData with a prefetch', () => {
  it('renders a prefetched answer on its first render without loading again', async () => {
    prefetchRemoteData('answered', async () => 'from prefetch');
    await act(async () => undefined);
    const load = vi.fn(async () => 'from screen');
    await mount('answered', load);
    expect(seen[0]).toMatchObject({ data: 'from prefetch', loading: false });
    expect(seen.every((s) => s.data === 'from prefetch' && !s.loading)).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('waits on a prefetch still in flight instead of sending the request again', async () => {
    const answer = deferred<string>();
    const prefetch = vi.fn(() => answer.promise);
    prefetchRemoteData('in-flight', prefetch);
    prefetchRemoteData('in-flight', prefetch);
    const load = vi.fn(async () => 'from screen');
    await mount('in-flight', load);
    expect(seen.at(-1)).toMatchObject({ data: undefined, loading: true });
    await act(async () => answer.resolve('from prefetch'));
    expect(seen.at(-1)).toMatchObject({ data: 'from prefetch', loading: false });
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads afresh, reporting its own error, when the prefetch failed', async () => {
    const answer = deferred<string>();
    prefetchRemoteData('failing', () => answer.promise);
    const load = vi.fn(async (): Promise<string> => {
      throw new Error('still down');
    });
    await mount('failing', load);
    await act(async () => answer.reject(new Error('down')));
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toMatchObject({ data: undefined, loading: false });
    expect((seen.at(-1)?.error as Error).message).toBe('still down');
  });

  it('serves each prefetched answer once: the next screen on the key loads its own', async () => {
    prefetchRemoteData('once', async () => 'from prefetch');
    await act(async () => undefined);
    await mount('once', async () => 'first screen');
    act(() => root.unmount());
    root = createRoot(document.createElement('div'));
    seen = [];
    const load = vi.fn(async () => 'second screen');
    await mount('once', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toMatchObject({ data: 'second screen', loading: false });
  });

  it('does not use a prefetched answer once it is stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    prefetchRemoteData('stale', async () => 'old');
    await act(async () => undefined);
    vi.setSystemTime(Date.now() + 60_000);
    const load = vi.fn(async () => 'new');
    await mount('stale', load);
    expect(seen[0]).toMatchObject({ data: undefined });
    expect(seen.at(-1)).toMatchObject({ data: 'new', loading: false });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
