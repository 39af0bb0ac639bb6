import { SMS_OPT_OUT_MARK } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/** The message a refused send shows. */
export const OPTED_OUT_MESSAGE = 'This customer has opted out of text messages';

/**
 * Whether texts to this customer, or to this number at this store, are blocked. The carrier
 * blocks by number pair, so a STOP from a number also covers every customer record of the store
 * that shares it.
 */
export async function isOptedOut(sql: Sql, opts: { storeId: number; customerId: number | null; phone: string | null }): Promise<boolean> {
  const [row] = await sql<{ blocked: boolean }[]>`
    select exists(
      select 1 from customer c
      where (c.id = ${opts.customerId ?? 0} or (${opts.phone !== null} and c.store_id = ${opts.storeId} and c.cellular = ${opts.phone ?? ''}))
        and (c.block_sms or exists(
          select 1 from mark k where k.target = 'CUSTOMER' and k.customer_id = c.id and k.intent_type = ${SMS_OPT_OUT_MARK}))
    ) as blocked`;
  return row?.blocked ?? false;
}

/** STOP: blocks texts to the number at this store and marks each customer record opted out. */
export async function recordOptOut(tx: Sql, opts: { storeId: number; customerId: number; phone: string }): Promise<number[]> {
  const customers = await tx<{ id: number }[]>`
    update customer set block_sms = true
    where id = ${opts.customerId} or (store_id = ${opts.storeId} and cellular = ${opts.phone})
    returning id`;
  const ids = customers.map((c) => c.id);
  if (ids.length) {
    await tx`insert into mark ${tx(ids.map((id) => ({ target: 'CUSTOMER', customer_id: id, intent_type: SMS_OPT_OUT_MARK, value: 'true' })))}
      on conflict (customer_id, intent_type) where target = 'CUSTOMER' do nothing`;
  }
  return ids;
}

/** START / UNSTOP: lifts the block and removes the opt-out mark again. */
export async function recordOptIn(tx: Sql, opts: { storeId: number; customerId: number; phone: string }): Promise<number[]> {
  const customers = await tx<{ id: number }[]>`
    update customer set block_sms = false
    where id = ${opts.customerId} or (store_id = ${opts.storeId} and cellular = ${opts.phone})
    returning id`;
  const ids = customers.map((c) => c.id);
  if (ids.length) {
    await tx`delete from mark where target = 'CUSTOMER' and intent_type = ${SMS_OPT_OUT_MARK} and customer_id in ${tx(ids)}`;
  }
  return ids;
}
