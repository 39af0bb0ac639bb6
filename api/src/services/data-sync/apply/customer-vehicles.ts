import type { MatchRule } from '@drivebay/shared';
import type { Sql } from '../../../db/database';

/** What applying a batch of customer-vehicle rows did. */
export type CustomerApplyResult = {
  created: number;
  updated: number;
  unchanged: number;
  /** Vehicles added or changed. */
  vehicles: number;
  /** Odometer readings added. */
  readings: number;
  /** Customers created or changed, with the rule that recognised a known one. */
  events: { customerId: number; action: 'CREATED' | 'UPDATED'; matchedOn: MatchRule | null }[];
};

export type ApplyOptions = {
  batchKey: string;
  bocId: number;
  storeId: number;
  /** The source the rows came from: its customer numbers are remembered (customer_source_key). */
  dataSourceId: number | null;
  /** Where the odometer readings came from, as odometer_reading.source names it. */
  readingSource: 'RO' | 'IMPORT' | 'SALE';
  /** Whether to answer each customer touched (syncs record them; a file's report needs counts only). */
  withEvents?: boolean;
};

/**
 * Applies the staged rows of a batch as customers and vehicles of a BOC, in the caller's
 * transaction, with the one identity rule (docs/data-sync.md): a row's customer is, in order,
 * the customer this source's customer number was matched to before; the BOC's customer with that
 * customer number; the BOC's customer who has the row's VIN; the one BOC customer with the row's
 * phone and last name. Otherwise it is a new customer of the store. Values only overwrite when
 * they differ and are present, odometers never go down, and readings already known are not added
 * again, so applying the same rows twice changes nothing.
 */
