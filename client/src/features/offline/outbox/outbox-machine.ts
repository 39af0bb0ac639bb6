import type { MessageInstanceDto, SendMessage } from '@drivebay/shared';
import { ApiRequestError, firstErrorEntry } from '../../../lib/api-client';

/**
 * The outbox's states, on this device only: `queued` waits for the network (or its backoff),
 * `sending` is on the wire, `refused` was turned down by the server for a reason resending cannot
 * fix (opted out, invalid) and waits for the user to edit, retry or discard it. A message leaves
 * the outbox when the server accepts it; from then on the thread shows the server's own statuses
 * (accepted → sent → delivered).
 */
export type OutboxState = 'queued' | 'sending' | 'refused';

export type OutboxEntry = {
  clientMessageId: string;
  userId: number;
  interactionId: number;
  /** The send call's body, clientMessageId included: resending it is a no-op on the server. */
  body: SendMessage & { clientMessageId: string };
  /** What the user typed, for the thread and for editing (the body may hold it as HTML). */
  text: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** Epoch ms before which a timer does not retry (an explicit trigger does). */
  nextAttemptAt: number;
  /** Why it is still here: the server's refusal, or the server's last passing failure; null when only the network was missing. */
  error: string | null;
};

/** How one send attempt ended. */
export type SendOutcome =
  | { kind: 'accepted'; message: MessageInstanceDto; notice: string }
  /**
   * The network, a gateway or the server failed: the same request may succeed later. `error` is
   * null when there was no connection at all (the thread says "on this device" already).
   */
  | { kind: 'retry'; error: string | null }
  /** The server refused this message: resending the same body cannot succeed. */
  | { kind: 'refused'; error: string }
  /** The session ended: the API client signs out; the message waits for the next sign-in. */
  | { kind: 'unauthorized' };

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

// 408 Request Timeout, 425 Too Early and 429 Too Many Requests say "later", not "never".
const PASSING_4XX = new Set([408, 425, 429]);

/** The outcome of a failed send call. */
export function classifyFailure(error: unknown): Exclude<SendOutcome, { kind: 'accepted' }> {
  if (!(error instanceof ApiRequestError) || error.kind === 'network' || error.status === null) return { kind: 'retry', error: null };
  if (error.status === 401) return { kind: 'unauthorized' };
  const reason = firstErrorEntry(error.body) ?? error.serverMessage ?? `The server answered ${error.status}`;
  if (error.status >= 400 && error.status < 500 && !PASSING_4XX.has(error.status)) return { kind: 'refused', error: reason };
  // 5xx, 408/429, or a 200 this client could not read: nothing says the server refused it, and a
  // resend with the same clientMessageId can only return the message if it was in fact stored.
  return { kind: 'retry', error: `Not sent yet (${reason}). Trying again shortly.` };
}

/**
 * Wait before the next automatic attempt after `attempts` failures: doubling from 2 s up to 5 min,
 * with "equal jitter" (half fixed, half random) so that a service drive full of tablets coming
 * back at once does not retry in lockstep.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The entry after an attempt ended, or null when it leaves the outbox (the server has it). */
export function afterAttempt(entry: OutboxEntry, outcome: SendOutcome, now: number, random: () => number = Math.random): OutboxEntry | null {
  switch (outcome.kind) {
    case 'accepted':
      return null;
    case 'refused':
      return { ...entry, state: 'refused', error: outcome.error };
    case 'unauthorized':
      // Not the message's fault, so not counted as an attempt; the next sign-in sends it at once
      // (a forced flush), and until then no timer keeps knocking with an ended session.
      return { ...entry, state: 'queued', nextAttemptAt: now + BACKOFF_MAX_MS, error: null };
    case 'retry': {
      const attempts = entry.attempts + 1;
      return { ...entry, state: 'queued', attempts, nextAttemptAt: now + backoffMs(attempts, random), error: outcome.error };
    }
  }
}

const byAge = (a: OutboxEntry, b: OutboxEntry) => a.createdAt - b.createdAt || a.clientMessageId.localeCompare(b.clientMessageId);

/**
 * What a flush sends, in order: per conversation the oldest first, and nothing behind a message
 * of the same conversation that is refused or still waiting out its backoff, so a customer never
 * gets the second message without the first. `force` ignores backoff (the network just came back,
 * the app started, the user pressed Retry). An entry left `sending` by a tab that closed mid-send
 * is sent again: the flush runs under the outbox lock, so no other tab is sending it, and the
 * server answers a repeated clientMessageId with the message it already has.
 */
export function flushPlan(entries: readonly OutboxEntry[], now: number, force: boolean): OutboxEntry[] {
  const blocked = new Set<number>();
  const plan: OutboxEntry[] = [];
  for (const entry of [...entries].sort(byAge)) {
    if (blocked.has(entry.interactionId)) continue;
    const due = entry.state !== 'refused' && (force || entry.nextAttemptAt <= now);
    if (due) plan.push(entry);
    else blocked.add(entry.interactionId);
  }
  return plan;
}

/** Entries that wait behind a refused message of the same conversation (shown as held). */
export function heldBehindRefusal(entries: readonly OutboxEntry[]): Set<string> {
  const refusedIn = new Set<number>();
  const held = new Set<string>();
  for (const entry of [...entries].sort(byAge)) {
    if (refusedIn.has(entry.interactionId)) held.add(entry.clientMessageId);
    else if (entry.state === 'refused') refusedIn.add(entry.interactionId);
  }
  return held;
}

/** The earliest moment a timer should flush again, or null when nothing waits on a timer. */
export function nextWake(entries: readonly OutboxEntry[]): number | null {
  let next: number | null = null;
  for (const entry of entries) {
    if (entry.state === 'refused') continue;
    if (next === null || entry.nextAttemptAt < next) next = entry.nextAttemptAt;
  }
  return next;
}
