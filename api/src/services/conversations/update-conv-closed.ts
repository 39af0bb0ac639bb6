import type { SessionUser } from '../auth/sessions';
import type { ServiceDeps } from './deps';
import { loadInteractionForUser } from './interaction-access';
import { UPDATE_SUCCESS } from './update-ai-enabled';

/**
 * Closes a conversation (it leaves the store's live inbox, stays in All leads and search) or
 * reopens it (it is back in the inbox). A customer's reply reopens a closed one by itself.
 */
export async function updateConvClosed(
  deps: ServiceDeps,
  user: SessionUser,
  input: { interactionId: number; convClosed: boolean },
): Promise<{ message: string }> {
  const f = await loadInteractionForUser(deps.sql, user, input.interactionId, 'query.future-service-interaction-id');
  await deps.sql`update future_service_interaction set conv_closed = ${input.convClosed}, updated_on = now() where id = ${f.id}`;
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: UPDATE_SUCCESS };
}
