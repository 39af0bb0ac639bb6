/**
 * What kind of message a row is, from its direction and its two type codes. Several rules
 * (visibility, options menu, status icons, response delay) ask the same questions, so the
 * answers live here once.
 */
import type { MessageDirection, MessageType, NotificationType } from '../../../codes';

/** The fields every classification below reads. */
export type MessageKindFields = {
  direction: MessageDirection;
  messageType: MessageType;
  notificationType?: NotificationType | null;
};

/** Outbound means sent by the dealership side: SEND while queued to go, SENT once handed over. */
export function isOutbound(m: Pick<MessageKindFields, 'direction'>): boolean {
  return m.direction === 'SEND' || m.direction === 'SENT';
}

/**
 * An internal note. INTERNAL_NOTES is both a message type and a notification type (the send call
 * sets it as the latter), so either code marks a note.
 */
export function isInternalNote(m: Pick<MessageKindFields, 'messageType' | 'notificationType'>): boolean {
  return m.messageType === 'INTERNAL_NOTES' || m.notificationType === 'INTERNAL_NOTES';
}

/** A handoff bubble: the assistant's GM or manual handoff notification to staff. */
export function isHandoffNotification(m: Pick<MessageKindFields, 'notificationType'>): boolean {
  return m.notificationType === 'INTERNAL_NOTIFICATION' || m.notificationType === 'INTERNAL_NOTIFICATION_GM';
}

const CUSTOMER_CHANNELS: ReadonlySet<MessageType> = new Set(['SMS', 'EMAIL']);

/**
 * A message the customer wrote. The notification type decides when present; older rows without
 * one count when they came in by SMS or email.
 */
export function isFromCustomer(m: MessageKindFields): boolean {
  if (m.notificationType) return m.notificationType === 'MESSAGE_FROM_CUSTOMER';
  return m.direction === 'RECEIVED' && CUSTOMER_CHANNELS.has(m.messageType);
}

/**
 * A message sent to the customer (by an advisor or the assistant). The notification type decides
 * when present, so a GM notification email, also outbound, is not one.
 */
export function isToCustomer(m: MessageKindFields): boolean {
  if (m.notificationType) return m.notificationType === 'MESSAGE_TO_CUSTOMER';
  return isOutbound(m) && CUSTOMER_CHANNELS.has(m.messageType);
}
