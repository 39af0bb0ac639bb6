import { AppError, PLANNERS, type PlannerCode, type PlannerDefinitionDto, type PlannerRun, type PlannerRunPage, type LeftOutCounts, type RunCode, type RunMode } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

const RUN_SELECT = (sql: Sql) => sql`
  select r.id, r.definition_id, r.planner_code, d.name as planner_name, r.store_id, s.store_name, r.planner_date::text as planner_date,
    r.minimum_days, r.maximum_days, r.transfer, r.mode, r.art_id::text as art_id, r.hard_run, r.status, r.progress, r.due_count, r.left_out::text as left_out, r.transferred_count,
    r.error, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by, r.created_on, r.finished_on
  from planner_run r
  join planner_definition d on d.id = r.definition_id
  join store s on s.id = r.store_id
  left join app_user u on u.id = r.created_by`;

type RunRow = {
  id: number;
  definitionId: number;
  plannerCode: RunCode;
  plannerName: string;
  storeId: number;
  storeName: string;
  plannerDate: string;
  minimumDays: number;
  maximumDays: number;
  transfer: boolean;
  mode: RunMode;
  artId: string | null;
  hardRun: boolean;
  status: PlannerRun['status'];
  progress: number;
  dueCount: number | null;
  /** As text: the reasons are JSON keys, which the column transform would rewrite. */
  leftOut: string | null;
  transferredCount: number;
  error: string | null;
  createdBy: string | null;
  createdOn: Date;
  finishedOn: Date | null;
};

const toDto = (r: RunRow): PlannerRun => ({
  id: Number(r.id),
  definitionId: Number(r.definitionId),
  planner: r.plannerCode,
  plannerName: r.plannerName,
  storeId: Number(r.storeId),
  storeName: r.storeName,
  plannerDate: r.plannerDate,
  minimumDays: r.minimumDays,
  maximumDays: r.maximumDays,
  transfer: r.transfer,
  mode: r.mode,
  artId: r.artId,
  hardRun: r.hardRun,
  status: r.status,
  progress: r.progress,
  dueCount: r.dueCount,
  leftOut: r.leftOut === null ? null : (JSON.parse(r.leftOut) as LeftOutCounts),
  transferredCount: r.transferredCount,
  error: r.error,
  createdBy: r.createdBy,
  createdOn: new Date(r.createdOn).toISOString(),
  finishedOn: r.finishedOn ? new Date(r.finishedOn).toISOString() : null,
});

/** One run as the API shows it (no scope check: for code that already checked it). */
export async function loadRun(sql: Sql, runId: number): Promise<PlannerRun> {
  const [row] = await sql<RunRow[]>`${RUN_SELECT(sql)} where r.id = ${runId}`;
  if (!row) throw new AppError('NOT_FOUND', `Planner run ${runId} does not exist`, [{ field: 'id', message: 'unknown run' }]);
  return toDto(row);
}

/** One run, for a user whose scope has its store (its progress while it runs). */
export async function getRun(sql: Sql, user: SessionUser, runId: number): Promise<PlannerRun> {
  const [row] = await sql<{ storeId: number }[]>`select store_id from planner_run where id = ${runId}`;
  if (!row) throw new AppError('NOT_FOUND', `Planner run ${runId} does not exist`, [{ field: 'id', message: 'unknown run' }]);
  await assertStoreAccess(sql, user, Number(row.storeId));
  return loadRun(sql, runId);
}

/** The run history of a store, newest first, optionally of one planner. */
export async function listRuns(
  sql: Sql,
  user: SessionUser,
  q: { store_id: number; planner?: PlannerCode | undefined; page: number; size: number },
): Promise<PlannerRunPage> {
  await assertStoreAccess(sql, user, q.store_id);
  const planner = q.planner ?? null;
  const rows = await sql<RunRow[]>`
    ${RUN_SELECT(sql)}
    where r.store_id = ${q.store_id} and (${planner}::text is null or r.planner_code = ${planner})
    order by r.created_on desc, r.id desc limit ${q.size} offset ${q.page * q.size}`;
  const [total] = await sql<{ n: number }[]>`
    select count(*)::int as n from planner_run where store_id = ${q.store_id} and (${planner}::text is null or planner_code = ${planner})`;
  return { content: rows.map(toDto), page: q.page, size: q.size, totalElements: total!.n };
}

/** The planner definitions of an enterprise: name and the planner dates each was run for. */
export async function listDefinitions(sql: Sql, user: SessionUser, enterpriseId: number): Promise<PlannerDefinitionDto[]> {
  if (user.empLevel !== 'SUPER' && user.enterpriseId !== enterpriseId) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const rows = await sql<{ id: number; plannerCode: PlannerCode; name: string; enterpriseId: number; runDates: string[] }[]>`
    select id, planner_code, name, enterprise_id, array(select d::text from unnest(run_dates) d order by d desc) as run_dates
    from planner_definition where enterprise_id = ${enterpriseId} order by id`;
  return rows
    .filter((r) => r.plannerCode in PLANNERS)
    .map((r) => ({ id: Number(r.id), planner: r.plannerCode, name: r.name, enterpriseId: Number(r.enterpriseId), runDates: r.runDates }));
}
