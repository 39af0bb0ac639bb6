import type { Sql } from '../../../db/database';
import type { Plan } from '../decide';
import type { ApplyOptions } from '../turn-types';

/** A workflow track (or parameter) the turn posted, for the reports and the people who run those workflows. */
export async function recordTrack(
  tx: Sql,
  interactionId: number,
  plan: Pick<Plan, 'parameter' | 'intent' | 'track'>,
  o: Pick<ApplyOptions, 'user' | 'messageId'>,
): Promise<void> {
  if (!plan.track && !plan.parameter) return;
  await tx`
    insert into workflow_track_event (future_service_interaction_id, track, parameter, intent_name, source, user_id, message_instance_id)
    values (${interactionId}, ${plan.track}, ${plan.parameter}, ${plan.intent}, ${o.user ? 'USER' : 'ASSISTANT'}, ${o.user?.id ?? null}, ${o.messageId})`;
}
