import { AppError, HANDOFF_KINDS, RECALL_RUN_CODE, resolvePlanner, stateOfAddress, type PlannerCode, type RunCode, type RunMode, type ServiceType } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { createInteractions } from '../interactions';
import { classifiedVehicles, withoutJit } from './due-query';
import { claimRecallLeads, writeRecallItems, type RecallSelection } from './recall-items';
import { countsOf } from './rows';

/** Vehicles taken per transaction: short transactions keep the embedded engine free for others. */
export const TRANSFER_BATCH = 500;

export type TransferDeps = {
  sql: Sql;
  logger?: Logger | undefined;
  /** Starts the assistant's first outreach for the interactions a batch created. */
  initiate: (interactionIds: number[]) => Promise<void>;
  /** Hands the next run of an all-tabs run (ART) to the runner once this one has ended. */
  next?: ((runId: number) => Promise<void>) | undefined;
};

type RunRecord = {
  id: number;
  storeId: number;
  plannerCode: RunCode;
  plannerDate: string;
  minimumDays: number;
  maximumDays: number;
  params: { custNo?: string | null; soldDate?: string | null } & RecallSelection;
  status: string;
  mode: RunMode;
  artId: string | null;
  createdBy: number | null;
};

/** The conversation a hand-off creates waits for a person, as a Manual Handoff leaves it. */
const HAND_OFF_TRACK = HANDOFF_KINDS.CUSTOMER.track;

/**
 * Works one transfer run: writes its classified list (due and left out, with reasons) in one
 * statement, records the counts, then walks the due vehicles in batches. Each batch claims its
 * vehicles in planner_transfer (one row per vehicle, service type and planner date, ever) and
 * creates interactions only for the claims it won, in the same transaction; so a repeated
 * transfer, or this run retried after a crash, creates nothing twice. The created interactions
 * then go to the assistant's first outreach. Memory holds one batch at a time.
 */
export async function executeTransfer(deps: TransferDeps, runId: number): Promise<void> {
  const { sql } = deps;
  const [run] = await sql<RunRecord[]>`
    select id, store_id, planner_code, planner_date::text as planner_date, minimum_days, maximum_days, params, status,
      mode, art_id::text as art_id, created_by
    from planner_run where id = ${runId} and transfer`;
  if (!run) throw new AppError('NOT_FOUND', `Transfer run ${runId} does not exist`);
  if (run.status === 'COMPLETED') return;
  try {
    await work(deps, run);
  } finally {
    if (run.artId && deps.next) {
      const [next] = await sql<{ id: number }[]>`
        select id from planner_run where art_id = ${run.artId}::uuid and id > ${runId} and status = 'QUEUED' and job_id is null order by id limit 1`;
      if (next) await deps.next(Number(next.id));
    }
  }
}

