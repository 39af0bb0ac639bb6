/**
 * Group commit: callers hand in one item each and get its own answer back, while the items that
 * arrive together are written by one statement. A batch starts at the end of the event-loop turn
 * its first item arrived in; while `maxInFlight` batches are running, new items wait and go
 * together in the next one. A quiet system therefore writes each item at once (one turn late),
 * and a busy one writes many per round trip.
 *
 * When a batch of several items fails, each item is tried again by itself, so one item the
 * database refuses fails alone and the others are still written.
 */
export type GroupCommit<I, O> = (item: I) => Promise<O>;

type Waiting<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };

export function groupCommit<I, O>(
  run: (items: I[]) => Promise<O[]>,
  opts: { maxInFlight?: number; maxBatch?: number } = {},
): GroupCommit<I, O> {
  const maxInFlight = Math.max(1, opts.maxInFlight ?? 1);
  const maxBatch = Math.max(1, opts.maxBatch ?? 200);
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const settle = (batch: Waiting<I, O>[], answers: O[]) => {
    batch.forEach((w, i) => w.resolve(answers[i]!));
  };

  const flush = () => {
    scheduled = false;
    while (queue.length && inFlight < maxInFlight) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      run(batch.map((w) => w.item))
        .then(
          (answers) => settle(batch, answers),
          async (err: unknown) => {
            if (batch.length === 1) return batch[0]!.reject(err);
            for (const w of batch) {
              try {
                const [answer] = await run([w.item]);
                w.resolve(answer!);
              } catch (e) {
                w.reject(e);
              }
            }
          },
        )
        .finally(() => {
          inFlight--;
          if (queue.length) schedule();
        });
    }
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (inFlight < maxInFlight) schedule();
    });
}

/**
 * One group commit per owner (a database handle) and key, made the first time it is asked for:
 * texts written through the same handle and the same way share batches.
 */
export function groupCommitsBy<S extends object, K, I, O>(make: (owner: S, key: K) => GroupCommit<I, O>): (owner: S, key: K) => GroupCommit<I, O> {
  const made = new WeakMap<S, Map<K, GroupCommit<I, O>>>();
  return (owner, key) => {
    let byKey = made.get(owner);
    if (!byKey) made.set(owner, (byKey = new Map()));
    let commit = byKey.get(key);
    if (!commit) byKey.set(key, (commit = make(owner, key)));
    return commit;
  };
}
