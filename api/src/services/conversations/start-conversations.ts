import type { Sql } from '../../db/database';
import { groupCommit, groupCommitsBy, type GroupCommit } from '../../lib/group-commit';
import { inMessageTx, writeOrdinaryTexts } from './messages';
import type { InboxNotifier } from './notifier';
import { conversationOf, inboundCustomerNumber, lockSenders, lookupSender, senderLockKey, type FoundSender } from './sender-lookup';
import type { StoreNumber } from './store-number';

/**
 * Conversations a text from an unknown number starts are service check-ups: the sender is not
 * tied to a vehicle or a sale yet, and CHECK_UP is the service type that assumes nothing.
 */
export const INBOUND_SERVICE_TYPE = 'CHECK_UP';

/** An ordinary text (no carrier keyword) whose sender had no conversation with the store when it arrived. */
export type FirstText = { store: StoreNumber; from: string; body: string; mediaUrls: string[]; carrierMessageId: string };

export type Started = {
  storeId: number;
  interactionId: number;
  customerId: number;
  messageId: number;
  createdCustomer: boolean;
  createdInteraction: boolean;
};

/** The text was stored before (a redelivery): nothing was written for it. */
export class DuplicateText extends Error {}

/** A batch that has to be written text by text (one of its texts is a redelivery). */
class OneByOne extends Error {}

type Sender = {
  key: string;
  store: StoreNumber;
  phone: string;
  found: FoundSender | null;
  customerId: number | null;
  interactionId: number | null;
  createdCustomer: boolean;
  createdInteraction: boolean;
  /** How many of the batch's texts are this sender's. */
  texts: number;
};

/**
 * Starts the conversations of first texts that arrive together, in one transaction: the senders'
 * numbers are locked and looked up again (a text a moment earlier may have started the
 * conversation), the missing customers (with a generated customer number) and
 * {@link INBOUND_SERVICE_TYPE} conversations are created in the store that owns the number, and
 * the texts are stored once per carrier id and counted (inbound and unread counts, latest activity,
 * reopening a closed conversation). Answers in the texts' order.
 */
