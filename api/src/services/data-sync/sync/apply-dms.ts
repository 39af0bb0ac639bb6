import { keyBetween } from '@drivebay/shared/docs';
import type { Sql } from '../../../db/database';
import { keyAtLaneEnd } from '../../boards/feed-moves';
import type { DmsClosedRepairOrder, DmsSale } from '../dms/port';

/** Adds the sales not yet known (same customer, vehicle and day); returns how many were added. */
export async function applySales(tx: Sql, o: { storeId: number; sales: DmsSale[]; customerIds: Map<string, number> }): Promise<number> {
  const rows = o.sales.filter((s) => o.customerIds.has(s.customerNumber));
  if (!rows.length) return 0;
  const [r] = await tx<{ n: number }[]>`
    with s as (
      select * from unnest(${rows.map((s) => o.customerIds.get(s.customerNumber)!)}::bigint[], ${rows.map((s) => s.vin)}::text[],
        ${rows.map((s) => s.soldDate)}::date[], ${rows.map((s) => s.dealType)}::text[], ${rows.map((s) => s.salePrice)}::numeric[])
        as s(customer_id, vin, sold_date, deal_type, price)
    ), ins as (
      insert into sale (store_id, customer_id, service_vehicle_id, sold_date, deal_type, sale_price)
      select ${o.storeId}, s.customer_id, v.id, s.sold_date, s.deal_type, s.price
      from s left join service_vehicle v on v.customer_id = s.customer_id and v.vin = s.vin
      where not exists (select 1 from sale x where x.customer_id = s.customer_id and x.sold_date = s.sold_date and x.service_vehicle_id is not distinct from v.id)
      returning 1
    )
    select count(*)::int as n from ins`;
  return r!.n;
}

/**
 * Adds the closed repair orders not yet known (by RO number in the store), with the vehicle's
 * odometer reading and last service day; returns how many orders and readings were added.
 */
export async function applyClosedRepairOrders(
  tx: Sql,
  o: { storeId: number; orders: DmsClosedRepairOrder[]; customerIds: Map<string, number> },
): Promise<{ orders: number; readings: number }> {
  const rows = o.orders.filter((r) => o.customerIds.has(r.customerNumber));
  if (!rows.length) return { orders: 0, readings: 0 };
  const keys: string[] = [];
  let key = await keyAtLaneEnd(tx, o.storeId, 'CLOSED');
  for (let i = 0; i < rows.length; i++) {
    keys.push(key);
    key = keyBetween(key, null);
  }
  const [r] = await tx<{ n: number }[]>`
    with s as (
      select * from unnest(${rows.map((x) => x.roNumber)}::text[], ${rows.map((x) => o.customerIds.get(x.customerNumber)!)}::bigint[],
        ${rows.map((x) => x.vin)}::text[], ${rows.map((x) => x.openDate)}::timestamptz[], ${rows.map((x) => x.closeDate)}::timestamptz[],
        ${rows.map((x) => x.advisorNumber ?? '')}::text[], ${keys}::text[])
        as s(ro_number, customer_id, vin, open_date, close_date, advisor_no, order_key)
    ), ins as (
      insert into repair_order (store_id, ro_number, customer_id, service_vehicle_id, advisor_id, status_code, order_key, open_date, close_date, updated_on)
      select ${o.storeId}, s.ro_number, s.customer_id, v.id, a.id, 'CLOSED', s.order_key, s.open_date, s.close_date, s.close_date
      from s
      left join service_vehicle v on v.customer_id = s.customer_id and v.vin = s.vin
      left join service_advisor a on a.store_id = ${o.storeId} and a.advisor_no = s.advisor_no
      on conflict (store_id, ro_number) do nothing
      returning 1
    )
    select count(*)::int as n from ins`;
  const [readings] = await tx<{ n: number }[]>`
    with s as (
      select * from unnest(${rows.map((x) => o.customerIds.get(x.customerNumber)!)}::bigint[], ${rows.map((x) => x.vin)}::text[],
        ${rows.map((x) => x.closeDate.slice(0, 10))}::date[], ${rows.map((x) => x.odometer)}::int[])
        as s(customer_id, vin, read_on, odometer)
    ), v as (
      select distinct on (sv.id, s.odometer) sv.id, s.read_on, s.odometer
      from s join service_vehicle sv on sv.customer_id = s.customer_id and sv.vin = s.vin
      order by sv.id, s.odometer, s.read_on
    ), upd as (
      update service_vehicle sv set last_service_date = x.read_on, odometer = greatest(sv.odometer, x.odometer)
      from (select id, max(read_on) as read_on, max(odometer) as odometer from v group by id) x
      where sv.id = x.id and (sv.last_service_date is null or sv.last_service_date < x.read_on or sv.odometer is distinct from greatest(sv.odometer, x.odometer))
      returning 1
    ), ins as (
      insert into odometer_reading (service_vehicle_id, read_on, odometer, source)
      select v.id, v.read_on, v.odometer, 'RO' from v
      where not exists (select 1 from odometer_reading r where r.service_vehicle_id = v.id and r.odometer = v.odometer)
      returning 1
    )
    select (select count(*) from ins)::int as n, (select count(*) from upd)::int as u`;
  return { orders: r!.n, readings: readings!.n };
}
