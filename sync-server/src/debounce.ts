import type { useDebounce } from '@hocuspocus/server';

/**
 * What Hocuspocus asks of its debouncer (`Hocuspocus.debouncer`, behind `onStoreDocument`), and
 * `renew`: a call that keeps the waiting function (see {@link createDebouncer}).
 */
export type Debouncer = ReturnType<typeof useDebounce> & {
  /**
   * As `debounce` with the function already waiting for `id`: the wait starts again from now. False
   * (and nothing done) when nothing waits for `id` or its longest wait is over; the caller then
   * calls `debounce`, which runs it.
   */
  renew(id: string, wait: number, maxWait: number): boolean;
};

type Pending = {
  /** When the id started waiting, for `maxWait`. */
  start: number;
  /** The longest wait asked for when it started waiting, and what `maxWaitOf` made of it. */
  askedMaxWait: number;
  maxWait: number;
  /** When the latest call's wait is over. */
  due: number;
  timeout: ReturnType<typeof setTimeout>;
  /** The latest call's function. */
  func: () => unknown;
};

/**
 * Hocuspocus's debouncer with one timer per waiting id instead of one per call. Hocuspocus calls it
 * with every change a client sends (to store the document once changes stop for `debounce` ms); its
 * own debouncer clears the waiting timer and starts another each time, which is most of what the
 * call costs, and it sits between a board move's arrival and its relay to the other screens. This
 * one keeps the waiting timer and moves the due time: a timer that fires before it waits out the
 * rest. The contract is Hocuspocus's: the latest function runs once `wait` ms have passed since the
 * latest call, or at once when `wait` is 0 or the id has waited `maxWait` ms; a run waits for the
 * id's previous run to finish; `executeNow` runs a waiting id at once. `maxWaitOf` may give some ids
 * a longer (or shorter) `maxWait` than Hocuspocus asks for.
 */
export function createDebouncer(opts: { maxWaitOf?: (id: string, maxWait: number) => number } = {}): Debouncer {
  const maxWaitOf = opts.maxWaitOf ?? ((_id: string, maxWait: number) => maxWait);
  const waiting = new Map<string, Pending>();
  const running = new Map<string, Promise<unknown>>();

  const run = async (id: string, func: () => unknown): Promise<unknown> => {
    waiting.delete(id);
    if (running.has(id)) await running.get(id);
    const execution = func();
    running.set(id, execution as Promise<unknown>);
    try {
      return await execution;
    } finally {
      running.delete(id);
    }
  };

  const fire = (id: string): void => {
    const pending = waiting.get(id);
    if (!pending) return;
    const rest = pending.due - Date.now();
    if (rest > 0) {
      pending.timeout = setTimeout(fire, rest, id);
      return;
    }
    void run(id, pending.func);
  };

  const debounce = async (id: string, func: () => unknown, wait: number, askedMaxWait: number): Promise<unknown> => {
    const now = Date.now();
    const maxWait = maxWaitOf(id, askedMaxWait);
    const pending = waiting.get(id);
    if (wait === 0 || now - (pending?.start ?? now) >= maxWait) {
      if (pending) clearTimeout(pending.timeout);
      return run(id, func);
    }
    if (pending) {
      pending.due = now + wait;
      pending.func = func;
      return;
    }
    waiting.set(id, { start: now, askedMaxWait, maxWait, due: now + wait, func, timeout: setTimeout(fire, wait, id) });
  };

  const renew = (id: string, wait: number, askedMaxWait: number): boolean => {
    const pending = waiting.get(id);
    if (!pending || wait === 0) return false;
    const now = Date.now();
    const maxWait = askedMaxWait === pending.askedMaxWait ? pending.maxWait : maxWaitOf(id, askedMaxWait);
    if (now - pending.start >= maxWait) return false;
    pending.due = now + wait;
    return true;
  };

  return {
    debounce,
    renew,
    isDebounced: (id) => waiting.has(id),
    isCurrentlyExecuting: (id) => running.has(id),
    executeNow: (id) => {
      const pending = waiting.get(id);
      if (!pending) return undefined;
      clearTimeout(pending.timeout);
      return run(id, pending.func);
    },
  };
}
