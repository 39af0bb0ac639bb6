import type { PendingQuery, Row } from 'postgres';
import type { CarrierKeyword, MessageType } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { InboxNotifier } from '../notifier';
import { inboxChanges, type MessageTx } from './inbox-changes';
import { insertLookedUpMessage, insertMessages, type Computed, type MessageParties } from './write-message';

/**
 * Counts one received message on its conversation (inbound and unread counts, latest activity,
 * reopening a closed conversation) plus what the kind of message sets itself, and notes it for
 * the inbox.
 */
async function countReceived(m: MessageTx, storeId: number, interactionId: number, also: PendingQuery<Row[]>): Promise<void> {
  await m.tx`
    update future_service_interaction set
      total_inbound_count = total_inbound_count + 1,
      total_unread_count = total_unread_count + 1,
      last_message_received_date = now(),
      conv_closed = false,
      updated_on = now(),
      ${also}
    where id = ${interactionId}`;
  m.changes.add(storeId, interactionId);
}

/** A customer's text as a carrier delivered it, with the parties as the conversation names them. */
export type InboundText = {
  interactionId: number;
  storeId: number;
  customerId: number;
  content: string;
  from: string;
  fromName: string | null;
  to: string;
  toName: string;
  mediaUrls: string[];
  carrierMessageId: string;
  keyword: CarrierKeyword | null;
};

/**
 * Stores a customer's text once per carrier id and counts it (inbound and unread counts, latest
 * activity, reopening a closed conversation). Keywords are handled by the product and the
 * carrier, so nobody needs to answer them. Returns null for a redelivery: nothing is written.
 */
export async function writeInboundText(m: MessageTx, s: InboundText): Promise<number | null> {
  const { tx } = m;
  const [id] = await insertMessages(
    tx,
    [
      {
        futureServiceInteractionId: s.interactionId, storeId: s.storeId, customerId: s.customerId, content: s.content, fromAddress: s.from,
        fromName: s.fromName, toAddress: s.to, toName: s.toName, direction: 'RECEIVED', messageType: 'SMS',
        notificationType: 'MESSAGE_FROM_CUSTOMER', timestamp: 'now', messageStatus: 'received', mediaUrls: s.mediaUrls,
        carrierMessageId: s.carrierMessageId, responseReqd: s.keyword === null, readStatus: false,
      },
    ],
    { dedupeOn: 'carrier_message_id' },
  );
  if (id === undefined) return null;
  await countReceived(m, s.storeId, s.interactionId, tx`
    response_reqd = ${s.keyword === null},
    response_insight = case when ${s.keyword === 'STOP'} then 'STOP' else response_insight end`);
  return id;
}

/** A text from a sender the store knows, before the statement has found whose it is. */
export type KnownSenderText = Omit<InboundText, 'interactionId' | 'customerId' | 'fromName' | 'keyword'> & {
  /**
   * The lookup: at most one row of customer_id, first_name, last_name and interaction_id (the
   * conversation the text belongs to; null when there is none yet).
   */
  lookup: Computed;
};

export type KnownSenderWritten = { customerId: number; interactionId: number; customerName: string | null; messageId: number | null };

/**
 * An ordinary text (no carrier keyword) from a customer who has a conversation with the store,
 * looked up, stored once per carrier id and counted as {@link writeInboundText} does, in one
 * statement and one round trip; announced to the inbox once it is committed. Null when the lookup
 * finds no conversation (the caller creates what is missing in a transaction); `messageId` null
 * for a redelivery (nothing written).
 */
