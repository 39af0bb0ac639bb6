import {
  AppError,
  CONFIRMED_RERUN_PLANNERS,
  PLANNERS,
  PLANNER_TEXT,
  RECALL_RUN_CODE,
  RECALL_RUN_NAME,
  isoDayInZone,
  resolvePlanner,
  stateOfAddress,
  type PlannerCode,
  type PlannerResult,
  type PlannerRunParams,
  type ResolvedPlanner,
  type RunCode,
  type RunMode,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';
import { classifiedVehicles, withoutJit, type DueScope } from './due-query';
import { countsOf, ROW_COLUMNS, toPlannerRow } from './rows';
import { loadRun } from './runs';

/**
 * Hands a transfer run to the job system (or runs it in this process when there is none), and
 * interactions created outside a run (customer-vehicle leads) to the first outreach.
 */
export type PlannerRunner = { submit(runId: number): Promise<void>; initiate(interactionIds: number[]): Promise<void> };

/** The planner, store and window of one call, checked against the user's scope. */
export async function prepareScope(
  sql: Sql,
  user: SessionUser,
  code: PlannerCode,
  params: Pick<PlannerRunParams, 'store_id' | 'boc_id' | 'plannerDate' | 'minimumDays' | 'maximumDays' | 'cust_no' | 'soldDate'>,
  now = new Date(),
): Promise<DueScope & { enterpriseId: number; storeName: string }> {
  const place = await assertStoreAccess(sql, user, params.store_id);
  if (params.boc_id !== undefined && params.boc_id !== place.bocId) {
    throw new AppError('VALIDATION_FAILED', 'The store does not belong to this BOC', [{ field: 'boc_id', message: 'not the store’s BOC' }]);
  }
  const [store] = await sql<{ officeTimeZone: string; address: string | null; storeName: string }[]>`
    select office_time_zone, address, store_name from store where id = ${params.store_id}`;
  const planner: ResolvedPlanner = resolvePlanner(code, { state: stateOfAddress(store!.address), enterpriseId: place.enterpriseId });
  if (code === 'STATE_INSPECTION' && planner.firstDays === null) {
    throw new AppError('VALIDATION_FAILED', 'The store’s state has no periodic vehicle inspection', [{ field: 'store_id', message: 'no inspection in this state' }]);
  }
  const minimumDays = params.minimumDays ?? planner.defaultWindow.minimumDays;
  const maximumDays = params.maximumDays ?? planner.defaultWindow.maximumDays;
  if (minimumDays > maximumDays) {
    throw new AppError('VALIDATION_FAILED', 'minimumDays must not be after maximumDays', [{ field: 'minimumDays', message: 'after maximumDays' }]);
  }
  return {
    planner,
    storeId: params.store_id,
    zone: store!.officeTimeZone,
    plannerDate: params.plannerDate ?? isoDayInZone(now, store!.officeTimeZone),
    minimumDays,
    maximumDays,
    custNo: params.cust_no,
    soldDate: params.soldDate,
    enterpriseId: place.enterpriseId,
    storeName: store!.storeName,
  };
}

/** The enterprise's definition of the planner (or of recall transfers), remembering the date it is run for. */
export async function touchDefinition(sql: Sql, enterpriseId: number, code: RunCode, plannerDate: string): Promise<number> {
  const name = code === RECALL_RUN_CODE ? RECALL_RUN_NAME : PLANNERS[code].label;
  const [row] = await sql<{ id: number }[]>`
    insert into planner_definition (enterprise_id, planner_code, name, run_dates)
    values (${enterpriseId}, ${code}, ${name}, array[${plannerDate}::date])
    on conflict (enterprise_id, planner_code) do update
      set run_dates = case when ${plannerDate}::date = any(planner_definition.run_dates) then planner_definition.run_dates
                           else planner_definition.run_dates || ${plannerDate}::date end
    returning id`;
  return row!.id;
}

/**
 * A planner call. View mode answers one page of the due list (page 0 also records the run and
 * its counts); transfer mode records a run and hands it to the runner, answering at once with
 * the queued run, whose progress the screen then follows.
 */
export async function runPlanner(
  sql: Sql,
  runner: PlannerRunner,
  user: SessionUser,
  code: PlannerCode,
  params: PlannerRunParams,
  /** HAND_OFF: a transfer hands the due vehicles to people (the planner's manual hand-off). */
  mode: RunMode = 'TRANSFER',
): Promise<PlannerResult> {
  const scope = await prepareScope(sql, user, code, params);
  const record = {
    planner_code: code,
    store_id: scope.storeId,
    planner_date: scope.plannerDate,
    minimum_days: scope.minimumDays,
    maximum_days: scope.maximumDays,
    params: sql.json({ custNo: scope.custNo ?? null, soldDate: scope.soldDate ?? null }),
    hard_run: params.hardRun,
    created_by: user.userId,
  };

  if (params.transfer) {
    if (CONFIRMED_RERUN_PLANNERS.includes(code) && !params.hardRun) {
      const [earlier] = await sql`
        select 1 from planner_run
        where transfer and store_id = ${scope.storeId} and planner_code = ${code} and planner_date = ${scope.plannerDate} and status <> 'FAILED'
        limit 1`;
      if (earlier) throw new AppError('VALIDATION_FAILED', PLANNER_TEXT.rerunQuestion, [{ field: 'hardRun', message: 'already transferred for this store and date' }]);
    }
    const definitionId = await touchDefinition(sql, scope.enterpriseId, code, scope.plannerDate);
    const [run] = await sql<{ id: number }[]>`
      insert into planner_run ${sql({ ...record, definition_id: definitionId, transfer: true, mode, status: 'QUEUED' })} returning id`;
    await runner.submit(run!.id);
    return { run: await loadRun(sql, run!.id), content: [], page: 0, size: params.size, totalElements: 0 };
  }

  const rows = await withoutJit(sql, (tx) => tx`
    with c as (${classifiedVehicles(tx, scope)}),
    counted as (select reason, count(*)::int as n from c group by reason),
    page as (
      select ${sql.unsafe(ROW_COLUMNS)}, count(*) over ()::int as total from (
        select c.*, cu.custno, cu.first_name, cu.last_name, sv.vin, sv.model, sv.year
        from c join customer cu on cu.id = c.customer_id join service_vehicle sv on sv.id = c.vehicle_id
        where c.reason is null
      ) d
      order by due_date, vehicle_id limit ${params.size} offset ${params.page * params.size}
    )
    select p.*, k.counts from page p
    right join (select coalesce(json_agg(json_build_object('reason', reason, 'n', n)), '[]') as counts from counted) k on true`);
  const counts = countsOf((rows[0]?.counts ?? []) as { reason: string | null; n: number }[]);
  const content = rows.filter((r) => r.vehicleId !== null).map((r) => toPlannerRow(scope.planner, scope.plannerDate, r));
  // A later page has no count of its own: past the end, the total is the due count.
  const totalElements = content.length ? Number(rows[0]!.total) : counts.due;

  let runId: number | null = null;
  if (params.page === 0) {
    const definitionId = await touchDefinition(sql, scope.enterpriseId, code, scope.plannerDate);
    const [run] = await sql<{ id: number }[]>`
      insert into planner_run ${sql({
        ...record,
        definition_id: definitionId,
        transfer: false,
        status: 'COMPLETED',
        progress: 100,
        due_count: counts.due,
        left_out: sql.json(counts.leftOut),
        finished_on: new Date(),
      })} returning id`;
    runId = run!.id;
  }
  return { run: runId === null ? null : await loadRun(sql, runId), content, page: params.page, size: params.size, totalElements };
}
