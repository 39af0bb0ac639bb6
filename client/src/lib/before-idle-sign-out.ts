/**
 * Work to finish before an idle session is cleared (spec §4: "unread responses are reported back"
 * first). Screens register what they owe the server; the idle sign-out waits for all of it, but
 * never longer than a moment, so a dead network cannot keep an unattended session open.
 */
type Task = () => Promise<unknown>;

const tasks = new Set<Task>();
const WAIT_AT_MOST_MS = 3_000;

/** Registers a task; returns the function that removes it. */
export function beforeIdleSignOut(task: Task): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Runs every registered task and resolves when all have settled or the wait is over. */
export async function runBeforeIdleSignOut(): Promise<void> {
  const all = Promise.allSettled([...tasks].map((task) => task()));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS))]);
}
