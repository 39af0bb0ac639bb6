import { FEEDBACK_TEXT, type FeedbackClip } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { InboxNotifier } from '../conversations/notifier';
import { inMessageTx, writeCustomerResponse } from '../conversations/messages';
import { uuidFromText } from '../conversations/receive-inbound';
import { textAsHtml } from './text-as-html';
import { openCustomerLink } from './link-access';
import { tokenFingerprint, type LinkSecretSource } from './link-tokens';

/** Ratings at or below this ask the store to get back to the customer. */
const NEEDS_ANSWER_AT_OR_BELOW = 3;

async function head(sql: Sql, interaction: { customerId: number; storeId: number }) {
  const [row] = await sql<{ firstName: string; lastName: string; storeName: string }[]>`
    select c.first_name, c.last_name, s.store_name from customer c, store s where c.id = ${interaction.customerId} and s.id = ${interaction.storeId}`;
  return row ?? { firstName: '', lastName: '', storeName: '' };
}

/** The /FeedbackClip page: who it is for and whether this link already carried an answer. */
export async function loadFeedbackClip(sql: Sql, secrets: LinkSecretSource, token: string): Promise<FeedbackClip> {
  const { interaction } = await openCustomerLink(sql, secrets, 'FEEDBACK', token);
  const h = await head(sql, interaction);
  const [done] = await sql`select 1 from customer_feedback where link_token_hash = ${tokenFingerprint(token)}`;
  return { customerFirstName: h.firstName, storeName: h.storeName, submitted: !!done };
}

/**
 * A rating (1–5) and a comment from the customer: kept in customer_feedback, one per link, and
 * shown in the conversation as the customer's message so the store reads it where it works. Low
 * ratings wait for an answer like any customer message that needs one.
 */
export async function submitFeedback(
  deps: { sql: Sql; notifier?: InboxNotifier | undefined },
  secrets: LinkSecretSource,
  token: string,
  input: { rating: number; comment: string },
): Promise<{ message: string; duplicate: boolean }> {
  const { sql } = deps;
  const { interaction } = await openCustomerLink(sql, secrets, 'FEEDBACK', token);
  const h = await head(sql, interaction);
  const fingerprint = tokenFingerprint(token);
  const text = `Feedback: ${input.rating} of 5 stars.${input.comment ? `\n${input.comment}` : ''}`;
  const created = await inMessageTx(deps, async (m) => {
    const { tx } = m;
    const [row] = await tx<{ id: number }[]>`
      insert into customer_feedback (future_service_interaction_id, customer_id, rating, comment, link_token_hash)
      values (${interaction.id}, ${interaction.customerId}, ${input.rating}, ${input.comment}, ${fingerprint})
      on conflict (link_token_hash) do nothing returning id`;
    if (!row) return false;
    const messageId = await writeCustomerResponse(m, {
      interactionId: interaction.id,
      storeId: interaction.storeId,
      customerId: interaction.customerId,
      messageType: 'DEALROOM_MESSAGE_RESPONSE',
      content: textAsHtml(text),
      subject: 'Customer feedback',
      from: null,
      fromName: `${h.firstName} ${h.lastName}`.trim() || null,
      to: null,
      toName: h.storeName,
      responseReqd: input.rating <= NEEDS_ANSWER_AT_OR_BELOW,
      clientMessageId: uuidFromText(`feedback:${fingerprint}`),
    });
    await tx`update customer_feedback set message_instance_id = ${messageId} where id = ${row.id}`;
    return true;
  });
  return { message: created ? FEEDBACK_TEXT.thanks : FEEDBACK_TEXT.already, duplicate: !created };
}
