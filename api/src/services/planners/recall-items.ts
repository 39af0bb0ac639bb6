import type { Sql } from '../../db/database';
import { createInteractions } from '../interactions';
import { contactFlags, contactReason } from './contact-reasons';

/** Which recall leads a recall transfer run takes (kept in planner_run.params). */
export type RecallSelection = {
  recallLeadIds?: number[] | null;
  fileReportId?: number | null;
  recallType?: string | null;
};

/** One lead of a recall run's list that is due (not left out). */
export type RecallItem = { recallLeadId: number; serviceVehicleId: number; customerId: number };

/** The leads of the store a selection names that are still NEW (not transferred nor closed). */
export function selectedLeads(sql: Sql, storeId: number, s: RecallSelection) {
  const none = sql``;
  return sql`
    select l.id as lead_id, l.service_vehicle_id as vehicle_id, l.customer_id, l.campaign_code, a.alert_date
    from recall_lead l join manufacturer_alert a on a.id = l.manufacturer_alert_id
    where l.store_id = ${storeId} and l.status = 'NEW'
      ${s.recallLeadIds?.length ? sql`and l.id = any(${s.recallLeadIds}::bigint[])` : none}
      ${s.fileReportId ? sql`and a.file_report_id = ${s.fileReportId}` : none}
      ${s.recallType ? sql`and l.recall_type = ${s.recallType}` : none}`;
}

/**
 * Writes a recall run's list in one statement: each lead chosen, with the reason it is left out,
 * read from the same facts the planners read (another open conversation, contacted lately, opted
 * out, texts blocked, no mobile number, the marks). A customer gets one conversation per run: a
 * second lead of the same customer (another recall of the vehicle, or of another of their
 * vehicles) is left out as OPEN_INTERACTION, the conversation the first one starts.
 */
export async function writeRecallItems(sql: Sql, runId: number, storeId: number, s: RecallSelection): Promise<void> {
  await sql`
    insert into planner_run_item (run_id, service_vehicle_id, customer_id, service_type, due_date, reason, recall_lead_id)
    select ${runId}, f.vehicle_id, f.customer_id, 'RECALL', f.alert_date,
      coalesce(${contactReason(sql)}, case when f.nth > 1 then 'OPEN_INTERACTION' end), f.lead_id
    from (
      select w.*, c.cellular, c.block_sms, ${contactFlags(sql, storeId)}
      from (
        select s.*, row_number() over (partition by s.customer_id order by s.alert_date desc, s.lead_id) as nth
        from (${selectedLeads(sql, storeId, s)}) s
      ) w join customer c on c.id = w.customer_id
    ) f`;
  // The list shows why the last run left a lead out (a lead it takes loses its old reason).
  await sql`
    update recall_lead l set left_out_reason = i.reason, run_id = ${runId}
    from planner_run_item i where i.run_id = ${runId} and i.recall_lead_id = l.id and l.status = 'NEW'`;
}

/**
 * Claims a batch of a recall run's leads (those still NEW: a lead is taken once, whatever runs
 * race for it) and creates their interactions (service type RECALL) in the caller's transaction;
 * returns the interactions created.
 */
export async function claimRecallLeads(tx: Sql, run: { id: number; storeId: number; plannerDate: string }, batch: readonly RecallItem[]): Promise<number[]> {
  const claimed = await tx<{ id: number; customerId: number; serviceVehicleId: number; campaignCode: string }[]>`
    update recall_lead set status = 'TRANSFERRED', transferred_on = now(), run_id = ${run.id}, left_out_reason = null
    where id = any(${batch.map((b) => b.recallLeadId)}::bigint[]) and status = 'NEW' and future_service_interaction_id is null
    returning id, customer_id, service_vehicle_id, campaign_code`;
  if (!claimed.length) return [];
  claimed.sort((a, b) => Number(a.id) - Number(b.id));
  const ids = await createInteractions(
    tx,
    claimed.map((c) => ({
      storeId: run.storeId,
      customerId: Number(c.customerId),
      serviceVehicleId: Number(c.serviceVehicleId),
      serviceType: 'RECALL' as const,
      plannedServiceType: 'RECALL' as const,
      plannedDate: run.plannerDate,
      metadata: { plannerRunId: run.id, recallLeadId: Number(c.id), campaignCode: c.campaignCode },
    })),
  );
  await tx`
    update recall_lead l set future_service_interaction_id = v.fsi
    from (select unnest(${claimed.map((c) => c.id)}::bigint[]) as id, unnest(${ids}::bigint[]) as fsi) v
    where l.id = v.id`;
  return ids;
}
