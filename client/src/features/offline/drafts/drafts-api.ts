import { draftResponseSchema, saveDraftResponseSchema, type Draft } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** A draft as `GET/PUT /api/drafts` carry it: the shared draft contract. */
export type DraftWire = Draft;

/** The server's copy of the user's draft of a conversation, or null. Failures are the caller's. */
export async function fetchDraft(interactionId: number, signal?: AbortSignal): Promise<DraftWire | null> {
  const answer = await apiRequest('/api/drafts', {
    query: { future_service_interaction_id: interactionId },
    schema: draftResponseSchema,
    signal,
    notify: false,
  });
  return answer.draft;
}

/** Saves a draft (empty content and subject clear it); `applied` false: the server has a later edit. */
export function storeDraft(draft: DraftWire) {
  return apiRequest('/api/drafts', {
    method: 'PUT',
    body: draft,
    schema: saveDraftResponseSchema,
    notify: false,
  });
}
