import type { Sql } from '../../../db/database';

/** Marks the interaction with each intent type; one it carries already stays as it is. */
export async function addMarks(tx: Sql, interactionId: number, intentTypes: readonly string[]): Promise<void> {
  if (!intentTypes.length) return;
  await tx`insert into mark ${tx(intentTypes.map((m) => ({ target: 'FUTURE_SERVICE_INTERACTION', future_service_interaction_id: interactionId, intent_type: m, value: 'true' })))}
    on conflict (future_service_interaction_id, intent_type) where target = 'FUTURE_SERVICE_INTERACTION' do nothing`;
}
