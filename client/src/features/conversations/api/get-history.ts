import { z } from 'zod';
import { messageInstanceSchema } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** A message of the thread: the shared message contract. */
export const threadMessageSchema = messageInstanceSchema;
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/**
 * The thread, oldest first, already filtered by the user's roles on the server. A failure is only
 * logged (spec §8 "History fetch failure"), so no notice is raised here.
 */
export function getHistory(interactionId: number, signal?: AbortSignal): Promise<ThreadMessage[]> {
  return apiRequest('/api/svc-message-instance/conversation-history', {
    query: { future_service_interaction_id: interactionId },
    schema: z.array(threadMessageSchema),
    signal,
    notify: false,
  });
}
