import {
  DEFAULT_DASHBOARD_TAB,
  SALES_SERVICE_TYPES,
  customerTypeOfDashboardType,
  dashboardTypeLabel,
  type Dashboard,
  type DashboardDetailPage,
  type DashboardDetailRequest,
  type DashboardRequest,
  type DashboardTab,
  type ReportCounter,
  type ReportCounters,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { isoDates } from './iso';
import { narrowToStore, paging, resolveReportScope, scopeOut, type ResolvedScope } from './scope';

/** The fact column each counter is dated by. */
export const COUNTER_COLUMN: Record<ReportCounter, string> = {
  CONTACTED: 'contacted_on',
  RESPONDED: 'responded_on',
  ENGAGED: 'engaged_on',
  APPT_BOOKING: 'appt_booked_on',
};

const zero = (): ReportCounters => ({ CONTACTED: 0, RESPONDED: 0, ENGAGED: 0, APPT_BOOKING: 0 });

/** The conversations a dashboard looks at: its stores, its tab's service types, its customer type. */
function factFilter(sql: Sql, scope: ResolvedScope, o: { tab: DashboardTab; customerType: 'A' | 'B' | null; serviceTypes?: string[] | undefined }) {
  const sales = SALES_SERVICE_TYPES as string[];
  return sql`
    f.enterprise_id = ${scope.enterpriseId} and f.store_id = any(${scope.storeIds})
    and ${o.tab === 'SALES' ? sql`f.service_type = any(${sales})` : sql`f.service_type <> all(${sales})`}
    ${o.serviceTypes?.length ? sql`and f.service_type = any(${o.serviceTypes})` : sql``}
    ${o.customerType ? sql`and f.customer_type = ${o.customerType}` : sql``}`;
}

type CountRow = { counter: ReportCounter; storeId: number; day: string; n: number };

/** Counts per counter, store and UTC day: every figure of the dashboard is a sum of these. */
async function countsByStoreAndDay(sql: Sql, scope: ResolvedScope, where: ReturnType<typeof factFilter>): Promise<CountRow[]> {
  const part = (counter: ReportCounter) => {
    const col = sql(COUNTER_COLUMN[counter]);
    return sql`
      select ${counter}::text as counter, f.store_id, to_char(f.${col} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from report_interaction_fact f
      where ${where} and f.${col} >= ${scope.from} and f.${col} < ${scope.to}
      group by f.store_id, 3`;
  };
  return sql<CountRow[]>`${part('CONTACTED')} union all ${part('RESPONDED')} union all ${part('ENGAGED')} union all ${part('APPT_BOOKING')}`;
}

export async function dashboardSummary(sql: Sql, user: SessionUser, body: DashboardRequest, now = new Date()): Promise<Dashboard> {
  const scope = await resolveReportScope(sql, user, body, now);
  const tab = body.tab ?? DEFAULT_DASHBOARD_TAB;
  const type = body.type ?? '';
  const where = factFilter(sql, scope, { tab, customerType: customerTypeOfDashboardType(type), serviceTypes: body.serviceTypes });

  const counts = scope.storeIds.length ? await countsByStoreAndDay(sql, scope, where) : [];
  const counters = zero();
  const byDay = new Map<string, ReportCounters>();
  const byStore = new Map<number, ReportCounters>(scope.storeIds.map((id) => [id, zero()]));
  for (const r of counts) {
    counters[r.counter] += r.n;
    if (!byDay.has(r.day)) byDay.set(r.day, zero());
    byDay.get(r.day)![r.counter] += r.n;
    byStore.get(r.storeId)![r.counter] += r.n;
  }

  const medians = scope.storeIds.length
    ? await sql<{ storeId: number; median: number | null }[]>`
        select f.store_id, percentile_cont(0.5) within group (order by extract(epoch from f.first_reply_on - f.responded_on))::float8 as median
        from report_interaction_fact f
        where ${where} and f.responded_on >= ${scope.from} and f.responded_on < ${scope.to} and f.first_reply_on is not null
        group by f.store_id`
    : [];
  const insightRows = scope.storeIds.length
    ? await sql<{ customerType: 'A' | 'B'; day: string; name: string; n: number }[]>`
        select f.customer_type, to_char(f.responded_on at time zone 'UTC', 'YYYY-MM-DD') as day,
          coalesce(f.response_insight, 'BLANK') as name, count(*)::int as n
        from report_interaction_fact f
        where ${where} and f.responded_on >= ${scope.from} and f.responded_on < ${scope.to}
        group by 1, 2, 3 order by 2, 1, 4 desc, 3`
    : [];
  const insights = new Map<string, Dashboard['insights'][number]>();
  for (const r of insightRows) {
    const key = `${r.day}|${r.customerType}`;
    if (!insights.has(key)) insights.set(key, { customerType: r.customerType, date: r.day, insights: [] });
    insights.get(key)!.insights.push({ name: r.name, count: r.n });
  }

  return {
    scope: scopeOut(scope),
    tab,
    type,
    typeLabel: dashboardTypeLabel(type),
    counters,
    byDay: [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, c]) => ({ date, ...c })),
    byStore: [...byStore.entries()].map(([storeId, c]) => ({
      storeId,
      storeName: scope.storeNames.get(storeId) ?? String(storeId),
      ...c,
      medianFirstResponseSeconds: medians.find((m) => m.storeId === storeId)?.median ?? null,
    })),
    insights: [...insights.values()],
  };
}

