import { keyBetween } from '@drivebay/shared/docs';
import type { RoStatusCode } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/** A key after the last card of a lane: the dealer system appends what it moves. */
export async function keyAtLaneEnd(tx: Sql, storeId: number, lane: RoStatusCode): Promise<string> {
  const [last] = await tx<{ orderKey: string }[]>`
    select order_key from repair_order where store_id = ${storeId} and status_code = ${lane}
    order by order_key collate "C" desc limit 1`;
  try {
    return keyBetween(last?.orderKey ?? null, null);
  } catch {
    // A key written by hand outside the board's alphabet: start a fresh end rather than fail.
    return keyBetween(null, null);
  }
}

/**
 * Moves a repair order as the dealer system reports it, only if it is still where the feed saw it
 * (a person may have moved it on the board meanwhile, and the board's move stands), with an audit
 * row. Returns whether it moved.
 */
export async function feedMove(tx: Sql, o: { storeId: number; roId: number; from: RoStatusCode; to: RoStatusCode; now: Date }): Promise<boolean> {
  const [current] = await tx<{ statusCode: RoStatusCode; orderKey: string }[]>`
    select status_code, order_key from repair_order where id = ${o.roId} and store_id = ${o.storeId} for update`;
  if (!current || current.statusCode !== o.from) return false;
  const key = await keyAtLaneEnd(tx, o.storeId, o.to);
  await tx`
    update repair_order set status_code = ${o.to}, order_key = ${key}, updated_on = ${o.now},
      close_date = case when ${o.to} = 'CLOSED' then ${o.now}::timestamptz else close_date end
    where id = ${o.roId}`;
  await tx`
    insert into repair_order_move (repair_order_id, store_id, from_lane, to_lane, from_key, to_key, user_id, source, moved_on)
    values (${o.roId}, ${o.storeId}, ${o.from}, ${o.to}, ${current.orderKey}, ${key}, null, 'DEALER_FEED', ${o.now})`;
  if (o.from === 'Appt') {
    await tx`
      update appointment set appt_status = 'CHECKED_IN', updated_on = ${o.now}
      where id = (select appointment_id from repair_order where id = ${o.roId}) and appt_status in ('BOOKED', 'CONFIRMED')`;
  }
  return true;
}

/** The next repair-order number of a store: its code and one more than the highest number so far. */
export async function nextRoNumber(tx: Sql, storeId: number): Promise<string> {
  const [row] = await tx<{ code: string; last: number }[]>`
    select s.store_code as code,
      coalesce((select max((regexp_match(ro.ro_number, '-([0-9]+)$'))[1]::int) from repair_order ro where ro.store_id = s.id), 5000) as last
    from store s where s.id = ${storeId}`;
  return `${row!.code}-${row!.last + 1}`;
}
