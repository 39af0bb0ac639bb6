/**
 * The conversation list and the notification list kept live by real-time messages (spec §4
 * "Real-time messages"), as pure functions over ordered arrays. Nothing is mutated; unchanged
 * items keep their identity so a list renders only what moved.
 */
import type { MessageDirection, MessageType, NotificationType } from '../../../codes';

/** The latest-message preview a row shows. */
export type LiveLatestMessage = {
  id: number;
  content: string;
  direction: MessageDirection;
  messageType: MessageType;
  createdOn: string;
};

/** The row fields the live updates touch; rows may carry anything else. */
export type LiveRow = {
  id: number;
  latestMessage: LiveLatestMessage | null;
  totalInboundCount: number;
  totalUnreadCount: number;
};

/** A message that arrived for an interaction. */
export type IncomingMessage = LiveLatestMessage & { notificationType?: NotificationType | null };

/** A real-time message event; `row` is the interaction's full row, for when the list lacks it. */
export type IncomingEvent<R extends LiveRow> = { interactionId: number; message: IncomingMessage; row?: R };

/** What the list does with an event: the new rows, and whether to mark read and to notify. */
export type IncomingResult<R extends LiveRow> = { rows: R[]; markRead: boolean; notify: boolean };

/** Lowers a counter by `by` (default 1) without going below zero; a negative `by` lowers nothing. */
export function decrementUnread(count: number, by = 1): number {
  return Math.max(0, count - Math.max(0, by));
}

function asLatest(m: IncomingMessage): LiveLatestMessage {
  return { id: m.id, content: m.content, direction: m.direction, messageType: m.messageType, createdOn: m.createdOn };
}

/**
 * Applies a real-time message. The interaction's row moves to the top; its latest message is
 * replaced unless the message is INTERNAL (calls, system notices); inbound count +1 for a RECEIVED
 * message; unread +1 only when the chat is not open, the message was RECEIVED and it is not a
 * message to the customer. An open chat marks the message read. A row not yet in the list is added
 * at the front as given (it comes from the server and already counts the message, except that an
 * open chat has nothing unread); without `row` the list is left as it is. `notify` is true only
 * for a RECEIVED message of an interaction the list did not have.
 */
export function applyIncomingMessage<R extends LiveRow>(
  rows: readonly R[],
  event: IncomingEvent<R>,
  openInteractionId: number | null,
): IncomingResult<R> {
  const { interactionId, message } = event;
  const open = openInteractionId === interactionId;
  const received = message.direction === 'RECEIVED';
  const index = rows.findIndex((r) => r.id === interactionId);
  const others = rows.filter((_, i) => i !== index);

  if (index === -1) {
    const notify = received;
    if (!event.row) return { rows: [...rows], markRead: open, notify };
    const row = open ? { ...event.row, totalUnreadCount: 0 } : event.row;
    return { rows: [row, ...others], markRead: open, notify };
  }

  const current = rows[index]!;
  const unread = !open && received && message.notificationType !== 'MESSAGE_TO_CUSTOMER';
  const updated: R = {
    ...current,
    latestMessage: message.messageType === 'INTERNAL' ? current.latestMessage : asLatest(message),
    totalInboundCount: current.totalInboundCount + (received ? 1 : 0),
    totalUnreadCount: current.totalUnreadCount + (unread ? 1 : 0),
  };
  return { rows: [updated, ...others], markRead: open, notify: false };
}

/**
 * Opening a conversation: its unread count becomes 0, and the id of its latest message is
 * returned for the read marker (null when the row is missing or has no message).
 */
export function openConversation<R extends LiveRow>(rows: readonly R[], id: number): { rows: R[]; lastMessageId: number | null } {
  const row = rows.find((r) => r.id === id);
  if (!row) return { rows: [...rows], lastMessageId: null };
  const next = rows.map((r) => (r === row && r.totalUnreadCount !== 0 ? { ...r, totalUnreadCount: 0 } : r));
  return { rows: next, lastMessageId: row.latestMessage?.id ?? null };
}

/**
 * A real-time notification (spec §3): the fields these rules read. On the wire they are
 * jaguarFutureServiceInteractionId (`interactionId`) and tenant.officeId (`storeId`); both read
 * flags are false when a RECEIVED message arrives.
 */
export type LiveNotification = {
  interactionId: number;
  storeId: number;
  serviceType: string;
  storeReadStatus: boolean;
  serviceTypeReadStatus: boolean;
};

/**
 * Marks notifications read. Per store (no `serviceType`): the store-level flag of each of the
 * store's notifications. Per store and service type: both flags of that type's notifications,
 * since reading them in the type's tab also reads them for the store. Unchanged items keep their
 * identity.
 */
export function markNotificationsRead<N extends LiveNotification>(
  list: readonly N[],
  scope: { storeId: number; serviceType?: string | null },
): N[] {
  const { storeId, serviceType } = scope;
  return list.map((n) => {
    if (n.storeId !== storeId) return n;
    if (serviceType == null) return n.storeReadStatus ? n : { ...n, storeReadStatus: true };
    if (n.serviceType !== serviceType || (n.storeReadStatus && n.serviceTypeReadStatus)) return n;
    return { ...n, storeReadStatus: true, serviceTypeReadStatus: true };
  });
}

/** Removes every notification of an interaction (its conversation was opened or closed). */
export function removeNotifications<N extends LiveNotification>(list: readonly N[], interactionId: number): N[] {
  return list.filter((n) => n.interactionId !== interactionId);
}
