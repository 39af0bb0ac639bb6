import { FALLBACK_DAILY_MILES, type ResolvedPlanner } from '@drivebay/shared';
import type postgres from 'postgres';
import type { Sql } from '../../db/database';
import { contactFlags, contactReason } from './contact-reasons';

/** Where and when a planner runs, and which vehicles it looks at. */
export type DueScope = {
  planner: ResolvedPlanner;
  storeId: number;
  /** The store's office zone: repair orders close at instants, the planner counts in days. */
  zone: string;
  plannerDate: string;
  minimumDays: number;
  maximumDays: number;
  custNo?: string | undefined;
  soldDate?: string | undefined;
  /** Only vehicles with a larger id (a transfer walks the list in id order, a batch at a time). */
  afterVehicleId?: number | undefined;
};

const lower = (list: readonly string[] | null) => (list ? list.map((s) => s.toLowerCase()) : null);

/**
 * Every vehicle of the store the planner applies to, with its due date, the why of it, and the
 * first reason it is left out (null: it is on the list). One statement, set-based: each vehicle's
 * readings, services and marks are reached through indexes, never by a round trip per vehicle.
 * The arithmetic mirrors predictDue in shared (planners/rules.ts) to the day.
 */
export function classifiedVehicles(sql: Sql, s: DueScope): postgres.PendingQuery<postgres.Row[]> {
  const p = s.planner;
  const performed = [...p.performedBy];
  const none = sql``;
  // The statement is written for the planner at hand: filters, joins and arithmetic it does not
  // need are left out rather than switched off by parameters, so the plan is the one a person
  // would write for that planner.
  const makes = lower(p.makes);
  const models = lower(p.models);
  const dealTypes = p.dealTypes ? [...p.dealTypes] : null;
  const filters = [
    s.custNo !== undefined ? sql`and c.custno = ${s.custNo}` : none,
    s.soldDate !== undefined ? sql`and sl.sold_date = ${s.soldDate}::date` : none,
    s.afterVehicleId !== undefined ? sql`and sv.id > ${s.afterVehicleId}` : none,
    makes ? sql`and lower(sv.make) = any(${makes}::text[])` : none,
    models ? sql`and lower(sv.model) = any(${models}::text[])` : none,
    dealTypes ? sql`and sl.deal_type = any(${dealTypes}::text[])` : none,
  ];
  const windowStart = sql`(${s.plannerDate}::date + ${s.minimumDays}::int)`;
  // A due date is never after the time rule's (the earlier of mileage and time wins), so a vehicle
  // whose time-due date falls before the window cannot be on it: for a one-time rule counted from
  // the sale, a sale older than the window start less the rule's days is left out before its
  // readings and services are looked up. Likewise a planner with an age limit.
  const oldestSale = [
    p.anchor === 'SALE' && p.firstDays !== null && p.repeatDays === null ? sql`and sl.sold_date >= ${windowStart} - ${p.firstDays}::int` : none,
    p.maxAgeDays !== null ? sql`and sl.sold_date >= ${windowStart} - ${p.maxAgeDays}::int` : none,
  ];
  const timeDue =
    p.firstDays === null
      ? sql`null::date`
      : p.repeatDays === null
        ? sql`t.anchor_date + ${p.firstDays}::int`
        : sql`case when t.anchor_date + ${p.firstDays}::int < ${windowStart}
            then t.anchor_date + ${p.firstDays}::int + ceil((${windowStart} - (t.anchor_date + ${p.firstDays}::int))::numeric / ${p.repeatDays}::int)::int * ${p.repeatDays}::int
            else t.anchor_date + ${p.firstDays}::int end`;
  const anchor = p.anchor === 'SALE' ? sql`f.sold_date` : p.anchor === 'LAST_RO' ? sql`f.lr_on` : sql`f.al_on`;
  return sql`
    with base as (
      -- Only what the rule needs travels through the statement; names and VINs are joined to the
      -- page shown (a narrow row keeps the store-wide joins in memory).
      select sv.id as vehicle_id, sv.customer_id, sv.make, c.cellular, c.block_sms, sl.sold_date, sl.deal_type
      from customer c
      join service_vehicle sv on sv.customer_id = c.id
      join lateral (
        select sold_date, deal_type from sale where service_vehicle_id = sv.id order by sold_date desc, id desc limit 1
      ) sl on true
      where c.store_id = ${s.storeId} ${filters} ${oldestSale}
    ),
    facts as (
      select b.*, r.on_[1] as r1_on, r.odo[1] as r1_odo, r.on_[2] as r2_on, r.odo[2] as r2_odo,
        ${p.dueMiles !== null ? sql`d.odometer` : sql`null::int`} as d_odo,
        lm.closed_on as lm_on, lm.ro_number as lm_ro,
        ${p.anchor === 'LAST_RO' ? sql`lr.closed_on` : sql`null::date`} as lr_on,
        ${p.anchor === 'ALERT' ? sql`al.read_on` : sql`null::date`} as al_on
      from base b
      left join lateral (
        select array_agg(read_on order by read_on desc, id desc) as on_, array_agg(odometer order by read_on desc, id desc) as odo
        from (select read_on, odometer, id from odometer_reading where service_vehicle_id = b.vehicle_id order by read_on desc, id desc limit 2) t
      ) r on true
      ${
        p.dueMiles !== null
          ? sql`left join lateral (
        select odometer from odometer_reading
        where service_vehicle_id = b.vehicle_id and read_on between b.sold_date and b.sold_date + 30
        order by read_on, id limit 1
      ) d on true`
          : none
      }
      left join lateral (
        select (close_date at time zone ${s.zone})::date as closed_on, ro_number from repair_order
        where service_vehicle_id = b.vehicle_id and close_date is not null and service_types && ${performed}::text[]
        order by close_date desc limit 1
      ) lm on true
      ${
        p.anchor === 'LAST_RO'
          ? sql`left join lateral (
        select (close_date at time zone ${s.zone})::date as closed_on from repair_order
        where service_vehicle_id = b.vehicle_id and close_date is not null
        order by close_date desc limit 1
      ) lr on true`
          : none
      }
      ${
        p.anchor === 'ALERT'
          ? sql`left join lateral (
        select read_on from odometer_reading
        where service_vehicle_id = b.vehicle_id and alert_code is not null
        order by read_on desc limit 1
      ) al on true`
          : none
      }
    ),
    readings as (
      select f.*,
        ${anchor} as anchor_date,
        coalesce(f.r1_on, case when f.deal_type = 'New' then f.sold_date end) as l_on,
        case when f.r1_on is not null then f.r1_odo when f.deal_type = 'New' then 0 end as l_odo,
        case when f.r2_on is not null then f.r2_on
             when f.r1_on is not null and f.deal_type = 'New' and f.r1_on > f.sold_date then f.sold_date end as p_on,
        case when f.r2_on is not null then f.r2_odo
             when f.r1_on is not null and f.deal_type = 'New' and f.r1_on > f.sold_date then 0 end as p_odo,
        ${p.dueMiles === null ? sql`null::int` : sql`coalesce(f.d_odo, case when f.deal_type = 'New' then 0 end) + ${p.dueMiles}::int`} as target_odo
      from facts f
    ),
    rated as (
      select r.*, own as own_rate,
        case when own then r.l_odo - r.p_odo else ${FALLBACK_DAILY_MILES}::int end as rate_miles,
        case when own then r.l_on - r.p_on else 1 end as rate_days
      from readings r, lateral (select coalesce(r.p_on is not null and r.l_on > r.p_on and r.l_odo >= r.p_odo, false) as own) o
    ),
    timed as (
      select t.*,
        case when t.target_odo is not null and t.l_on is not null and t.rate_miles > 0
             then t.l_on + ceil(((t.target_odo - t.l_odo)::numeric * t.rate_days) / t.rate_miles)::int end as mileage_due,
        case when t.anchor_date is null then null::date else ${timeDue} end as time_due
      from rated t
    ),
    dated as (
      select d.*, least(d.mileage_due, d.time_due) as due_date
      from timed d
      where d.anchor_date is not null
    ),
    windowed as (
      select w.* from dated w
      where w.due_date is not null
        ${p.maxAgeDays !== null ? sql`and w.due_date <= w.sold_date + ${p.maxAgeDays}::int` : none}
        and w.due_date between ${windowStart} and ${s.plannerDate}::date + ${s.maximumDays}::int
    ),
    -- Materialized: the reasons below read each flag once (the due vehicles are few).
    flagged as materialized (
      select w.*,
        (w.lm_on is not null and w.lm_on >= ${p.repeatDays !== null ? sql`w.due_date - ${p.repeatDays}::int` : sql`w.anchor_date`}) as performed,
        ${contactFlags(sql, s.storeId)}
      from windowed w
    )
    select f.*,
      case when f.performed then 'SERVICE_PERFORMED' else ${contactReason(sql)} end as reason
    from flagged f`;
}

/**
 * Runs statements over the classified list without just-in-time compilation: the rule's
 * expressions, inlined through the CTEs, are large, and compiling them costs more (a few hundred
 * milliseconds) than the index lookups they run over.
 */
export async function withoutJit<T>(sql: Sql, run: (tx: Sql) => Promise<T>): Promise<T> {
  return (await sql.begin(async (tx) => {
    await tx`set local jit = off`;
    return run(tx as unknown as Sql);
  })) as T;
}
