import type { SessionUser } from '../auth/sessions';
import type { ServiceDeps } from './deps';
import { loadInteractionForUser } from './interaction-access';

export const UPDATE_SUCCESS = 'Successfully Updated';

/** Switches the assistant on or off for one interaction. */
export async function updateAiEnabled(
  deps: ServiceDeps,
  user: SessionUser,
  input: { interactionId: number; aiEnabled: boolean },
): Promise<{ message: string }> {
  const f = await loadInteractionForUser(deps.sql, user, input.interactionId, 'query.future-service-interaction-id');
  await deps.sql`update future_service_interaction set ai_enabled = ${input.aiEnabled}, updated_on = now() where id = ${f.id}`;
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: UPDATE_SUCCESS };
}
