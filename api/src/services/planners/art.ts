import { randomUUID } from 'node:crypto';
import {
  AppError,
  CONFIRMED_RERUN_PLANNERS,
  PLANNER_CODES,
  PLANNERS,
  canUseDealRoomOptions,
  type ArtParams,
  type ArtResult,
  type ArtTab,
  type PlannerHandOffParams,
  type PlannerResult,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { classifiedVehicles, withoutJit } from './due-query';
import { countsOf } from './rows';
import { loadRun } from './runs';
import { prepareScope, runPlanner, touchDefinition, type PlannerRunner } from './run-planner';

/**
 * The planner form of `POST /api/lisa/hand-off/manual-hand-off`: the planner's due list goes to
 * people. View mode is the planner's own view; transfer mode queues a HAND_OFF run, whose
 * conversations are created with the assistant off, in the handoff list, and start no text.
 * Handing off is one of the conversation options, so the same roles may do it.
 */
export async function handOffPlanner(sql: Sql, runner: PlannerRunner, user: SessionUser, params: PlannerHandOffParams): Promise<PlannerResult> {
  if (params.transfer && !canUseDealRoomOptions(user.roles)) {
    throw new AppError('FORBIDDEN', 'Handing conversations to people needs a role other than enterprise user and office user');
  }
  return runPlanner(sql, runner, user, params.planner, params, 'HAND_OFF');
}

/** The tab's planner, window and store, or why the tab does not apply to the store. */
async function scopeOf(sql: Sql, user: SessionUser, code: (typeof PLANNER_CODES)[number], params: ArtParams) {
  try {
    return { scope: await prepareScope(sql, user, code, params), skipped: null };
  } catch (err) {
    if (code === 'STATE_INSPECTION' && err instanceof AppError && err.details.some((d) => d.field === 'store_id')) {
      return { scope: null, skipped: 'NO_INSPECTION_IN_STATE' as const };
    }
    throw err;
  }
}

/**
 * `POST /api/lisa/art`, the all-tabs run: every planner tab (or those named) of a store for one
 * planner date, each with its default window. View mode counts each tab's due list and left-out
 * reasons. Transfer mode records a transfer run per tab, sharing one artId, and hands the first
 * to the runner; each run hands on to the next when it ends, so the tabs are worked one after
 * another and a vehicle due on two tabs gets one conversation (the later tab finds it open). A
 * 15K, 20K or 25K tab already transferred for the date is skipped unless hardRun.
 */
export async function runArt(sql: Sql, runner: PlannerRunner, user: SessionUser, params: ArtParams): Promise<ArtResult> {
  const codes = PLANNER_CODES.filter((c) => !params.planners || params.planners.includes(c));
  const artId = params.transfer ? randomUUID() : null;
  const tabs: ArtTab[] = [];
  const queued = new Map<ArtTab, number>();
  let plannerDate = '';
  for (const code of codes) {
    const tab: ArtTab = { planner: code, plannerName: PLANNERS[code].label, due: null, leftOut: null, run: null, skipped: null };
    tabs.push(tab);
    const { scope, skipped } = await scopeOf(sql, user, code, params);
    if (!scope) {
      tab.skipped = skipped;
      continue;
    }
    plannerDate = scope.plannerDate;
    if (!params.transfer) {
      const counts = countsOf(
        await withoutJit(sql, (tx) => tx<{ reason: string | null; n: number }[]>`
          select reason, count(*)::int as n from (${classifiedVehicles(tx, scope)}) c group by reason`),
      );
      tab.due = counts.due;
      tab.leftOut = counts.leftOut;
      continue;
    }
    if (CONFIRMED_RERUN_PLANNERS.includes(code) && !params.hardRun) {
      const [earlier] = await sql`
        select 1 from planner_run
        where transfer and store_id = ${scope.storeId} and planner_code = ${code} and planner_date = ${scope.plannerDate} and status <> 'FAILED'
        limit 1`;
      if (earlier) {
        tab.skipped = 'ALREADY_TRANSFERRED';
        continue;
      }
    }
    const definitionId = await touchDefinition(sql, scope.enterpriseId, code, scope.plannerDate);
    const [run] = await sql<{ id: number }[]>`
      insert into planner_run ${sql({
        definition_id: definitionId,
        planner_code: code,
        store_id: scope.storeId,
        planner_date: scope.plannerDate,
        minimum_days: scope.minimumDays,
        maximum_days: scope.maximumDays,
        params: sql.json({ custNo: null, soldDate: null }),
        transfer: true,
        mode: 'TRANSFER',
        art_id: artId,
        hard_run: params.hardRun,
        status: 'QUEUED',
        created_by: user.userId,
      })} returning id`;
    queued.set(tab, Number(run!.id));
  }
  if (!plannerDate) {
    throw new AppError('VALIDATION_FAILED', 'The store’s state has no periodic vehicle inspection', [{ field: 'store_id', message: 'no inspection in this state' }]);
  }
  const first = queued.values().next();
  if (!first.done) await runner.submit(first.value);
  for (const [tab, id] of queued) tab.run = await loadRun(sql, id);
  return { storeId: params.store_id, plannerDate, transfer: params.transfer, artId, tabs };
}
