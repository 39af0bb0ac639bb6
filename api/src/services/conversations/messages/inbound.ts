import type { PendingQuery, Row } from 'postgres';
import type { CarrierKeyword, MessageType } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { InboxNotifier } from '../notifier';
import { inboxChanges, type MessageTx } from './inbox-changes';
import { groupCommit, groupCommitsBy, type GroupCommit } from '../../../lib/group-commit';
import { insertLookedUpMessage, insertMessages, type Computed, type MessageParties } from './write-message';

/**
 * What `n` received messages change on their conversation: the inbound and unread counts, the
 * latest activity, and a closed conversation opens again.
 */
const receivedCounts = (tx: Sql, n: number | Computed): Computed => tx`
  total_inbound_count = total_inbound_count + ${n},
  total_unread_count = total_unread_count + ${n},
  last_message_received_date = now(),
  conv_closed = false,
  updated_on = now()`;

/**
 * The conversations with these ids, locked in id order: every batch that counts several
 * conversations takes them in the same order, so two batches never wait on each other in a circle.
 */
const lockedInIdOrder = (tx: Sql, ids: Computed): Computed =>
  tx`(select id from future_service_interaction where id = any(${ids}) order by id for update) as locked`;

/**
 * Counts one received message on its conversation ({@link receivedCounts}) plus what the kind of
 * message sets itself, and notes it for the inbox.
 */