async function startConversations(deps: Deps, texts: FirstText[]): Promise<Started[]> {
  return inMessageTx(deps, async (m) => {
    const { tx } = m;
    const senders = new Map<string, Sender>();
    for (const text of texts) {
      const key = senderLockKey(text.store.storeId, text.from);
      const sender = senders.get(key);
      if (sender) sender.texts++;
      else {
        senders.set(key, {
          key, store: text.store, phone: text.from, found: null, customerId: null, interactionId: null,
          createdCustomer: false, createdInteraction: false, texts: 1,
        });
      }
    }
    const list = [...senders.values()];
    await lockSenders(tx, list.map((s) => s.key));

    const found = await tx<(FoundSender & { ord: number })[]>`
      select x.ord, l.customer_id, l.first_name, l.last_name, l.interaction_id
      from jsonb_to_recordset(${tx.json(list.map((s, ord) => ({ ord, store_id: s.store.storeId, phone: s.phone })))})
        as x(ord int, store_id bigint, phone text)
      cross join lateral (${lookupSender(tx, tx`x.store_id`, tx`x.phone`)}) l`;
    for (const row of found) {
      const sender = list[row.ord]!;
      sender.found = row;
      sender.customerId = row.customerId;
      sender.interactionId = row.interactionId;
    }

    const withoutCustomer = list.filter((s) => s.customerId === null);
    if (withoutCustomer.length) {
      const rows = withoutCustomer.map((s) => ({
        boc_id: s.store.bocId, store_id: s.store.storeId, custno: inboundCustomerNumber(s.store.storeCode, s.phone), cellular: s.phone,
      }));
      const created = await tx<{ id: number; bocId: number; custno: string }[]>`
        insert into customer ${tx(rows as never, ['boc_id', 'store_id', 'custno', 'cellular'])}
        on conflict (boc_id, custno) do nothing returning id, boc_id, custno`;
      const createdIds = new Map(created.map((c) => [`${c.bocId}:${c.custno}`, c.id]));
      // A conflict means the generated record exists: it is theirs. Either it no longer carries this
      // number here (an old record), or the statement storing a text from this number elsewhere
      // just created it with its conversation (messages/inbound.ts), which this text then joins.
      const conflicts = rows.filter((r) => !createdIds.has(`${r.boc_id}:${r.custno}`));
      const existing = conflicts.length
        ? await tx<{ id: number; bocId: number; custno: string; interactionId: number | null }[]>`
            select c.id, c.boc_id, c.custno, f.id as interaction_id from customer c
            join jsonb_to_recordset(${tx.json(conflicts)}) as x(boc_id bigint, store_id bigint, custno text, cellular text)
              on c.boc_id = x.boc_id and c.custno = x.custno
            left join lateral (${conversationOf(tx, tx`c.id`, tx`x.store_id`)}) f on c.cellular = x.cellular`
        : [];
      const existingIds = new Map(existing.map((c) => [`${c.bocId}:${c.custno}`, c]));
      withoutCustomer.forEach((s, i) => {
        const key = `${rows[i]!.boc_id}:${rows[i]!.custno}`;
        s.createdCustomer = createdIds.has(key);
        s.customerId = createdIds.get(key) ?? existingIds.get(key)!.id;
        s.interactionId = existingIds.get(key)?.interactionId ?? null;
      });
    }

    // A conversation made here is made with its texts already counted (a redelivery in the batch
    // rolls it all back), which spares every first text an update of the row just inserted.
    const withoutConversation = list.filter((s) => s.interactionId === null);
    const counted = new Set<number>();
    if (withoutConversation.length) {
      const rows = withoutConversation.map((s, ord) => ({
        ord, store_id: s.store.storeId, company_id: s.store.bocId, customer_id: s.customerId, division_id: s.store.divisionId,
        service_type: INBOUND_SERVICE_TYPE, type: 'SERVICE', conversation_initiated: true, n: s.texts,
      }));
      const created = await tx<{ id: number }[]>`
        insert into future_service_interaction
          (store_id, company_id, customer_id, division_id, service_type, type, conversation_initiated,
           total_inbound_count, total_unread_count, last_message_received_date, response_reqd)
        select store_id, company_id, customer_id, division_id, service_type, type, conversation_initiated, n, n, now(), true
        from jsonb_to_recordset(${tx.json(rows)}) as x(store_id bigint, company_id bigint, customer_id bigint, division_id text,
          service_type text, type text, conversation_initiated boolean, n int, ord int)
        order by x.ord
        returning id`;
      withoutConversation.forEach((s, i) => {
        s.interactionId = created[i]!.id;
        s.createdInteraction = true;
        counted.add(s.interactionId);
      });
    }

    const ids = await writeOrdinaryTexts(
      m,
      texts.map((text) => {
        const s = senders.get(senderLockKey(text.store.storeId, text.from))!;
        return {
          interactionId: s.interactionId!, storeId: text.store.storeId, customerId: s.customerId!, content: text.body, from: text.from,
          fromName: `${s.found?.firstName ?? ''} ${s.found?.lastName ?? ''}`.trim() || null, to: text.store.agentPhoneNumber,
          toName: `${text.store.agentFirstName} ${text.store.agentLastName}`.trim(), mediaUrls: text.mediaUrls, carrierMessageId: text.carrierMessageId,
        };
      }),
      counted,
    );
    // A redelivery writes nothing and must leave nothing behind: such a batch is written text by text.
    if (ids.some((id) => id === null)) throw texts.length > 1 ? new OneByOne() : new DuplicateText();

    const claimed = new Set<string>();
    return texts.map((text, i): Started => {
      const s = senders.get(senderLockKey(text.store.storeId, text.from))!;
      // Of two first texts from one number, the first is the one that created what was missing.
      const first = !claimed.has(s.key);
      claimed.add(s.key);
      return {
        storeId: text.store.storeId, interactionId: s.interactionId!, customerId: s.customerId!, messageId: ids[i]!,
        createdCustomer: first && s.createdCustomer, createdInteraction: first && s.createdInteraction,
      };
    });
  });
}

type Deps = { sql: Sql; notifier?: InboxNotifier | undefined };

const batcherFor = groupCommitsBy(
  (sql: Sql, notifier: InboxNotifier | undefined): GroupCommit<FirstText, Started> => groupCommit((texts) => startConversations({ sql, notifier }, texts)),
);

/**
 * Starts the conversation of one first text, together with the other first texts arriving
 * meanwhile (see group-commit.ts); the inbox is told once they are committed. Throws
 * {@link DuplicateText} for a redelivery (nothing written).
 */
export function startConversation(deps: Deps, text: FirstText): Promise<Started> {
  return batcherFor(deps.sql, deps.notifier)(text);
}
