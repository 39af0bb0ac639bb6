import { z } from 'zod';
import { SEND_MESSAGE_TYPES } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

// The shape `GET/PUT /api/drafts` answer with (api/src/services/drafts/schemas.ts).
const draftWireSchema = z.object({
  futureServiceInteractionId: z.number().int(),
  channel: z.enum(SEND_MESSAGE_TYPES),
  subject: z.string().nullable(),
  content: z.string(),
  clientMessageId: z.string(),
  updatedAt: z.string(),
});
export type DraftWire = z.infer<typeof draftWireSchema>;

/** The server's copy of the user's draft of a conversation, or null. Failures are the caller's. */
export async function fetchDraft(interactionId: number, signal?: AbortSignal): Promise<DraftWire | null> {
  const answer = await apiRequest('/api/drafts', {
    query: { future_service_interaction_id: interactionId },
    schema: z.object({ draft: draftWireSchema.nullable() }),
    signal,
    notify: false,
  });
  return answer.draft;
}

/** Saves a draft (empty content and subject clear it); `applied` false: the server has a later edit. */
export function storeDraft(draft: Omit<DraftWire, 'futureServiceInteractionId'> & { futureServiceInteractionId: number }) {
  return apiRequest('/api/drafts', {
    method: 'PUT',
    body: draft,
    schema: z.object({ applied: z.boolean(), draft: draftWireSchema.nullable() }),
    notify: false,
  });
}
