// @vitest-environment happy-dom
import { Suspense, act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Screen() {
  return <p>screen</p>;
}

function renderInto(container: HTMLElement, element: React.ReactNode) {
  const root = createRoot(container);
  act(() => root.render(<Suspense fallback={<p>loading</p>}>{element}</Suspense>));
  return root;
}

describe('preloadable', () => {
  it('renders a preloaded screen in its parent’s first pass, without the fallback', async () => {
    const load = vi.fn(async () => ({ default: Screen }));
    const screen = preloadable(load);
    await screen.preload();
    const container = document.createElement('div');
    const root = renderInto(container, <screen.Component />);
    expect(container.textContent).toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });

  it('suspends on a screen not loaded yet, loading it once', async () => {
    const load = vi.fn(async () => ({ default: Screen }));
    const screen = preloadable(load);
    const container = document.createElement('div');
    const root = renderInto(container, <screen.Component />);
    expect(container.textContent).toBe('loading');
    await act(async () => {
      await screen.preload();
    });
    expect(container.textContent).toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });

  it('tries a failed load again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Screen });
    const screen = preloadable(load);
    await expect(screen.preload()).rejects.toThrow('offline');
    await expect(screen.preload()).resolves.toEqual({ default: Screen });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
