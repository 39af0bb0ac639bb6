import { canSeeMessage } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { loadInteractionForUser } from './interaction-access';
import { messageColumns, toMessageDto, type MessageRow } from './message-dto';
import type { MessageInstanceDto } from './schemas';

/**
 * The thread of an interaction, oldest first, holding only what the user's roles may see (§6:
 * archived messages and internal notes are for super roles).
 */
export async function conversationHistory(sql: Sql, user: SessionUser, interactionId: number): Promise<MessageInstanceDto[]> {
  await loadInteractionForUser(sql, user, interactionId, 'query.future_service_interaction_id');
  const rows = await sql<MessageRow[]>`
    select ${messageColumns(sql, { thread: true })} from message_instance m
    where m.future_service_interaction_id = ${interactionId}
    order by m.created_on, m.id`;
  return rows.filter((m) => canSeeMessage(user.roles, m)).map(toMessageDto);
}
