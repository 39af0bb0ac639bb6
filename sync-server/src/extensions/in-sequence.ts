import type { Hocuspocus } from '@hocuspocus/server';

// Tasks on one document run one after another, so work computed from PostgreSQL before another
// task's write cannot land after it. Keyed by document name, per Hocuspocus instance.
const queues = new WeakMap<Hocuspocus, Map<string, Promise<void>>>();

/** Runs `task` after every earlier task queued for the same document has settled. */
export function inSequence<T>(hocuspocus: Hocuspocus, name: string, task: () => Promise<T>): Promise<T> {
  let byName = queues.get(hocuspocus);
  if (!byName) queues.set(hocuspocus, (byName = new Map()));
  const run = (byName.get(name) ?? Promise.resolve()).then(task);
  const settled = run.then(
    () => {},
    () => {},
  );
  byName.set(name, settled);
  void settled.then(() => {
    if (byName.get(name) === settled) byName.delete(name);
  });
  return run;
}

/**
 * Whether this process holds the document open or is loading it. A server-side refresh of a
 * document that is neither leaves it alone: its next load reads PostgreSQL anyway.
 */
export function holdsDocument(hocuspocus: Hocuspocus, name: string): boolean {
  return hocuspocus.documents.has(name) || hocuspocus.loadingDocuments.has(name);
}
