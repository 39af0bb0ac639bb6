import { SMS_OPT_OUT_MARK, auditSearchSchema, type AuditPage, type PlannerCode, type ServiceType } from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

type Search = z.output<typeof auditSearchSchema>;

/**
 * What earlier transfers created and what came of it. An interaction counts as responded when
 * the customer answered, booked when an appointment was set (and not cancelled), showed when that
 * appointment was checked in or completed, opted out when the customer has since stopped texts.
 */
export async function auditPlannerSearch(sql: Sql, user: SessionUser, q: Search): Promise<AuditPage> {
  await assertStoreAccess(sql, user, q.store_id);
  const planner = q.planner ?? null;
  const start = q.startDate ?? null;
  const end = q.endDate ?? null;
  const outcomes = sql`
    select t.run_id, r.planner_code, r.planner_date, r.created_on, t.future_service_interaction_id as interaction_id,
      t.service_type, t.due_date, c.first_name, c.last_name, v.vin, f.conversation_initiated as initiated,
      (f.responded_to_ai or exists (select 1 from message_instance m where m.future_service_interaction_id = f.id and m.direction = 'RECEIVED')) as responded,
      (f.appointment_set or exists (select 1 from appointment a where a.future_service_interaction_id = f.id and a.appt_status not in ('CANCELLED'))) as booked,
      exists (select 1 from appointment a where a.future_service_interaction_id = f.id and a.appt_status in ('CHECKED_IN', 'COMPLETED')) as showed,
      (c.block_sms or exists (select 1 from mark k where k.target = 'CUSTOMER' and k.customer_id = c.id and k.intent_type = ${SMS_OPT_OUT_MARK})) as opted_out
    from planner_transfer t
    join planner_run r on r.id = t.run_id
    join future_service_interaction f on f.id = t.future_service_interaction_id
    join customer c on c.id = t.customer_id
    join service_vehicle v on v.id = t.service_vehicle_id
    where t.store_id = ${q.store_id}
      and (${planner}::text is null or r.planner_code = ${planner})
      and (${start}::date is null or t.planner_date >= ${start}::date)
      and (${end}::date is null or t.planner_date <= ${end}::date)`;

  if (q.auditType === 1) {
    const rows = await sql<
      { runId: number; plannerCode: PlannerCode; plannerName: string; plannerDate: string; transferredOn: Date; transferred: number; responded: number; booked: number; showed: number; optedOut: number; total: number }[]
    >`
      with o as (${outcomes})
      select o.run_id, o.planner_code, d.name as planner_name, o.planner_date::text as planner_date, min(o.created_on) as transferred_on,
        count(*)::int as transferred, count(*) filter (where responded)::int as responded, count(*) filter (where booked)::int as booked,
        count(*) filter (where showed)::int as showed, count(*) filter (where opted_out)::int as opted_out, count(*) over ()::int as total
      from o join planner_run r on r.id = o.run_id join planner_definition d on d.id = r.definition_id
      group by o.run_id, o.planner_code, d.name, o.planner_date
      order by o.planner_date desc, o.run_id desc limit ${q.size} offset ${q.page * q.size}`;
    return {
      auditType: 1,
      summary: rows.map((r) => ({
        runId: Number(r.runId),
        planner: r.plannerCode,
        plannerName: r.plannerName,
        plannerDate: r.plannerDate,
        transferredOn: new Date(r.transferredOn).toISOString(),
        transferred: r.transferred,
        responded: r.responded,
        booked: r.booked,
        showed: r.showed,
        optedOut: r.optedOut,
      })),
      content: [],
      page: q.page,
      size: q.size,
      totalElements: rows[0]?.total ?? 0,
    };
  }

  const rows = await sql<
    { interactionId: number; runId: number; plannerCode: PlannerCode; plannerDate: string; firstName: string; lastName: string; vin: string; serviceType: ServiceType; dueDate: string; initiated: boolean; responded: boolean; booked: boolean; showed: boolean; optedOut: boolean; total: number }[]
  >`
    with o as (${outcomes})
    select interaction_id, run_id, planner_code, planner_date::text as planner_date, first_name, last_name, vin, service_type, due_date::text as due_date,
      initiated, responded, booked, showed, opted_out, count(*) over ()::int as total
    from o order by planner_date desc, interaction_id desc limit ${q.size} offset ${q.page * q.size}`;
  return {
    auditType: 2,
    summary: [],
    content: rows.map((r) => ({
      interactionId: Number(r.interactionId),
      runId: Number(r.runId),
      planner: r.plannerCode,
      plannerDate: r.plannerDate,
      customerName: `${r.firstName} ${r.lastName}`.trim(),
      vin: r.vin,
      serviceType: r.serviceType,
      dueDate: r.dueDate,
      initiated: r.initiated,
      responded: r.responded,
      booked: r.booked,
      showed: r.showed,
      optedOut: r.optedOut,
    })),
    page: q.page,
    size: q.size,
    totalElements: rows[0]?.total ?? 0,
  };
}
