import type { PendingQuery, Row } from 'postgres';
import { AppError, type DatabaseView, type DatabaseViewKey, type DatabaseViewRequest } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { paging, resolveReportScope } from './scope';
import { ALERT_VIEWS } from './views/alerts';
import { INTROSPECTION_VIEWS } from './views/introspection';
import { RECORD_VIEWS } from './views/records';
import type { ViewDefinition } from './views/types';

type Fragment = PendingQuery<Row[]>;

/** Every view by its key (the shared list names and orders them). */
const VIEWS: Record<DatabaseViewKey, ViewDefinition> = { ...RECORD_VIEWS, ...ALERT_VIEWS, ...INTROSPECTION_VIEWS };

const CHART_BARS = 30;

/** One page of a database view within the user's scope; `all` for an export (up to 50,000 rows). */
export async function databaseView(sql: Sql, user: SessionUser, key: DatabaseViewKey, body: DatabaseViewRequest, o?: { all: true }): Promise<DatabaseView> {
  const def = VIEWS[key];
  // Scope: the same rules as reports, over every day when no dates are given.
  const scope = await resolveReportScope(sql, user, { ...body, startDate: body.startDate ?? '1900-01-01', endDate: body.endDate ?? '2999-12-31' });
  const sortField = body.sort?.field ?? def.defaultSort;
  const sortColumn = def.columns.find((c) => c.field === sortField);
  if (!sortColumn) throw new AppError('VALIDATION_FAILED', `The view cannot be sorted by ${sortField}`, [{ field: 'sort.field', message: 'unknown column' }]);
  const direction = body.sort?.direction ?? (body.sort ? 'asc' : 'desc');
  const { page, size, offset } = paging(body);
  const columns = def.columns.map((c) => ({ field: c.field, headerName: c.headerName, type: c.type }));
  const chartTitle = def.chart?.title;
  if (!scope.storeIds.length) return { view: key, columns, rows: [], page, size, totalElements: 0, chart: chartTitle ? { title: chartTitle, bars: [] } : null };
  const dated = body.startDate || body.endDate;
  const pattern = body.search ? `%${body.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where: Fragment = sql`${sql.unsafe(def.store)} = any(${scope.storeIds}) ${def.only ? sql`and ${sql.unsafe(def.only)}` : sql``}
    ${dated ? sql`and ${sql.unsafe(def.date)} >= ${scope.from} and ${sql.unsafe(def.date)} < ${scope.to}` : sql``}
    ${pattern ? sql`and (${sql.unsafe(def.search.map((s) => `coalesce(${s}, '')`).join(' || \' \' || '))}) ilike ${pattern}` : sql``}`;
  const label = def.chart ? `coalesce((${def.chart.expr})::text, 'None')` : null;
  if (body.bar !== undefined && !label) throw new AppError('VALIDATION_FAILED', 'The view has no chart', [{ field: 'bar', message: 'this view has no chart' }]);
  const bar: Fragment = body.bar !== undefined && label ? sql`and ${sql.unsafe(label)} = ${body.bar}` : sql``;
  const select = def.columns.map((c) => `${c.expr} as "${c.field}"`).join(', ');
  const result = await sql<Record<string, string | number | null>[]>`
    select ${sql.unsafe(select)}, count(*) over ()::int as total_rows from ${sql.unsafe(def.from)}
    where ${where} ${bar}
    order by ${sql.unsafe(`"${sortColumn.field}"`)} ${sql.unsafe(direction)} nulls last, 1
    ${o?.all ? sql`limit 50000` : sql`limit ${size} offset ${offset}`}`;
  const bars =
    label && !o?.all
      ? await sql<{ label: string; count: number }[]>`
          select ${sql.unsafe(label)} as label, count(*)::int as count from ${sql.unsafe(def.from)} where ${where}
          group by 1 order by ${def.chart?.byLabel ? sql`1` : sql`2 desc, 1`} limit ${CHART_BARS}`
      : [];
  return {
    view: key,
    chart: chartTitle ? { title: chartTitle, bars } : null,
    columns,
    rows: result.map((r) => def.columns.map((c) => r[c.field] ?? null)),
    page,
    size,
    totalElements: (result[0]?.totalRows as number | undefined) ?? 0,
  };
}