export async function writeKnownSenderText(deps: { sql: Sql; notifier?: InboxNotifier | undefined }, s: KnownSenderText): Promise<KnownSenderWritten | null> {
  const { sql } = deps;
  const name = sql`(select nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '') from found)`;
  const insert = insertLookedUpMessage(
    sql,
    {
      futureServiceInteractionId: sql`(select interaction_id from found)`, storeId: s.storeId, customerId: sql`(select customer_id from found)`,
      content: s.content, fromAddress: s.from, fromName: name, toAddress: s.to, toName: s.toName, direction: 'RECEIVED', messageType: 'SMS',
      notificationType: 'MESSAGE_FROM_CUSTOMER', timestamp: 'now', messageStatus: 'received', mediaUrls: s.mediaUrls,
      carrierMessageId: s.carrierMessageId, responseReqd: true, readStatus: false,
    },
    sql`exists (select 1 from found where interaction_id is not null)`,
    { dedupeOn: 'carrier_message_id' },
  );
  const [row] = await sql<{ customerId: number; interactionId: number | null; customerName: string | null; messageId: number | null }[]>`
    with found as (${s.lookup}),
    written as (${insert}),
    counted as (
      update future_service_interaction f set
        total_inbound_count = total_inbound_count + 1,
        total_unread_count = total_unread_count + 1,
        last_message_received_date = now(),
        conv_closed = false,
        updated_on = now(),
        response_reqd = true
      from written w where f.id = w.future_service_interaction_id
      returning f.id
    )
    select found.customer_id, found.interaction_id, ${name} as customer_name,
      (select id from written) as message_id
    from found`;
  if (!row || row.interactionId === null) return null;
  if (row.messageId !== null) {
    const changes = inboxChanges();
    changes.add(s.storeId, row.interactionId);
    changes.announce(deps.notifier);
  }
  return { customerId: row.customerId, interactionId: row.interactionId, customerName: row.customerName, messageId: row.messageId };
}

/** A lead form's request, shown as the customer's first words in the conversation. */
export type LeadFormRequest = Omit<InboundText, 'mediaUrls' | 'keyword'> & {
  /** Who the request is shown as sent by (the form, not the carrier). */
  messageSentBy: string;
  /** Whether it waits for a person (when the assistant cannot text back). */
  responseReqd: boolean;
};

/** Stores a lead form's request as a RECEIVED text and counts it as an inbound text is counted. */
export async function writeLeadFormRequest(m: MessageTx, r: LeadFormRequest): Promise<number> {
  const { tx } = m;
  const [id] = await insertMessages(tx, [
    {
      futureServiceInteractionId: r.interactionId, storeId: r.storeId, customerId: r.customerId, content: r.content, fromAddress: r.from,
      fromName: r.fromName, toAddress: r.to, toName: r.toName, direction: 'RECEIVED', messageType: 'SMS',
      notificationType: 'MESSAGE_FROM_CUSTOMER', timestamp: 'now', messageStatus: 'received', carrierMessageId: r.carrierMessageId,
      messageSentBy: r.messageSentBy, responseReqd: r.responseReqd, readStatus: false,
    },
  ]);
  await countReceived(m, r.storeId, r.interactionId, tx`response_reqd = ${r.responseReqd}`);
  return id!;
}

/** A customer's answer that reached the product through one of its pages rather than a carrier. */
export type CustomerResponse = MessageParties & {
  interactionId: number;
  storeId: number;
  customerId: number;
  messageType: Extract<MessageType, 'EMAIL' | 'DEALROOM_MESSAGE_RESPONSE'>;
  content: string;
  subject: string | null;
  /** Whether somebody at the store should answer it (it then counts as waiting). */
  responseReqd: boolean;
  /** The same answer arriving twice (a reload, a second click) has the same id and is kept once. */
  clientMessageId: string;
};

/**
 * Stores the answer as a RECEIVED customer message and counts it the way an inbound text is
 * counted (inbound and unread counts, latest activity, reopening a closed conversation). Returns
 * null when this clientMessageId was already stored.
 */
export async function writeCustomerResponse(m: MessageTx, r: CustomerResponse): Promise<number | null> {
  const { tx } = m;
  const [id] = await insertMessages(
    tx,
    [
      {
        futureServiceInteractionId: r.interactionId, storeId: r.storeId, customerId: r.customerId, content: r.content, subject: r.subject,
        fromAddress: r.from, fromName: r.fromName, toAddress: r.to, toName: r.toName, direction: 'RECEIVED', messageType: r.messageType,
        notificationType: 'MESSAGE_FROM_CUSTOMER', timestamp: 'now', messageStatus: 'received', clientMessageId: r.clientMessageId,
        responseReqd: r.responseReqd, readStatus: false,
      },
    ],
    { dedupeOn: 'client_message_id' },
  );
  if (id === undefined) return null;
  await countReceived(m, r.storeId, r.interactionId, tx`responded_to_ai = true, response_reqd = response_reqd or ${r.responseReqd}`);
  return id;
}
