import { useDebounce } from '@hocuspocus/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer, type Debouncer } from './debounce';
import { INBOX_STORE_MAX_WAIT_MS, isInboxStore, storeMaxWait } from './extensions/inbox-projection';

const ID = 'onStoreDocument-store:1:board';
// Times below count from here (Hocuspocus's debouncer takes a start time of 0 for none).
const T0 = 1_000_000;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Calls `debounce` at the given times (ms) and tells which call's function ran when. */
async function schedule(debouncer: Pick<Debouncer, 'debounce'>, calls: { at: number; wait?: number }[], until: number) {
  const ran: { call: number; at: number }[] = [];
  for (const [index, call] of calls.entries()) {
    await vi.advanceTimersByTimeAsync(T0 + call.at - Date.now());
    void debouncer.debounce(ID, () => ran.push({ call: index, at: Date.now() - T0 }), call.wait ?? 2_000, 10_000);
  }
  await vi.advanceTimersByTimeAsync(T0 + until - Date.now());
  return ran;
}

describe('createDebouncer', () => {
  const cases: [string, { at: number; wait?: number }[]][] = [
    ['runs the latest function once the wait has passed since the latest call', [{ at: 0 }, { at: 1_000 }, { at: 1_500 }]],
    ['runs at once once the id has waited its longest', Array.from({ length: 30 }, (_, i) => ({ at: i * 500 }))],
    ['runs at once when asked to wait for nothing, and waits afresh after', [{ at: 0 }, { at: 300, wait: 0 }, { at: 400 }, { at: 900 }]],
    ['starts over after a run', [{ at: 0 }, { at: 2_500 }, { at: 2_600 }, { at: 7_000 }]],
  ];
  for (const [what, calls] of cases) {
    it(`${what}, as Hocuspocus's own debouncer does`, async () => {
      const ours = await schedule(createDebouncer(), calls, 40_000);
      vi.setSystemTime(T0);
      const theirs = await schedule(useDebounce(), calls, 40_000);
      expect(ours).toEqual(theirs);
      expect(ours.length).toBeGreaterThan(0);
    });
  }

  it('renews a waiting function as a call would, at the same times, and leaves the rest to debounce', async () => {
    const calls = Array.from({ length: 30 }, (_, i) => ({ at: i * 500 })).concat([{ at: 20_000 }, { at: 21_000 }]);
    const plain = await schedule(createDebouncer(), calls, 40_000);
    vi.setSystemTime(T0);
    const debouncer = createDebouncer();
    const ran: number[] = [];
    let renewed = 0;
    for (const call of calls) {
      await vi.advanceTimersByTimeAsync(T0 + call.at - Date.now());
      if (debouncer.renew(ID, 2_000, 10_000)) renewed += 1;
      else void debouncer.debounce(ID, () => ran.push(Date.now() - T0), 2_000, 10_000);
    }
    await vi.advanceTimersByTimeAsync(T0 + 40_000 - Date.now());
    expect(ran).toEqual(plain.map((run) => run.at));
    expect(renewed).toBeGreaterThan(0);
    // Nothing waits: nothing to renew.
    expect(createDebouncer().renew(ID, 2_000, 10_000)).toBe(false);
  });

  it('starts no timer and clears none while calls keep coming', async () => {
    const debouncer = createDebouncer();
    await debouncer.debounce(ID, () => {}, 2_000, 10_000);
    const started = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(100);
      await debouncer.debounce(ID, () => {}, 2_000, 10_000);
    }
    expect(started).not.toHaveBeenCalled();
    expect(cleared).not.toHaveBeenCalled();
    started.mockRestore();
    cleared.mockRestore();
  });

  it('runs a waiting id at once when asked, then no more; a run waits for the one before', async () => {
    const debouncer = createDebouncer();
    const ran: string[] = [];
    let finish: () => void = () => {};
    void debouncer.debounce(ID, () => new Promise<void>((resolve) => (finish = () => (ran.push('first'), resolve()))), 2_000, 10_000);
    expect(debouncer.isDebounced(ID)).toBe(true);
    const first = debouncer.executeNow(ID) as Promise<unknown>;
    expect(debouncer.isDebounced(ID)).toBe(false);
    expect(debouncer.isCurrentlyExecuting(ID)).toBe(true);

    const second = debouncer.debounce(ID, () => ran.push('second'), 0, 10_000);
    await vi.advanceTimersByTimeAsync(10);
    expect(ran).toEqual([]);
    finish();
    await first;
    await second;
    expect(ran).toEqual(['first', 'second']);
    expect(debouncer.isCurrentlyExecuting(ID)).toBe(false);
    expect(debouncer.executeNow(ID)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ran).toEqual(['first', 'second']);
  });

  it('gives an inbox under a stream of changes the longer longest wait, and every other document its own', async () => {
    const INBOX = 'onStoreDocument-store:1:inbox';
    const debouncer = createDebouncer({ maxWaitOf: storeMaxWait });
    const ran: { id: string; at: number }[] = [];
    // A change every half second, as a busy store's texts refresh its inbox, for 70 s.
    for (let at = 0; at < 70_000; at += 500) {
      for (const id of [ID, INBOX]) void debouncer.debounce(id, () => ran.push({ id, at: Date.now() - T0 }), 2_000, 10_000);
      await vi.advanceTimersByTimeAsync(500);
    }
    const at = (id: string) => ran.filter((r) => r.id === id).map((r) => r.at);
    expect(at(ID)).toEqual([10_000, 20_500, 31_000, 41_500, 52_000, 62_500]);
    expect(at(INBOX)).toEqual([INBOX_STORE_MAX_WAIT_MS]);
    // Once the changes stop, the inbox is stored after the usual wait.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(at(INBOX)).toEqual([INBOX_STORE_MAX_WAIT_MS, 71_500]);
  });

  it('knows an inbox store by its document name only', () => {
    expect(isInboxStore('onStoreDocument-store:12:inbox')).toBe(true);
    expect(isInboxStore('onStoreDocument-store:12:board')).toBe(false);
    expect(isInboxStore('onStoreDocument-store:012:inbox')).toBe(false);
    expect(isInboxStore('onStoreDocument-store:12:inbox:x')).toBe(false);
  });
});
