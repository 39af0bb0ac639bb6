import type { Draft, SaveDraft } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { loadInteractionForUser } from '../conversations/interaction-access';

type DraftRow = {
  futureServiceInteractionId: number;
  channel: Draft['channel'];
  subject: string | null;
  content: string;
  clientMessageId: string;
  updatedOn: Date;
};

const toDraft = (r: DraftRow): Draft => ({
  futureServiceInteractionId: r.futureServiceInteractionId,
  channel: r.channel,
  subject: r.subject,
  content: r.content,
  clientMessageId: r.clientMessageId,
  updatedAt: r.updatedOn.toISOString(),
});

async function currentDraft(sql: Sql, userId: number, interactionId: number): Promise<Draft | null> {
  // A draft whose message exists was sent: the trigger deletes it, and this also hides one a
  // save racing that insert wrote back.
  const [row] = await sql<DraftRow[]>`
    select d.future_service_interaction_id, d.channel, d.subject, d.content, d.client_message_id, d.updated_on
    from message_draft d
    where d.user_id = ${userId} and d.future_service_interaction_id = ${interactionId}
      and not exists (select 1 from message_instance m where m.client_message_id = d.client_message_id)`;
  return row ? toDraft(row) : null;
}

/** The user's draft of a conversation in their scope (NOT_FOUND / FORBIDDEN as the thread). */
export async function getDraft(sql: Sql, user: SessionUser, interactionId: number): Promise<Draft | null> {
  await loadInteractionForUser(sql, user, interactionId, 'query.future_service_interaction_id');
  return currentDraft(sql, user.userId, interactionId);
}

/**
 * Saves the user's draft of a conversation, last edit wins: a write older than the stored draft
 * changes nothing (`applied` false) and the newer draft comes back for the device to show. Empty
 * content and subject clear the draft; a draft whose clientMessageId was already sent is never
 * written back.
 */
export async function saveDraft(sql: Sql, user: SessionUser, input: SaveDraft): Promise<{ applied: boolean; draft: Draft | null }> {
  const interactionId = input.futureServiceInteractionId;
  await loadInteractionForUser(sql, user, interactionId, 'body.futureServiceInteractionId');
  const editedAt = input.updatedAt ? new Date(input.updatedAt) : null;
  const empty = input.content.trim() === '' && (input.subject ?? '').trim() === '';
  let applied: boolean;
  if (empty) {
    await sql`
      delete from message_draft
      where user_id = ${user.userId} and future_service_interaction_id = ${interactionId}
        and updated_on <= least(coalesce(${editedAt}::timestamptz, now()), now())`;
    applied = (await currentDraft(sql, user.userId, interactionId)) === null;
  } else {
    const written = await sql`
      insert into message_draft (user_id, future_service_interaction_id, channel, subject, content, client_message_id, updated_on)
      select ${user.userId}, ${interactionId}, ${input.channel}, ${input.subject ?? null}, ${input.content}, ${input.clientMessageId},
        least(coalesce(${editedAt}::timestamptz, now()), now())
      where not exists (select 1 from message_instance where client_message_id = ${input.clientMessageId})
      on conflict (user_id, future_service_interaction_id) do update set
        channel = excluded.channel, subject = excluded.subject, content = excluded.content,
        client_message_id = excluded.client_message_id, updated_on = excluded.updated_on
      where message_draft.updated_on <= excluded.updated_on
      returning 1`;
    applied = written.length > 0;
  }
  return { applied, draft: await currentDraft(sql, user.userId, interactionId) };
}