async function countReceived(m: MessageTx, storeId: number, interactionId: number, also: PendingQuery<Row[]>): Promise<void> {
  await m.tx`update future_service_interaction set ${receivedCounts(m.tx, 1)}, ${also} where id = ${interactionId}`;
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

/**
 * How a store finds whose a number is: at most one row of customer_id, first_name, last_name and
 * interaction_id (the conversation a text belongs to; null when there is none yet), for a store id
 * and a phone number given as values or as columns of the rows a batch selects from.
 */
export type SenderLookup = (sql: Sql, storeId: number | Computed, phone: string | Computed) => Computed;

/**
 * Ordinary texts (no carrier keyword) into conversations the transaction knows, stored once per
 * carrier id and counted as {@link writeInboundText} counts one, with one insert and one update
 * for them all. Each text's id in order; null for a redelivery (nothing written or counted).
 */
export async function writeOrdinaryTexts(
  m: MessageTx,
  texts: Omit<InboundText, 'keyword'>[],
  /** Conversations the transaction made with these texts already counted. */
  counted: ReadonlySet<number> = new Set(),
): Promise<(number | null)[]> {
  const { tx } = m;
  const ids = await insertMessages(
    tx,
    texts.map((s) => ({
      futureServiceInteractionId: s.interactionId, storeId: s.storeId, customerId: s.customerId, content: s.content, fromAddress: s.from,
      fromName: s.fromName, toAddress: s.to, toName: s.toName, direction: 'RECEIVED', messageType: 'SMS',
      notificationType: 'MESSAGE_FROM_CUSTOMER', timestamp: 'now', messageStatus: 'received', mediaUrls: s.mediaUrls,
      carrierMessageId: s.carrierMessageId, responseReqd: true, readStatus: false,
    })),
    { dedupeOn: 'carrier_message_id' },
  );
  const counts = new Map<number, number>();
  texts.forEach((s, i) => {
    if (ids[i] === undefined) return;
    m.changes.add(s.storeId, s.interactionId);
    if (counted.has(s.interactionId)) return;
    counts.set(s.interactionId, (counts.get(s.interactionId) ?? 0) + 1);
  });
  // Conversations are found by key, not by a scan of the table.
  if (counts.size) {
    const conversations = [...counts.keys()];
    await tx`
      update future_service_interaction f set ${receivedCounts(tx, tx`w.n`)}, response_reqd = true
      from unnest(${conversations}::bigint[], ${[...counts.values()]}::int[]) as w(id, n),
        ${lockedInIdOrder(tx, tx`${conversations}::bigint[]`)}
      where f.id = any(${conversations}::bigint[]) and f.id = w.id and f.id = locked.id`;
  }
  return ids.map((id) => id ?? null);
}

/**
 * What a text needs to start a conversation when the store has no customer with its number: the
 * customer record's company and generated customer number, and the conversation's division and
 * service type.
 */
export type ConversationStart = { bocId: number; customerNumber: string; divisionId: string; serviceType: string };

/** A text from a sender the store knows, before the statement has found whose it is. */
export type KnownSenderText = Omit<InboundText, 'interactionId' | 'customerId' | 'fromName' | 'keyword'> & {
  lookup: SenderLookup;
  /** When given, a sender the store has no customer for gets one, and a conversation, by the same statement. */
  start?: ConversationStart | undefined;
};

export type KnownSenderWritten = {
  customerId: number;
  interactionId: number;
  customerName: string | null;
  messageId: number | null;
  /** This text's statement created the customer and the conversation (only the first of a sender's texts says so). */
  started: boolean;
};

type KnownSenderRow = { customerId: number | null; interactionId: number | null; customerName: string | null; messageId: number | null; started: boolean };

/**
 * Two steps of a statement whose `written` step inserted customer texts (RECEIVED SMS): their
 * conversations' report rows updated as the report trigger of migration 00046 would fold them,
 * and the mark that tells the trigger this statement did it (migration 00053). The texts were all
 * received at the statement's `created_on`, so the folding is short: the inbound count, the first
 * and second customer message, and the first answer after the first customer message (looked up
 * as the trigger looks it up, when the first customer message is one of these). Report rows are
 * locked in conversation order, as the trigger locks them. `reported_mark` is one row and must be
 * read by the statement.
 */
const reportedReceived = (sql: Sql): Computed => sql`
    report_locked as materialized (
      select r.future_service_interaction_id as id from report_interaction_fact r
      where r.future_service_interaction_id = any(array(select future_service_interaction_id from written))
      order by 1 for update
    ),
    reported as (
      update report_interaction_fact f set
        inbound_count = f.inbound_count + w.n,
        responded_on = least(f.responded_on, w.t),
        engaged_on = (select x from unnest(array[f.responded_on, f.engaged_on, w.t, case when w.n > 1 then w.t end]) x
          where x is not null order by x offset 1 limit 1),
        first_reply_on = case
          when f.responded_on is null or w.t < f.responded_on then
            (select min(m.created_on) from message_instance m
              where m.future_service_interaction_id = f.future_service_interaction_id
                and m.direction in ('SEND', 'SENT') and m.message_type in ('SMS', 'EMAIL') and m.created_on > w.t)
          else f.first_reply_on
        end
      from (select future_service_interaction_id as id, count(*)::int as n, min(created_on) as t from written group by 1) w
      where f.future_service_interaction_id = any(array(select id from report_locked)) and f.future_service_interaction_id = w.id
      returning f.future_service_interaction_id
    ),
    reported_mark as (select set_config('drivebay.report_facts_kept', 'on', true) as kept)`;

/**
 * Steps of the statement that start the conversations of senders the store has no customer for
 * (`found` rows without a customer, at least one of the sender's with a `start`), reading `found`
 * and giving `resolved`: each text with its customer and conversation, found or started
 * (`started`). Only senders none of whose texts was stored before are started here; the rest,
 * and any whose generated customer number is taken (a text from the same number being stored
 * elsewhere at this moment, or an old record that no longer has the number), are left for the
 * locked transaction of start-conversations.ts.
 *
 * A customer inserted by this statement cannot have a conversation anywhere yet, so the
 * conversation made for it cannot be a second one. The conversation is made with its texts counted
 * (the statement's later update of conversations does not see rows it inserted), and its report
 * row with them folded in as the report trigger folds first texts: the trigger of migration 00020
 * leaves a row it finds (migration 00054), and the messages' trigger is told the statement kept
 * its report rows.
 */
const startedConversations = (sql: Sql): Computed => sql`
    unknown as (
      select i.store_id, i.phone, min(i.boc_id) as boc_id, min(i.custno) as custno, min(i.division_id) as division_id,
        min(i.service_type) as service_type, count(distinct i.sid)::int as n
      from found i
      -- Probed by key (an EXISTS here was planned as a hashed subplan reading every message).
      left join lateral (select true as stored_before from message_instance m where m.carrier_message_id = i.sid limit 1) m on true
      -- Every text of the sender in the batch joins what is started (one read before it was
      -- started may carry no start of its own), so every one of them is counted.
      where i.customer_id is null
      group by i.store_id, i.phone
      having count(i.custno) > 0 and count(m.stored_before) = 0
    ),
    new_customer as (
      insert into customer (boc_id, store_id, custno, cellular)
      select boc_id, store_id, custno, phone from unknown order by store_id, phone
      on conflict (boc_id, custno) do nothing
      returning id, store_id, cellular
    ),
    started as (
      insert into future_service_interaction (store_id, company_id, customer_id, division_id, service_type, type, conversation_initiated,
        total_inbound_count, total_unread_count, last_message_received_date, response_reqd)
      select u.store_id, u.boc_id, c.id, u.division_id, u.service_type, 'SERVICE', true, u.n, u.n, now(), true
      from new_customer c join unknown u on u.store_id = c.store_id and u.phone = c.cellular
      order by c.id
      returning id, customer_id, store_id, service_type, total_inbound_count as n
    ),
    started_reported as (
      insert into report_interaction_fact
        (future_service_interaction_id, enterprise_id, boc_id, store_id, service_type, customer_type, inbound_count, responded_on, engaged_on)
      select s.id, b.enterprise_id, st.boc_id, s.store_id, s.service_type, 'B', s.n, now(), case when s.n > 1 then now() end
      from started s join store st on st.id = s.store_id join boc b on b.id = st.boc_id
    ),
    resolved as (
      select i.ord, i.store_id, i.phone, i.content, i.sid, i.to_address, i.to_name, i.media, i.first_name, i.last_name,
        coalesce(i.customer_id, s.customer_id) as customer_id, coalesce(i.interaction_id, s.id) as interaction_id, s.id is not null as started
      from found i
      left join (started s join new_customer c on c.id = s.customer_id)
        on i.customer_id is null and c.store_id = i.store_id and c.cellular = i.phone
    )`;

/**
 * Ordinary texts (no carrier keyword) from customers who have a conversation with the store,
 * looked up, stored once per carrier id and counted as {@link writeInboundText} does, all in one
 * statement; with a `start`, a sender the store has no customer for gets a customer and a
 * conversation in the same statement ({@link startedConversations}). One answer per text, in
 * order: null when it has no conversation after the statement (the caller starts it).
 */
async function writeKnownSenderTexts(sql: Sql, lookup: SenderLookup, texts: KnownSenderText[]): Promise<(KnownSenderWritten | null)[]> {
  // Batches without a text that may start a conversation (most: a sender is looked up first
  // without one) are written by the statement without those steps, a cheaper one to run.
  const starting = texts.some((t) => t.start);
  const input = texts.map((t, ord) => ({
    ord, store_id: t.storeId, phone: t.from, content: t.content, sid: t.carrierMessageId, to_address: t.to, to_name: t.toName, media: t.mediaUrls,
    ...(starting && {
      boc_id: t.start?.bocId ?? null, custno: t.start?.customerNumber ?? null, division_id: t.start?.divisionId ?? null, service_type: t.start?.serviceType ?? null,
    }),
  }));
  const source = starting ? sql`resolved` : sql`found`;
  const name = sql`nullif(trim(coalesce(i.first_name, '') || ' ' || coalesce(i.last_name, '')), '')`;
  const insert = insertLookedUpMessage(
    sql,
    {
      futureServiceInteractionId: sql`i.interaction_id`, storeId: sql`i.store_id`, customerId: sql`i.customer_id`, content: sql`i.content`,
      fromAddress: sql`i.phone`, fromName: name, toAddress: sql`i.to_address`, toName: sql`i.to_name`, direction: 'RECEIVED', messageType: 'SMS',
      notificationType: 'MESSAGE_FROM_CUSTOMER', timestamp: 'now', messageStatus: 'received', mediaUrls: sql`array(select jsonb_array_elements_text(i.media))`,
      carrierMessageId: sql`i.sid`, responseReqd: true, readStatus: false,
    },
    sql`i.interaction_id is not null`,
    { dedupeOn: 'carrier_message_id', from: sql`${source} i`, orderBy: sql`i.ord` },
  );
  const rows = await sql<(KnownSenderRow & { ord: number })[]>`
    with input as (
      select * from jsonb_to_recordset(${sql.json(input)})
        as x(ord int, store_id int, phone text, content text, sid text, to_address text, to_name text, media jsonb
          ${starting ? sql`, boc_id bigint, custno text, division_id text, service_type text` : sql``})
    ),
    found as (
      select x.*, l.customer_id, l.first_name, l.last_name, l.interaction_id
      from input x left join lateral (${lookup(sql, sql`x.store_id`, sql`x.phone`)}) l on true
    ),
    ${starting ? sql`${startedConversations(sql)},` : sql``}
    written as (${insert}),
    counted as (
      update future_service_interaction f set ${receivedCounts(sql, sql`w.n`)}, response_reqd = true
      from (select future_service_interaction_id as id, count(*)::int as n from written group by 1) w,
        ${lockedInIdOrder(sql, sql`array(select future_service_interaction_id from written)`)}
      -- Found by key, not by a scan of the table.
      where f.id = any(array(select future_service_interaction_id from written)) and f.id = w.id and f.id = locked.id
      returning f.id
    ),
    ${reportedReceived(sql)}
    select i.ord, i.customer_id, i.interaction_id, ${name} as customer_name, w.id as message_id, ${starting ? sql`i.started` : sql`false`} as started
    from ${source} i left join written w on w.carrier_message_id = i.sid, reported_mark
    order by i.ord`;
  // The same carrier id twice in one batch is a redelivery: the first text has it, the rest wrote nothing.
  const claimed = new Set<number>();
  // Of a new sender's texts in the batch, the first is the one that started the conversation.
  const startedFor = new Set<number>();
  // One row per text, in the texts' order (the lookup yields at most one row, carrier ids are unique).
  return texts.map((_, ord) => {
    const row = rows[ord];
    if (!row || row.customerId === null || row.interactionId === null) return null;
    let messageId = row.messageId;
    if (messageId !== null && claimed.has(messageId)) messageId = null;
    if (messageId !== null) claimed.add(messageId);
    const started = row.started && !startedFor.has(row.interactionId);
    if (started) startedFor.add(row.interactionId);
    return { customerId: row.customerId, interactionId: row.interactionId, customerName: row.customerName, messageId, started };
  });
}

/**
 * One batch of known senders' texts is written at a time; the texts arriving meanwhile form the
 * next. A second batch in flight was mostly a text or two that had just arrived, so under load
 * the statements carried fewer texts each (bench:ingest, 16 at a time: 4.2 texts a batch with two
 * in flight, 5.9 with one on PostgreSQL; 5.5 and 6.9 on PGlite) for the same acknowledgements.
 */
const KNOWN_SENDER_BATCHES_IN_FLIGHT = 1;

const batcherFor = groupCommitsBy((sql: Sql, lookup: SenderLookup): GroupCommit<KnownSenderText, KnownSenderWritten | null> =>
  groupCommit((texts) => writeKnownSenderTexts(sql, lookup, texts), { maxInFlight: KNOWN_SENDER_BATCHES_IN_FLIGHT }));

/**
 * An ordinary text (no carrier keyword) from a customer who has a conversation with the store,
 * looked up, stored once per carrier id and counted as {@link writeInboundText} does. Texts that
 * arrive together are written by one statement (see group-commit.ts); each caller still gets its
 * own answer once that statement committed, and the text is announced to the inbox. Null when
 * the lookup finds no conversation (the caller creates what is missing in a transaction);
 * `messageId` null for a redelivery (nothing written).
 */
export async function writeKnownSenderText(deps: { sql: Sql; notifier?: InboxNotifier | undefined }, s: KnownSenderText): Promise<KnownSenderWritten | null> {
  const written = await batcherFor(deps.sql, s.lookup)(s);
  if (written && written.messageId !== null) {
    const changes = inboxChanges();
    changes.add(s.storeId, written.interactionId);
    changes.announce(deps.notifier);
  }
  return written;
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
