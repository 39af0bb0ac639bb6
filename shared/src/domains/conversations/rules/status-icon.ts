/**
 * Delivery-status icons on outbound messages, and the order carrier statuses move in.
 */
import type { MessageDirection, MessageStatus } from '../../../codes';
import { isOutbound } from './message-kind';

/** Icons a message bubble can show next to its time. */
export type StatusIconName = 'ban' | 'cross' | 'double-tick' | 'single-tick' | 'question';

/** What {@link statusIcon} returns: the icon, its tooltip and whether the bubble turns red. */
export type StatusIcon = { icon: StatusIconName | null; title: string; danger: boolean };

/** The message fields the icon depends on. */
export type StatusIconInput = {
  direction: MessageDirection;
  messageStatus: string | null;
  errors?: readonly string[] | null;
  mediaUrls?: readonly string[] | null;
};

/**
 * Carrier statuses come in any case; RESTRICTED is our own refusal code and is matched only as
 * written, so a carrier's lower-case "restricted" is not mistaken for it.
 */
export function normalizeStatus(status: string): string {
  return status === 'RESTRICTED' ? status : status.trim().toLowerCase();
}

const DOUBLE = new Set(['delivered', 'received']);
const SINGLE = new Set(['sent', 'sending', 'accepted', 'queued']);
const TITLES: Record<string, string> = {
  delivered: 'Delivered',
  received: 'Received',
  receiving: 'Receiving',
  sent: 'Sent',
  sending: 'Sending',
  accepted: 'Accepted',
  queued: 'Queued',
};

function firstError(errors: readonly string[] | null | undefined): string | null {
  const first = errors?.[0]?.trim();
  return first ? first : null;
}

/**
 * The status icon of a message bubble. Only outbound messages have one. A message with media
 * that is still `receiving` is not shown as delivered: its media is still being fetched, so it
 * falls to the question mark like any other status the rule does not name.
 */
export function statusIcon(m: StatusIconInput): StatusIcon {
  if (!isOutbound(m)) return { icon: null, title: '', danger: false };
  const status = m.messageStatus === null ? '' : normalizeStatus(m.messageStatus);
  const error = firstError(m.errors);
  if (status === 'RESTRICTED') return { icon: 'ban', title: error ?? 'Restricted', danger: true };
  if (status === 'failed' || status === 'undelivered') {
    return { icon: 'cross', title: error ?? 'Unknown error', danger: false };
  }
  const hasMedia = (m.mediaUrls?.length ?? 0) > 0;
  if (DOUBLE.has(status) || (status === 'receiving' && !hasMedia)) {
    return { icon: 'double-tick', title: TITLES[status] ?? status, danger: false };
  }
  if (SINGLE.has(status)) return { icon: 'single-tick', title: TITLES[status] ?? status, danger: false };
  return { icon: 'question', title: error ?? 'Unknown status', danger: false };
}

/**
 * Progress rank of each status. Carrier callbacks arrive out of order, so a status is stored only
 * when it moves forward: accepted 0, queued 1, sending 2, sent 3, then the final states
 * delivered, undelivered and failed 4, and read 5 (a read receipt implies delivery). Inbound
 * media messages go receiving 2, received 4. RESTRICTED is our own final refusal, 4.
 */
export const STATUS_RANK: Readonly<Record<MessageStatus, number>> = {
  accepted: 0,
  queued: 1,
  sending: 2,
  receiving: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  received: 4,
  RESTRICTED: 4,
  read: 5,
};

const FINAL_RANK = 4;

function rankOf(status: string | null | undefined): number | undefined {
  if (!status) return undefined;
  return (STATUS_RANK as Record<string, number>)[normalizeStatus(status)];
}

/**
 * Whether `next` may replace `current`. A status never moves backwards or sideways; a final state
 * never becomes another final state, except delivered becoming read. Anything replaces no
 * status, but an unknown `next` never replaces a known one (it is kept only when nothing is
 * stored), so a new carrier status cannot undo a delivery.
 */
export function isStatusAdvance(current: string | null | undefined, next: string): boolean {
  const to = rankOf(next);
  const from = rankOf(current);
  if (from === undefined) return current ? to !== undefined : true;
  if (to === undefined || to <= from) return false;
  if (from >= FINAL_RANK) return normalizeStatus(current ?? '') === 'delivered' && normalizeStatus(next) === 'read';
  return true;
}
