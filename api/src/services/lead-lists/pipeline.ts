import { AppError, checkStageChange, nextLeadStages, type LeadPipeline, type LeadStage, type LeadStageChange } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { loadInteractionForUser } from '../conversations/interaction-access';
import type { InboxNotifier } from '../conversations/notifier';

const FIELD = 'body.future-service-interaction-id';

/** A lead's stage and reason, the stages it may move to, and its history (newest first). */
export async function leadPipeline(sql: Sql, user: SessionUser, interactionId: number, field = 'query.future-service-interaction-id'): Promise<LeadPipeline> {
  const f = await loadInteractionForUser(sql, user, interactionId, field);
  const [row] = await sql<{ leadStage: LeadStage | null; leadReason: string | null }[]>`
    select lead_stage, lead_reason from future_service_interaction where id = ${f.id}`;
  const history = await sql<{ id: number; fromStage: LeadStage | null; toStage: LeadStage; reason: string | null; changedBy: string | null; changedOn: Date }[]>`
    select h.id, h.from_stage, h.to_stage, h.reason, h.changed_on,
      case when u.id is null then null else trim(u.first_name || ' ' || u.last_name) end as changed_by
    from lead_stage_change h left join app_user u on u.id = h.changed_by
    where h.future_service_interaction_id = ${f.id} order by h.id desc limit 200`;
  const stage = row?.leadStage ?? null;
  return {
    futureServiceInteractionId: f.id,
    stage,
    reason: row?.leadReason ?? null,
    nextStages: [...nextLeadStages(stage)],
    history: history.map((h) => ({ ...h, changedOn: h.changedOn.toISOString() })),
  };
}

/**
 * Moves a lead along the pipeline when the state machine allows it (shared/lead-lists/pipeline),
 * recording who, when and why; the row is locked so two people moving it at once are decided in turn.
 */
export async function changeLeadStage(sql: Sql, notifier: InboxNotifier, user: SessionUser, input: LeadStageChange): Promise<LeadPipeline> {
  const f = await loadInteractionForUser(sql, user, input['future-service-interaction-id'], FIELD);
  await sql.begin(async (tx) => {
    const [row] = await tx<{ leadStage: LeadStage | null }[]>`select lead_stage from future_service_interaction where id = ${f.id} for update`;
    const from = row?.leadStage ?? null;
    const refusal = checkStageChange(from, input.stage, input.reason);
    if (refusal) throw new AppError('VALIDATION_FAILED', refusal.message, [{ field: `body.${refusal.field}`, message: refusal.message }]);
    await tx`update future_service_interaction set lead_stage = ${input.stage}, lead_reason = ${input.reason}, updated_on = now() where id = ${f.id}`;
    await tx`insert into lead_stage_change (future_service_interaction_id, from_stage, to_stage, reason, changed_by)
      values (${f.id}, ${from}, ${input.stage}, ${input.reason}, ${user.userId})`;
  });
  notifier.interactionsChanged(f.storeId, [f.id]);
  return leadPipeline(sql, user, f.id, FIELD);
}
