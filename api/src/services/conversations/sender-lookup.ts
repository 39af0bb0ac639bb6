import type { PendingQuery, Row } from 'postgres';
import type { Sql } from '../../db/database';
import type { SenderLookup } from './messages';

type Fragment = PendingQuery<Row[]>;

/** Whose a number is in a store, as the lookup finds it. */
export type FoundSender = { customerId: number | null; firstName: string | null; lastName: string | null; interactionId: number | null };

/**
 * The conversation of a customer with a store that a text joins: the open one with the latest
 * activity, else the latest closed one (reopened by the caller).
 */
export const conversationOf = (sql: Sql, customerId: Fragment, storeId: number | Fragment): Fragment =>
  sql`
    select id, conv_closed, coalesce(last_message_received_date, created_on) as at from future_service_interaction
    where customer_id = ${customerId} and store_id = ${storeId}
    order by conv_closed, coalesce(last_message_received_date, created_on) desc, id desc
    limit 1`;

/**
 * The store's customer with this number and their conversation with the store
 * ({@link conversationOf}). When several customer records share the number, the one with the most
 * recent conversation wins.
 */
export const lookupSender: SenderLookup = (sql, storeId, phone) =>
  sql`
    select c.id as customer_id, c.first_name, c.last_name, f.id as interaction_id
    from customer c
    left join lateral (${conversationOf(sql, sql`c.id`, storeId)}) f on true
    where c.store_id = ${storeId} and c.cellular = ${phone}
    order by f.id is null, f.conv_closed, f.at desc, c.id
    limit 1`;

/**
 * The advisory lock key of a sender in a store: whoever creates a customer or a conversation for
 * a number holds it, so two first texts from a new number racing each other never create two.
 */
export const senderLockKey = (storeId: number, phone: string): string => `inbound:${storeId}:${phone}`;

/** Takes the senders' locks in one order (by lock id), so two transactions never wait on each other in a circle. */
export async function lockSenders(tx: Sql, keys: string[]): Promise<void> {
  await tx`
    select pg_advisory_xact_lock(h)
    from (select distinct hashtext(k) as h from unnest(${[...new Set(keys)]}::text[]) as k order by h) as locks`;
}

/** Generated customer number of a customer created by their first text. */
export const inboundCustomerNumber = (storeCode: string, phone: string): string => `${storeCode}-M${phone.replace(/\D/g, '')}`;
