import { SALES_SERVICE_TYPES, type DashboardTab, type ReportCounters } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/**
 * The dashboard's counters computed the straightforward way, by grouping the raw messages and
 * appointments, without the report rows. Tests hold the report rows to it, and the benchmark
 * measures what the report rows buy against it.
 */
export async function rawDashboardCounters(
  sql: Sql,
  o: { enterpriseId: number; storeIds: number[]; tab: DashboardTab; from: Date; to: Date },
): Promise<ReportCounters> {
  const sales = SALES_SERVICE_TYPES as string[];
  const [row] = await sql<{ contacted: number; responded: number; engaged: number; booked: number }[]>`
    with per_fsi as (
      select m.future_service_interaction_id as id,
        min(m.created_on) filter (where m.direction <> 'RECEIVED') as contacted_on,
        min(m.created_on) filter (where m.direction = 'RECEIVED') as responded_on,
        (array_agg(m.created_on order by m.created_on) filter (where m.direction = 'RECEIVED'))[2] as engaged_on
      from message_instance m
      join future_service_interaction i on i.id = m.future_service_interaction_id
      where m.store_id = any(${o.storeIds}) and m.message_type in ('SMS', 'EMAIL')
        and ${o.tab === 'SALES' ? sql`i.service_type = any(${sales})` : sql`i.service_type <> all(${sales})`}
      group by m.future_service_interaction_id
    ), booked as (
      select a.future_service_interaction_id as id, min(a.created_on) as booked_on
      from appointment a join future_service_interaction i on i.id = a.future_service_interaction_id
      where i.store_id = any(${o.storeIds})
        and ${o.tab === 'SALES' ? sql`i.service_type = any(${sales})` : sql`i.service_type <> all(${sales})`}
      group by a.future_service_interaction_id
    )
    select
      (select count(*) from per_fsi where contacted_on >= ${o.from} and contacted_on < ${o.to})::int as contacted,
      (select count(*) from per_fsi where responded_on >= ${o.from} and responded_on < ${o.to})::int as responded,
      (select count(*) from per_fsi where engaged_on >= ${o.from} and engaged_on < ${o.to})::int as engaged,
      (select count(*) from booked where booked_on >= ${o.from} and booked_on < ${o.to})::int as booked`;
  return { CONTACTED: row!.contacted, RESPONDED: row!.responded, ENGAGED: row!.engaged, APPT_BOOKING: row!.booked };
}
