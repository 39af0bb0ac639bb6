import { AppError, RECALL_RUN_CODE, isoDayInZone, type RecallTransferInput, type RecallTransferResult } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import type { PlannerRunner } from '../../planners/run-planner';
import { selectedLeads, type RecallSelection } from '../../planners/recall-items';
import { touchDefinition } from '../../planners/run-planner';
import { loadRun } from '../../planners/runs';
import { assertStorePlace } from '../access';

/**
 * `POST /api/data-sync/recalllead/transfer`: checks the selection, records a transfer run of code
 * RECALL for the store and hands it to the planners' runner (the job system), answering at once
 * with the run, whose progress `GET /api/future-service-interaction/planner-runs/{id}` reports.
 * Nothing is recorded when no lead of the selection is still new.
 */
export async function transferRecallLeads(sql: Sql, runner: PlannerRunner, user: SessionUser, input: RecallTransferInput, now = new Date()): Promise<RecallTransferResult> {
  await assertStorePlace(sql, user, { storeId: input.store_id_pk, enterpriseId: input.enterprise_id });
  const storeId = input.store_id_pk;
  const ids = input.recallLeadIds ? [...new Set(input.recallLeadIds)] : null;
  if (ids) {
    const [n] = await sql<{ n: number }[]>`select count(*)::int as n from recall_lead where id = any(${ids}::bigint[]) and store_id = ${storeId}`;
    if (n!.n !== ids.length) throw new AppError('VALIDATION_FAILED', 'Some of these are not recall leads of the store', [{ field: 'body.recallLeadIds', message: 'not recall leads of this store' }]);
  }
  if (input.fileReportId !== undefined) {
    const [file] = await sql`select 1 from file_upload_report where id = ${input.fileReportId} and store_id = ${storeId} and file_type = 'RECALL'`;
    if (!file) throw new AppError('VALIDATION_FAILED', `File ${input.fileReportId} is not a recall file of the store`, [{ field: 'body.fileReportId', message: 'not a recall file of this store' }]);
  }
  if (input.recall_type !== undefined) {
    const [type] = await sql`select 1 from recall_type where code = ${input.recall_type}`;
    if (!type) throw new AppError('VALIDATION_FAILED', `There is no recall type ${input.recall_type}`, [{ field: 'body.recall_type', message: 'unknown recall type' }]);
  }
  const selection: RecallSelection = {
    recallLeadIds: ids,
    fileReportId: input.fileReportId ?? null,
    recallType: input.recall_type ?? null,
  };
  const [selected] = await sql<{ n: number }[]>`select count(*)::int as n from (${selectedLeads(sql, storeId, selection)}) s`;
  if (!selected!.n) return { run: null, selected: 0 };

  const [store] = await sql<{ officeTimeZone: string; enterpriseId: number }[]>`
    select s.office_time_zone, b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${storeId}`;
  const today = isoDayInZone(now, store!.officeTimeZone);
  const definitionId = await touchDefinition(sql, store!.enterpriseId, RECALL_RUN_CODE, today);
  const [run] = await sql<{ id: number }[]>`
    insert into planner_run ${sql({
      definition_id: definitionId,
      planner_code: RECALL_RUN_CODE,
      store_id: storeId,
      planner_date: today,
      minimum_days: 0,
      maximum_days: 0,
      params: sql.json(selection as never),
      transfer: true,
      mode: 'TRANSFER',
      status: 'QUEUED',
      created_by: user.userId,
    })} returning id`;
  await runner.submit(run!.id);
  return { run: await loadRun(sql, run!.id), selected: selected!.n };
}
