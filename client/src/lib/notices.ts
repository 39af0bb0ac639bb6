/**
 * The one channel for 'AI Message' notices. Code outside React (the API client) and components
 * alike publish here; the notification provider is the only subscriber that shows them.
 */

export type NoticeSeverity = 'success' | 'info' | 'warning' | 'error';

export type Notice = {
  severity: NoticeSeverity;
  /** May be empty: a failure without any HTTP status is shown as a blank notice (spec §8). */
  message: string;
};

type Listener = (notice: Notice) => void;

const listeners = new Set<Listener>();

export function notify(notice: Notice): void {
  for (const listener of listeners) listener(notice);
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