export async function applyCustomerVehicles(tx: Sql, o: ApplyOptions): Promise<CustomerApplyResult> {
  // The file's rows are sorted (last row wins), hashed against the BOC's customers and vehicles and
  // written through a trigram index whose pending entries are merged in memory: with the default
  // 4 MB each of these spills to disk or merges in many small rounds at 100,000 rows.
  await tx`set local work_mem = '64MB'`;
  await tx`
    create temp table ds_cust on commit drop as
    select distinct on (custno) custno, first_name, last_name, phone, email,
      null::bigint as customer_id, null::text as matched_on, false as created, false as updated
    from import_staging where batch_key = ${o.batchKey} and custno is not null
    order by custno, row_number desc`;
  // Fresh tables have no statistics: without them the planner joins tens of thousands of rows by
  // nested loops (measured: the phone step alone took 10 s for 100,000 rows). With them every
  // step is a hash join, so ds_cust needs no index (an index on custno cost more to build than the
  // joins it was never used by).
  await tx`analyze ds_cust`;
  await tx`analyze import_staging`;
  if (o.dataSourceId !== null) {
    await tx`
      update ds_cust t set customer_id = k.customer_id, matched_on = 'SOURCE_KEY'
      from customer_source_key k join customer c on c.id = k.customer_id and c.boc_id = ${o.bocId}
      where k.data_source_id = ${o.dataSourceId} and k.external_key = t.custno`;
  }
  await tx`
    update ds_cust t set customer_id = c.id, matched_on = 'CUSTOMER_NUMBER'
    from customer c where t.customer_id is null and c.boc_id = ${o.bocId} and c.custno = t.custno`;
  await tx`
    update ds_cust t set customer_id = m.customer_id, matched_on = 'VIN'
    from (
      select s.custno, min(c.id) as customer_id
      from import_staging s join service_vehicle v on v.vin = s.vin join customer c on c.id = v.customer_id and c.boc_id = ${o.bocId}
      where s.batch_key = ${o.batchKey} and s.vin is not null and s.custno is not null
      group by s.custno
    ) m
    where t.customer_id is null and m.custno = t.custno`;
  await tx`
    update ds_cust t set customer_id = m.id, matched_on = 'PHONE'
    from (
      select c.cellular, lower(c.last_name) as last_name, min(c.id) as id, count(*) as n
      from customer c
      where c.boc_id = ${o.bocId} and c.cellular in (select phone from ds_cust where customer_id is null and phone is not null)
      group by 1, 2
    ) m
    where t.customer_id is null and t.phone = m.cellular and lower(t.last_name) = m.last_name and m.n = 1`;
  await tx`
    with ins as (
      insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, email)
      select ${o.bocId}, ${o.storeId}, custno, coalesce(first_name, ''), coalesce(last_name, ''), phone, email
      from ds_cust where customer_id is null
      on conflict (boc_id, custno) do nothing
      returning id, custno
    )
    update ds_cust t set customer_id = ins.id, matched_on = null, created = true from ins where ins.custno = t.custno`;
  await tx`
    with u as (
      select distinct on (customer_id) customer_id, first_name, last_name, phone, email
      from ds_cust where not created and customer_id is not null order by customer_id, custno
    ), upd as (
      update customer c set
        first_name = coalesce(u.first_name, c.first_name),
        last_name = coalesce(u.last_name, c.last_name),
        cellular = coalesce(u.phone, c.cellular),
        email = coalesce(u.email, c.email)
      from u
      where c.id = u.customer_id and (
        coalesce(u.first_name, c.first_name) is distinct from c.first_name or
        coalesce(u.last_name, c.last_name) is distinct from c.last_name or
        coalesce(u.phone, c.cellular) is distinct from c.cellular or
        coalesce(u.email, c.email) is distinct from c.email)
      returning c.id
    )
    update ds_cust t set updated = true from upd where upd.id = t.customer_id`;
  if (o.dataSourceId !== null) {
    await tx`
      insert into customer_source_key (data_source_id, external_key, customer_id)
      select ${o.dataSourceId}, custno, customer_id from ds_cust where customer_id is not null
      on conflict (data_source_id, external_key) do update set customer_id = excluded.customer_id
      where customer_source_key.customer_id <> excluded.customer_id`;
  }

  await tx`
    create temp table ds_veh on commit drop as
    select distinct on (t.customer_id, s.vin) t.customer_id, s.vin, s.make, s.model, s.year, s.odometer, s.read_on
    from import_staging s join ds_cust t on t.custno = s.custno
    where s.batch_key = ${o.batchKey} and s.vin is not null and t.customer_id is not null
    order by t.customer_id, s.vin, s.row_number desc`;
  await tx`analyze ds_veh`;
  // The vehicles written, with whether each is new: a new vehicle has no readings yet, so its
  // reading goes in without looking the vehicle up again or searching its readings.
  await tx`
    create temp table ds_vid on commit drop as
    with up as (
      insert into service_vehicle (customer_id, vin, make, model, year, odometer)
      select customer_id, vin, coalesce(make, ''), coalesce(model, ''), coalesce(year, 0), odometer from ds_veh
      on conflict (customer_id, vin) do update set
        make = coalesce(nullif(excluded.make, ''), service_vehicle.make),
        model = coalesce(nullif(excluded.model, ''), service_vehicle.model),
        year = case when excluded.year > 0 then excluded.year else service_vehicle.year end,
        odometer = greatest(service_vehicle.odometer, excluded.odometer)
      where coalesce(nullif(excluded.make, ''), service_vehicle.make) is distinct from service_vehicle.make
        or coalesce(nullif(excluded.model, ''), service_vehicle.model) is distinct from service_vehicle.model
        or (excluded.year > 0 and excluded.year is distinct from service_vehicle.year)
        or greatest(service_vehicle.odometer, excluded.odometer) is distinct from service_vehicle.odometer
      returning id, customer_id, vin, xmax = 0 as inserted
    )
    select * from up`;
  await tx`analyze ds_vid`;
  const [veh] = await tx<{ n: number }[]>`select count(*)::int as n from ds_vid`;
  const [readings] = await tx<{ n: number }[]>`
    with ins as (
      insert into odometer_reading (service_vehicle_id, read_on, odometer, source)
      select x.id, coalesce(d.read_on, current_date), d.odometer, ${o.readingSource}
      from ds_veh d join ds_vid x on x.customer_id = d.customer_id and x.vin = d.vin
      where d.odometer is not null and x.inserted
      union all
      select v.id, coalesce(d.read_on, current_date), d.odometer, ${o.readingSource}
      from ds_veh d join service_vehicle v on v.customer_id = d.customer_id and v.vin = d.vin
      where d.odometer is not null
        and not exists (select 1 from ds_vid x where x.customer_id = d.customer_id and x.vin = d.vin and x.inserted)
        and not exists (select 1 from odometer_reading r where r.service_vehicle_id = v.id and r.odometer = d.odometer)
      returning 1
    )
    select count(*)::int as n from ins`;

  const counts = await tx<{ created: number; updated: number; total: number }[]>`
    select count(*) filter (where created)::int as created, count(*) filter (where updated)::int as updated, count(*)::int as total from ds_cust`;
  const events = o.withEvents === false ? [] : await tx<{ customerId: number; created: boolean; matchedOn: MatchRule | null }[]>`
    select distinct on (customer_id) customer_id, created, matched_on from ds_cust where created or updated order by customer_id, created desc`;
  const c = counts[0]!;
  await tx`drop table ds_vid`;
  await tx`drop table ds_veh`;
  await tx`drop table ds_cust`;
  return {
    created: c.created,
    updated: c.updated,
    unchanged: c.total - c.created - c.updated,
    vehicles: veh!.n,
    readings: readings!.n,
    events: events.map((e) => ({ customerId: e.customerId, action: e.created ? 'CREATED' : 'UPDATED', matchedOn: e.created ? null : e.matchedOn })),
  };
}

/** The customer each custno of a batch was applied to (for sales and repair orders of the same sync). */
export async function customerIdsOf(tx: Sql, o: { bocId: number; dataSourceId: number | null; custnos: string[] }): Promise<Map<string, number>> {
  if (!o.custnos.length) return new Map();
  const rows = await tx<{ custno: string; customerId: number }[]>`
    select u.custno, coalesce(k.customer_id, c.id) as customer_id
    from unnest(${o.custnos}::text[]) as u(custno)
    left join customer_source_key k on k.data_source_id = ${o.dataSourceId} and k.external_key = u.custno
    left join customer c on c.boc_id = ${o.bocId} and c.custno = u.custno`;
  return new Map(rows.filter((r) => r.customerId !== null).map((r) => [r.custno, Number(r.customerId)]));
}
