import {
  APPOINTMENT_STATUSES,
  DEFAULT_STATUS_REPORT_SERVICE_TYPE,
  NO_RESPONSE_AT_ALL_LEAD,
  type AppointmentDatewise,
  type AppointmentDetailPage,
  type AppointmentDetailRequest,
  type AppointmentReportKind,
  type AppointmentStatus,
  type AppointmentSummary,
  type ReportFilter,
  type StatusCounts,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { isoDates } from './iso';
import { narrowToStore, paging, resolveReportScope, scopeOut, type ResolvedScope } from './scope';

/** The service types of a status report: the body's, or SALES_THANKS (spec §9). */
export const statusReportServiceTypes = (f: ReportFilter): string[] => (f.serviceTypes?.length ? f.serviceTypes : [DEFAULT_STATUS_REPORT_SERVICE_TYPE]);

/**
 * Which appointments a kind of report looks at, as a condition on `a` (appointment), `i` (its
 * conversation) and `f` (the conversation's report row). See docs/reports.md.
 */
function kindCondition(sql: Sql, kind: AppointmentReportKind) {
  switch (kind) {
    case 'status':
      return sql`true`;
    case 'handoff':
      return sql`exists (select 1 from workflow_track_event w where w.future_service_interaction_id = i.id
        and w.track like '%HANDOFF%' and w.created_on <= a.created_on)`;
    case 'unresponsive':
      return sql`(f.responded_on is null or f.responded_on > a.created_on)`;
    case 'nraa':
      return sql`(f.inbound_count = 0 or i.lead_response_status = ${NO_RESPONSE_AT_ALL_LEAD})`;
  }
}

function appointmentWhere(sql: Sql, scope: ResolvedScope, f: ReportFilter, kind: AppointmentReportKind) {
  return sql`a.store_id = any(${scope.storeIds}) and a.start_date >= ${scope.from} and a.start_date < ${scope.to}
    and i.service_type = any(${statusReportServiceTypes(f)}) and ${kindCondition(sql, kind)}`;
}

const FROM = (sql: Sql) => sql`appointment a
  join future_service_interaction i on i.id = a.future_service_interaction_id
  join report_interaction_fact f on f.future_service_interaction_id = i.id`;

type Totals = StatusCounts & { total: number; showRate: number | null };

const emptyCounts = (): StatusCounts => Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as StatusCounts;

/** Came in (checked in or completed) of those that came or did not show; null when none. */
export function showRate(c: StatusCounts): number | null {
  const came = c.CHECKED_IN + c.COMPLETED;
  const due = came + c.NO_SHOW;
  return due === 0 ? null : Math.round((came / due) * 1000) / 1000;
}

function totalsOf(rows: { status: AppointmentStatus; n: number }[]): Totals {
  const c = emptyCounts();
  for (const r of rows) c[r.status] += r.n;
  return { ...c, total: rows.reduce((a, r) => a + r.n, 0), showRate: showRate(c) };
}

export async function appointmentSummary(sql: Sql, user: SessionUser, body: ReportFilter, kind: AppointmentReportKind, now = new Date()): Promise<AppointmentSummary> {
  const scope = await resolveReportScope(sql, user, body, now);
  const rows = scope.storeIds.length
    ? await sql<{ storeId: number; storeName: string; bocId: number; bocName: string; serviceType: string; status: AppointmentStatus; n: number }[]>`
        select a.store_id, s.store_name, b.id as boc_id, b.boc_name, i.service_type, a.appt_status as status, count(*)::int as n
        from ${FROM(sql)} join store s on s.id = a.store_id join boc b on b.id = s.boc_id
        where ${appointmentWhere(sql, scope, body, kind)}
        group by 1, 2, 3, 4, 5, 6 order by 1, 5`
    : [];
  type Row = (typeof rows)[number];
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.storeId}|${r.serviceType}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
  return {
    scope: scopeOut(scope),
    rows: [...groups.values()].map((g) => ({ storeId: g[0]!.storeId, storeName: g[0]!.storeName, bocId: g[0]!.bocId, bocName: g[0]!.bocName, serviceType: g[0]!.serviceType, ...totalsOf(g) })),
    totals: totalsOf(rows),
  };
}

export async function appointmentDatewise(sql: Sql, user: SessionUser, body: ReportFilter, kind: AppointmentReportKind, now = new Date()): Promise<AppointmentDatewise> {
  const scope = await resolveReportScope(sql, user, body, now);
  const rows = scope.storeIds.length
    ? await sql<{ day: string; status: AppointmentStatus; n: number }[]>`
        select to_char(a.start_date at time zone 'UTC', 'YYYY-MM-DD') as day, a.appt_status as status, count(*)::int as n
        from ${FROM(sql)} where ${appointmentWhere(sql, scope, body, kind)}
        group by 1, 2 order by 1`
    : [];
  const days = [...new Set(rows.map((r) => r.day))];
  return { scope: scopeOut(scope), rows: days.map((date) => ({ date, ...totalsOf(rows.filter((r) => r.day === date)) })), totals: totalsOf(rows) };
}

type DetailRow = AppointmentDetailPage['content'][number];

export async function appointmentDetailRows(
  sql: Sql,
  scope: ResolvedScope,
  body: AppointmentDetailRequest,
  kind: AppointmentReportKind,
  o: { limit: number | null; offset: number },
): Promise<(DetailRow & { total: number })[]> {
  const day = body.date ? { from: new Date(`${body.date}T00:00:00Z`), to: new Date(Date.parse(`${body.date}T00:00:00Z`) + 86_400_000) } : null;
  const rows = await sql<(Omit<DetailRow, 'startDate' | 'bookedOn'> & { startDate: Date; bookedOn: Date; total: number })[]>`
    select a.id as appt_id, a.appt_status, i.id as future_service_interaction_id, a.store_id, s.store_name,
      trim(c.first_name || ' ' || c.last_name) as customer_name, i.service_type, a.start_date, a.created_on as booked_on,
      exists (select 1 from assistant_turn t where t.appointment_id = a.id and t.action = 'BOOKED') as booked_by_assistant,
      v.name as advisor_name, count(*) over ()::int as total
    from ${FROM(sql)} join store s on s.id = a.store_id join customer c on c.id = i.customer_id
    left join service_advisor v on v.id = a.advisor_id
    where ${appointmentWhere(sql, scope, body, kind)}
      ${body.statuses?.length ? sql`and a.appt_status = any(${body.statuses})` : sql``}
      ${day ? sql`and a.start_date >= ${day.from} and a.start_date < ${day.to}` : sql``}
    order by a.start_date, a.id
    ${o.limit === null ? sql`` : sql`limit ${o.limit} offset ${o.offset}`}`;
  return rows.map((r) => isoDates(r));
}

export async function appointmentDetail(sql: Sql, user: SessionUser, body: AppointmentDetailRequest, kind: AppointmentReportKind, now = new Date()): Promise<AppointmentDetailPage> {
  const scope = narrowToStore(await resolveReportScope(sql, user, body, now), body.storeId);
  const { page, size, offset } = paging(body);
  const rows = scope.storeIds.length ? await appointmentDetailRows(sql, scope, body, kind, { limit: size, offset }) : [];
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0 && scope.storeIds.length) total = (await appointmentDetailRows(sql, scope, body, kind, { limit: 1, offset: 0 }))[0]?.total ?? 0;
  return { scope: scopeOut(scope), content: rows.map(({ total: _t, ...r }) => r), page, size, totalElements: total };
}
