import { AppError } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import type { ServiceDeps } from './deps';
import { loadInteractionForUser } from './interaction-access';
import type { ReadMarker } from './schemas';

/**
 * Marks the customer's messages up to `lastMessageId` read and recomputes the unread count from
 * what is still unread, so the counter can neither drift nor go below zero. The marker only
 * moves forward: a stale tab sending an older id does not make newer messages unread again.
 */
export async function markRead(
  deps: ServiceDeps,
  user: SessionUser,
  input: ReadMarker,
): Promise<{ message: string; lastReadMessageId: number; totalUnreadCount: number }> {
  const { sql } = deps;
  const f = await loadInteractionForUser(sql, user, input.futureInteractionId, 'body.futureInteractionId');
  const [target] = await sql`
    select 1 from message_instance where id = ${input.lastMessageId} and future_service_interaction_id = ${f.id}`;
  if (!target) {
    throw new AppError('NOT_FOUND', `Message ${input.lastMessageId} is not part of interaction ${f.id}`, [
      { field: 'body.lastMessageId', message: 'unknown message' },
    ]);
  }
  const result = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`
      update message_instance set read_status = true
      where future_service_interaction_id = ${f.id} and direction = 'RECEIVED' and not read_status
        -- Compared in the database: a JavaScript Date would drop the microseconds.
        and (created_on, id) <= (select created_on, id from message_instance where id = ${input.lastMessageId})`;
    const [row] = await tx<{ lastReadMessageId: number; totalUnreadCount: number }[]>`
      update future_service_interaction set
        last_read_message_id = greatest(coalesce(last_read_message_id, 0), ${input.lastMessageId}),
        total_unread_count = (
          select count(*)::int from message_instance
          where future_service_interaction_id = ${f.id} and direction = 'RECEIVED' and not read_status),
        updated_on = now()
      where id = ${f.id}
      returning last_read_message_id, total_unread_count`;
    return row!;
  });
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: 'Successfully Updated', ...result };
}
