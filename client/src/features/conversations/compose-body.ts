import type { SendMessage, SendMessageType } from '@drivebay/shared';
import type { Interaction } from './api';
import { textToHtml } from './sanitize-html';

/** The spec's messages for a composer left incomplete (the server answers the same). */
export const PLEASE_ENTER_MESSAGE = 'Please Enter Message';
export const PLEASE_ENTER_SUBJECT = 'Please Enter Subject';

export type ComposedMessage = {
  channel: SendMessageType;
  text: string;
  subject: string;
  clientMessageId: string;
};

/** What is missing before a message can be queued, or null when it is complete. */
export function missingPart(m: Pick<ComposedMessage, 'channel' | 'text' | 'subject'>): string | null {
  if (!m.text.trim()) return PLEASE_ENTER_MESSAGE;
  if (m.channel === 'EMAIL' && !m.subject.trim()) return PLEASE_ENTER_SUBJECT;
  return null;
}

/** The send call's body for what the composer holds, with the draft's clientMessageId. */
export function sendBody(
  interaction: Interaction,
  names: { customerName: string; senderName: string },
  m: ComposedMessage,
): SendMessage & { clientMessageId: string } {
  const customer = interaction.customerMaster;
  const note = m.channel === 'INTERNAL_NOTES';
  return {
    id: customer.id,
    jaguarFutureServiceInteractionId: interaction.id,
    // Texts go as typed (the server makes them plain); e-mails and notes are HTML bodies.
    content: m.channel === 'SMS' ? m.text : textToHtml(m.text),
    subject: m.channel === 'EMAIL' ? m.subject : null,
    from: null,
    fromName: names.senderName,
    to: m.channel === 'SMS' ? (customer.cellular ?? null) : m.channel === 'EMAIL' ? (customer.email ?? null) : null,
    toName: names.customerName,
    direction: 'SEND',
    messageType: m.channel,
    notificationType: note ? 'INTERNAL_NOTES' : 'MESSAGE_TO_CUSTOMER',
    clientMessageId: m.clientMessageId,
  };
}
