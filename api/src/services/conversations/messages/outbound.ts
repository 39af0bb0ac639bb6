import type { MessageType, NotificationType } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import { messageColumns, type MessageRow } from '../message-dto';
import type { MessageTx } from './inbox-changes';
import { insertMessages, type MessageParties } from './write-message';

/** A message to the customer (or an internal note) about to be written once. */
export type OutboundDraft = MessageParties & {
  interactionId: number;
  storeId: number;
  customerId: number | null;
  messageType: Extract<MessageType, 'SMS' | 'EMAIL' | 'INTERNAL_NOTES'>;
  notificationType: NotificationType;
  content: string;
  subject: string | null;
  mediaUrls: string[];
  startTime: Date | null;
  clientMessageId: string;
  sentByUserId: number | null;
  messageSentBy: string | null;
  /** The signed-in person an assistant message was sent on behalf of (staff controls). */
  doerProxyUserId?: number | null;
  /** Carrier keyword replies (HELP) go out even to a number that opted out. */
  bypassOptOut?: boolean;
};

/** What writing an outbound message did: `created` is false for a retry of a client id already used. */
export type Written = { id: number; created: boolean };

/** Where a message's carrier hand-over starts: accepted by us, not yet by the carrier. */
export const INITIAL_OUTBOUND_STATUS = 'accepted';

export async function findByClientMessageId(sql: Sql, clientMessageId: string): Promise<MessageRow | null> {
  const [row] = await sql<MessageRow[]>`select ${messageColumns(sql)} from message_instance m where m.client_message_id = ${clientMessageId}`;
  return row ?? null;
}

/**
 * Writes the message exactly once per client id and, for SMS and e-mail, queues it for the
 * outbox worker in the same transaction; updates the interaction. `created` is false when the id
 * was already used (a retry): nothing is written then.
 */
async function writeOnce(m: MessageTx, d: OutboundDraft): Promise<Written> {
  const { tx } = m;
  const toCarrier = d.messageType !== 'INTERNAL_NOTES';
  const [id] = await insertMessages(
    tx,
    [
      {
        futureServiceInteractionId: d.interactionId, storeId: d.storeId, customerId: d.customerId, content: d.content, subject: d.subject,
        fromAddress: d.from, fromName: d.fromName, toAddress: d.to, toName: d.toName, direction: 'SEND', messageType: d.messageType,
        notificationType: d.notificationType, messageStatus: toCarrier ? INITIAL_OUTBOUND_STATUS : null, mediaUrls: d.mediaUrls,
        messageSentBy: d.messageSentBy, sentByUserId: d.sentByUserId, doerProxyUserId: d.doerProxyUserId, startTime: d.startTime,
        clientMessageId: d.clientMessageId, readStatus: true, responseReqd: false,
      },
    ],
    { dedupeOn: 'client_message_id' },
  );
  if (id === undefined) {
    const [existing] = await tx<{ id: number }[]>`select id from message_instance where client_message_id = ${d.clientMessageId}`;
    return { id: existing!.id, created: false };
  }
  if (toCarrier) {
    await tx`insert into message_outbox (message_instance_id, store_id, channel, bypass_opt_out)
      values (${id}, ${d.storeId}, ${d.messageType}, ${d.bypassOptOut ?? false})`;
    // An answer to the customer: the conversation no longer waits on the dealership.
    await tx`update future_service_interaction
      set updated_on = now(), last_message_received_date = now(), response_reqd = false, conversation_initiated = true
      where id = ${d.interactionId}`;
  } else {
    await tx`update future_service_interaction set updated_on = now() where id = ${d.interactionId}`;
  }
  m.changes.add(d.storeId, d.interactionId);
  return { id, created: true };
}

/** A text or e-mail a person at the store sends the customer. */
export function writeOutbound(m: MessageTx, d: OutboundDraft & { messageType: 'SMS' | 'EMAIL' }): Promise<Written> {
  return writeOnce(m, d);
}

/** A note for the store's people only: written once, never queued for a carrier. */
export function writeInternalNote(m: MessageTx, d: Omit<OutboundDraft, 'messageType' | 'notificationType' | 'bypassOptOut'>): Promise<Written> {
  return writeOnce(m, { ...d, messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES' });
}

type AutomaticText = Pick<OutboundDraft, 'interactionId' | 'storeId' | 'customerId' | 'content' | 'from' | 'fromName' | 'to' | 'toName' | 'clientMessageId'>;

const automaticText = (d: AutomaticText): OutboundDraft => ({
  ...d, messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER', subject: null, mediaUrls: [], startTime: null, sentByUserId: null, messageSentBy: null,
});

/** The store's answer to a carrier keyword (HELP): sent even to a number that opted out. */
export function writeKeywordReply(m: MessageTx, d: AutomaticText & { keyword: string }): Promise<Written> {
  const { keyword, ...text } = d;
  return writeOnce(m, { ...automaticText(text), messageSentBy: `Carrier keyword ${keyword}`, bypassOptOut: true });
}

/**
 * The one text allowed after a customer revokes consent in their own words (carriers confirm
 * their own keywords): it only confirms, and goes out even though the number is now blocked.
 */
export function writeOptOutConfirmation(m: MessageTx, d: AutomaticText): Promise<Written> {
  return writeOnce(m, { ...automaticText(d), messageSentBy: 'Opt-out confirmation', bypassOptOut: true });
}

/**
 * A text the assistant sends (its answers, the lead form's booking invitation); `doerProxyUserId`
 * names the person whose control made it speak.
 */
export function writeAssistantReply(m: MessageTx, d: AutomaticText & { doerProxyUserId?: number | null }): Promise<Written> {
  const { doerProxyUserId, ...text } = d;
  return writeOnce(m, { ...automaticText(text), messageSentBy: 'AI', doerProxyUserId });
}