async function work(deps: TransferDeps, run: RunRecord): Promise<void> {
  const { sql } = deps;
  const runId = Number(run.id);
  const handOff = run.mode === 'HAND_OFF';
  // A recall run's list is the recall leads it was given, one item per lead; a planner's is its
  // due list, one item per vehicle. Everything after the list is the same.
  const recall = run.plannerCode === RECALL_RUN_CODE;
  const key = recall ? sql`recall_lead_id` : sql`service_vehicle_id`;
  try {
    await sql`update planner_run set status = 'RUNNING', progress = 0, error = null where id = ${runId}`;
    // A retried run starts its list over; its claims (planner_transfer, recall_lead) stay and are skipped.
    await sql`delete from planner_run_item where run_id = ${runId}`;
    if (recall) await writeRecallItems(sql, runId, Number(run.storeId), run.params);
    else await writeDueItems(sql, run);
    const counts = countsOf(
      await sql<{ reason: string | null; n: number }[]>`select reason, count(*)::int as n from planner_run_item where run_id = ${runId} group by reason`,
    );
    await sql`update planner_run set due_count = ${counts.due}, left_out = ${sql.json(counts.leftOut)}, progress = 5 where id = ${runId}`;

    let after = 0;
    let seen = 0;
    let transferred = 0;
    for (;;) {
      const batch = await sql<{ serviceVehicleId: number; customerId: number; serviceType: ServiceType; dueDate: string; recallLeadId: number | null; key: number }[]>`
        select service_vehicle_id, customer_id, service_type, due_date::text as due_date, recall_lead_id, ${key} as key from planner_run_item
        where run_id = ${runId} and reason is null and ${key} > ${after}
        order by ${key} limit ${TRANSFER_BATCH}`;
      if (!batch.length) break;
      after = Number(batch.at(-1)!.key);
      seen += batch.length;
      const created = await sql.begin(async (tx) => {
        if (recall) {
          const ids = await claimRecallLeads(tx as unknown as Sql, { id: runId, storeId: Number(run.storeId), plannerDate: run.plannerDate }, batch.map((b) => ({ recallLeadId: Number(b.recallLeadId), serviceVehicleId: Number(b.serviceVehicleId), customerId: Number(b.customerId) })));
          await tx`update planner_run set transferred_count = transferred_count + ${ids.length} where id = ${runId}`;
          return ids;
        }
        const claimed = await tx<{ id: number; serviceVehicleId: number; customerId: number; serviceType: ServiceType; dueDate: string }[]>`
          insert into planner_transfer ${tx(
            batch.map((b) => ({
              run_id: runId,
              store_id: run.storeId,
              service_vehicle_id: b.serviceVehicleId,
              customer_id: b.customerId,
              service_type: b.serviceType,
              planner_date: run.plannerDate,
              due_date: b.dueDate,
            })),
          )}
          on conflict (service_vehicle_id, service_type, planner_date) do nothing
          returning id, service_vehicle_id, customer_id, service_type, due_date::text as due_date`;
        if (!claimed.length) return [];
        const ids = await createInteractions(
          tx as unknown as Sql,
          claimed.map((c) => ({
            storeId: Number(run.storeId),
            customerId: Number(c.customerId),
            serviceVehicleId: Number(c.serviceVehicleId),
            serviceType: c.serviceType,
            plannedServiceType: c.serviceType,
            plannedDate: run.plannerDate,
            estimatedDueDate: c.dueDate,
            metadata: { plannerRunId: runId, planner: run.plannerCode, plannerDate: run.plannerDate, ...(handOff ? { handOff: true } : {}) },
            aiEnabled: !handOff,
          })),
        );
        if (handOff) {
          await tx`
            insert into workflow_track_event (future_service_interaction_id, track, parameter, source, user_id)
            select unnest(${ids}::bigint[]), ${HAND_OFF_TRACK}, 'PLANNER', ${run.createdBy === null ? 'ASSISTANT' : 'USER'}, ${run.createdBy}`;
        }
        await tx`
          update planner_transfer t set future_service_interaction_id = v.fsi
          from (select unnest(${claimed.map((c) => c.id)}::bigint[]) as id, unnest(${ids}::bigint[]) as fsi) v
          where t.id = v.id`;
        await tx`update planner_run set transferred_count = transferred_count + ${ids.length} where id = ${runId}`;
        return ids;
      });
      transferred += created.length;
      // A hand-off starts no text: the conversations wait in the handoff list for a person.
      if (created.length && !handOff) await deps.initiate(created);
      const progress = counts.due ? Math.min(99, 5 + Math.floor((seen * 95) / counts.due)) : 99;
      await sql`update planner_run set progress = ${progress} where id = ${runId}`;
    }
    await sql`update planner_run set status = 'COMPLETED', progress = 100, finished_on = now() where id = ${runId}`;
    deps.logger?.info({ runId, planner: run.plannerCode, due: counts.due, transferred }, 'planner transfer completed');
  } catch (err) {
    await sql`update planner_run set status = 'FAILED', error = ${err instanceof Error ? err.message : String(err)}, finished_on = now() where id = ${runId}`;
    throw err;
  }
}

/** Writes a planner run's classified list (due and left out, with reasons) in one statement. */
async function writeDueItems(sql: Sql, run: RunRecord): Promise<void> {
  const runId = Number(run.id);
  const [store] = await sql<{ officeTimeZone: string; address: string | null; enterpriseId: number }[]>`
    select s.office_time_zone, s.address, b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${run.storeId}`;
  const planner = resolvePlanner(run.plannerCode as PlannerCode, { state: stateOfAddress(store!.address), enterpriseId: Number(store!.enterpriseId) });
  const scope = {
    planner,
    storeId: Number(run.storeId),
    zone: store!.officeTimeZone,
    plannerDate: run.plannerDate,
    minimumDays: run.minimumDays,
    maximumDays: run.maximumDays,
    custNo: run.params.custNo ?? undefined,
    soldDate: run.params.soldDate ?? undefined,
  };
  await withoutJit(sql, (tx) => tx`
    insert into planner_run_item (run_id, service_vehicle_id, customer_id, service_type, due_date, reason)
    select ${runId}, c.vehicle_id, c.customer_id,
      case when ${planner.code} = 'FIRST_SERVICE' then coalesce(
        case lower(c.make) when 'gmc' then 'FIRST_SERVICE_GMC' when 'buick' then 'FIRST_SERVICE_BUICK' when 'chevrolet' then 'FIRST_SERVICE_CHEVROLET' end,
        ${planner.serviceType}) else ${planner.serviceType} end,
      c.due_date, c.reason
    from (${classifiedVehicles(tx, scope)}) c`);
}
