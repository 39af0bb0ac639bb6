import type { Sql } from '../../db/database';
import type { LoopContext } from './context';

/** The repair order a customer's "is my car ready?" is about. */
export type OpenRepairOrder = { roNumber: string; statusCode: string; promised: Date | null };

/**
 * The customer's open repair order at the store: not closed, and past the Appointments lane
 * (a car booked but not yet dropped off is not in the shop, so there is nothing to report).
 * Dealer systems often hold one person under several customer records, so any record of the
 * store with the customer's number counts. With several, the conversation's vehicle first, then
 * the latest opened. The board's lane moves are projected onto repair_order, so the row is the
 * board as it stands.
 */
export async function findOpenRepairOrder(
  db: Sql,
  ctx: Pick<LoopContext, 'storeId' | 'customerId' | 'serviceVehicleId' | 'customer'>,
): Promise<OpenRepairOrder | null> {
  const [ro] = await db<OpenRepairOrder[]>`
    select ro.ro_number, ro.status_code, ro.promised_date as promised
    from repair_order ro
    where ro.store_id = ${ctx.storeId} and ro.close_date is null and ro.status_code not in ('CLOSED', 'Appt')
      and (ro.customer_id = ${ctx.customerId} or ro.customer_id in (
        select c.id from customer c where c.store_id = ${ctx.storeId} and c.cellular = ${ctx.customer.cellular ?? ''}))
    order by ro.service_vehicle_id is not distinct from ${ctx.serviceVehicleId} desc, ro.open_date desc, ro.id desc
    limit 1`;
  return ro ?? null;
}