type DetailRow = DashboardDetailPage['content'][number] & { total: number };

/** The conversations behind one counter (of one day, of one store): the dashboard's drill-down. */
export async function dashboardDetail(sql: Sql, user: SessionUser, body: DashboardDetailRequest, now = new Date()): Promise<DashboardDetailPage> {
  const scope = narrowToStore(await resolveReportScope(sql, user, body, now), body.storeId);
  const { page, size, offset } = paging(body);
  if (!scope.storeIds.length) return { content: [], page, size, totalElements: 0 };
  const rows = await dashboardDetailRows(sql, scope, body, { limit: size, offset });
  return { content: rows.map(({ total: _t, ...r }) => isoDates(r)), page, size, totalElements: rows[0]?.total ?? (await countOnly(sql, scope, body)) };
}

async function countOnly(sql: Sql, scope: ResolvedScope, body: DashboardDetailRequest): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from report_interaction_fact f where ${detailWhere(sql, scope, body)}`;
  return row?.n ?? 0;
}

function detailWhere(sql: Sql, scope: ResolvedScope, body: DashboardDetailRequest) {
  const col = sql(COUNTER_COLUMN[body.counter]);
  const where = factFilter(sql, scope, { tab: body.tab ?? DEFAULT_DASHBOARD_TAB, customerType: customerTypeOfDashboardType(body.type), serviceTypes: body.serviceTypes });
  const day = body.date ? { from: new Date(`${body.date}T00:00:00Z`), to: new Date(Date.parse(`${body.date}T00:00:00Z`) + 86_400_000) } : null;
  return sql`${where} and f.${col} >= ${scope.from} and f.${col} < ${scope.to}
    ${day ? sql`and f.${col} >= ${day.from} and f.${col} < ${day.to}` : sql``}`;
}

/** Detail rows, newest first; `limit` null for every row (exports). */
export async function dashboardDetailRows(sql: Sql, scope: ResolvedScope, body: DashboardDetailRequest, o: { limit: number | null; offset: number }): Promise<DetailRow[]> {
  const col = sql(COUNTER_COLUMN[body.counter]);
  return sql<DetailRow[]>`
    select f.future_service_interaction_id, f.store_id, s.store_name,
      trim(c.first_name || ' ' || c.last_name) as customer_name, f.service_type, f.customer_type,
      f.contacted_on, f.responded_on, f.engaged_on, f.appt_booked_on, f.response_insight,
      extract(epoch from f.first_reply_on - f.responded_on)::int as first_response_seconds,
      count(*) over ()::int as total
    from report_interaction_fact f
    join future_service_interaction i on i.id = f.future_service_interaction_id
    join customer c on c.id = i.customer_id
    join store s on s.id = f.store_id
    where ${detailWhere(sql, scope, body)}
    order by f.${col} desc, f.future_service_interaction_id desc
    ${o.limit === null ? sql`` : sql`limit ${o.limit} offset ${o.offset}`}`;
}

