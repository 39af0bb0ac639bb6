import type { Sql } from '../db/database';

export type LargeStoreOptions = {
  bocId: number;
  /** Code of the new store (unique within the BOC). */
  code: string;
  vehicles: number;
  /** Closed repair orders per vehicle (each also an odometer reading). */
  repairOrdersPerVehicle: number;
  /** The day the histories lead up to (`YYYY-MM-DD`). */
  asOf: string;
};

/**
 * A large store for the planner benchmark, generated inside the database (generate_series), so a
 * store of 200,000 vehicles and a million closed repair orders takes a minute, not an hour: one
 * customer and vehicle each, a sale spread over four years (four in five new), a delivery reading,
 * repair orders every few months with their odometer readings and service types, and a few
 * customers opted out, blocked or without a mobile number.
 */
export async function generateLargeStore(sql: Sql, o: LargeStoreOptions): Promise<number> {
  const [store] = await sql<{ id: number }[]>`
    insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display, address, brand)
    values (${o.bocId}, ${o.code}, ${`Bench Toyota ${o.code}`}, 'America/New_York', 'Eastern Time (ET)', '1 Bench Rd, Albany, NY 12207', 'Toyota')
    returning id`;
  const storeId = store!.id;
  await sql`
    insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, block_sms)
    select ${o.bocId}, ${storeId}, ${o.code} || '-' || g, 'Bench', 'Customer ' || g,
      case when g % 33 = 0 then null else '+1518' || lpad((g % 10000000)::text, 7, '0') end, g % 50 = 0
    from generate_series(1, ${o.vehicles}) g`;
  await sql`
    insert into service_vehicle (customer_id, vin, make, model, year)
    select c.id, ${o.code} || lpad(c.id::text, 12, '0'), 'Toyota', (array['Camry','RAV4','Corolla','Highlander'])[1 + c.id % 4], 2022
    from customer c where c.store_id = ${storeId}`;
  await sql`
    insert into sale (store_id, customer_id, service_vehicle_id, sold_date, deal_type)
    select ${storeId}, v.customer_id, v.id, ${o.asOf}::date - ((v.id * 37) % 1460)::int, case when v.id % 5 = 0 then 'Used' else 'New' end
    from service_vehicle v join customer c on c.id = v.customer_id where c.store_id = ${storeId}`;
  await sql`
    insert into odometer_reading (service_vehicle_id, read_on, odometer, source)
    select s.service_vehicle_id, s.sold_date + 2, case when s.deal_type = 'New' then 8 else 30000 end, 'SALE'
    from sale s where s.store_id = ${storeId}`;
  // Repair orders every 90 to 150 days after the sale, while before the day; 20 to 45 miles a day.
  await sql`
    with visits as (
      select s.service_vehicle_id as vehicle_id, s.customer_id, s.sold_date, s.deal_type, k,
        s.sold_date + k * (90 + (s.service_vehicle_id % 61))::int as visit_on,
        20 + s.service_vehicle_id % 26 as rate
      from sale s cross join generate_series(1, ${o.repairOrdersPerVehicle}) k
      where s.store_id = ${storeId}
    ),
    ros as (
      insert into repair_order (store_id, ro_number, customer_id, service_vehicle_id, status_code, order_key, open_date, close_date, service_types)
      select ${storeId}, ${o.code} || '-' || vehicle_id || '-' || k, customer_id, vehicle_id, 'CLOSED', 'a0',
        (least(visit_on, ${o.asOf}::date - 1) + time '09:00') at time zone 'America/New_York',
        (least(visit_on, ${o.asOf}::date - 1) + time '15:00') at time zone 'America/New_York',
        array[(array['OIL_CHANGE','OIL_CHANGE_10K','CHECK_UP','STATE_INSPECTION','SVC_7500','OIL_CHANGE_15K'])[1 + (vehicle_id + k) % 6]]
      from visits
      returning 1
    )
    insert into odometer_reading (service_vehicle_id, read_on, odometer, source)
    select vehicle_id, least(visit_on, ${o.asOf}::date - 1),
      case when deal_type = 'New' then 8 else 30000 end + rate * (least(visit_on, ${o.asOf}::date - 1) - sold_date), 'RO'
    from visits`;
  await sql`
    insert into mark (target, customer_id, intent_type, value)
    select 'CUSTOMER', c.id, 'SMS_OPT_OUT', 'true' from customer c where c.store_id = ${storeId} and c.id % 41 = 0`;
  await sql`analyze`;
  return storeId;
}
