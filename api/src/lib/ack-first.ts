/**
 * Carriers' acknowledgements come first. A webhook marks itself in flight while it stores a text;
 * follow-up work (inbox refreshes, the assistant's turns) waits until no acknowledgement is in
 * flight, or at most `maxWaitMs`, before it takes a database connection. Under a burst the
 * follow-up work gathers into fewer, larger batches instead of queueing between the
 * acknowledgements; what it would do is never lost, since the texts are committed before it runs.
 */
export type AckGate = {
  /** Marks one acknowledgement in flight; call the returned function when it has been answered. */
  begin(): () => void;
  /** Resolves when no acknowledgement is in flight, or after `maxWaitMs` at the latest. */
  quiet(maxWaitMs: number): Promise<void>;
  readonly inFlight: number;
};

export function createAckGate(): AckGate {
  let inFlight = 0;
  const waiters = new Set<() => void>();
  const release = () => {
    for (const w of [...waiters]) w();
  };
  return {
    begin() {
      inFlight++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight--;
        if (inFlight === 0) release();
      };
    },
    quiet(maxWaitMs) {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, maxWaitMs);
        timer.unref?.();
        waiters.add(done);
      });
    },
    get inFlight() {
      return inFlight;
    },
  };
}

/** The process's gate: the carriers' webhooks mark themselves on it, follow-up work waits on it. */
export const ackGate: AckGate = createAckGate();

/** How long follow-up work defers to acknowledgements at most (the inbox is never further behind). */
export const FOLLOW_UP_MAX_WAIT_MS = 500;
