import type { MessageType, NotificationType } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { messageColumns, type MessageRow } from './message-dto';

/** A message to the customer (or an internal note) about to be written once. */
export type OutboundDraft = {
  interactionId: number;
  storeId: number;
  customerId: number | null;
  messageType: Extract<MessageType, 'SMS' | 'EMAIL' | 'INTERNAL_NOTES'>;
  notificationType: NotificationType;
  content: string;
  subject: string | null;
  from: string | null;
  fromName: string | null;
  to: string | null;
  toName: string | null;
  mediaUrls: string[];
  startTime: Date | null;
  clientMessageId: string;
  sentByUserId: number | null;
  messageSentBy: string | null;
  /** Carrier keyword replies (HELP) go out even to a number that opted out. */
  bypassOptOut?: boolean;
};

/** Where a message's carrier hand-over starts: accepted by us, not yet by the carrier. */
export const INITIAL_OUTBOUND_STATUS = 'accepted';

export async function findByClientMessageId(sql: Sql, clientMessageId: string): Promise<MessageRow | null> {
  const [row] = await sql<MessageRow[]>`select ${messageColumns(sql)} from message_instance m where m.client_message_id = ${clientMessageId}`;
  return row ?? null;
}

/**
 * Writes the message exactly once per client id and, for SMS and e-mail, queues it for the
 * outbox worker in the same transaction; updates the interaction. Call inside a transaction.
 * `created` is false when the id was already used (a retry): nothing is written then.
 */
export async function insertOutbound(tx: Sql, d: OutboundDraft): Promise<{ id: number; created: boolean }> {
  const toCarrier = d.messageType !== 'INTERNAL_NOTES';
  const [inserted] = await tx<{ id: number }[]>`
    insert into message_instance (future_service_interaction_id, store_id, customer_id, content, subject, from_address, from_name,
      to_address, to_name, direction, message_type, notification_type, message_status, media_urls, message_sent_by,
      sent_by_user_id, start_time, client_message_id, read_status, response_reqd)
    values (${d.interactionId}, ${d.storeId}, ${d.customerId}, ${d.content}, ${d.subject}, ${d.from}, ${d.fromName},
      ${d.to}, ${d.toName}, 'SEND', ${d.messageType}, ${d.notificationType}, ${toCarrier ? INITIAL_OUTBOUND_STATUS : null},
      ${d.mediaUrls}, ${d.messageSentBy}, ${d.sentByUserId}, ${d.startTime}, ${d.clientMessageId}, true, false)
    on conflict (client_message_id) do nothing
    returning id`;
  if (!inserted) {
    const [existing] = await tx<{ id: number }[]>`select id from message_instance where client_message_id = ${d.clientMessageId}`;
    return { id: existing!.id, created: false };
  }
  if (toCarrier) {
    await tx`insert into message_outbox (message_instance_id, store_id, channel, bypass_opt_out)
      values (${inserted.id}, ${d.storeId}, ${d.messageType}, ${d.bypassOptOut ?? false})`;
    // An answer to the customer: the conversation no longer waits on the dealership.
    await tx`update future_service_interaction
      set updated_on = now(), last_message_received_date = now(), response_reqd = false, conversation_initiated = true
      where id = ${d.interactionId}`;
  } else {
    await tx`update future_service_interaction set updated_on = now() where id = ${d.interactionId}`;
  }
  return { id: inserted.id, created: true };
}
