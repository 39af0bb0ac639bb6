import { AppError, EMAIL_AUTO_RESPONSE_TEXT, type EmailAutoResponseQuery } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { InboxNotifier } from '../conversations/notifier';
import { inMessageTx, writeCustomerResponse } from '../conversations/messages';
import { uuidFromText } from '../conversations/receive-inbound';
import { textAsHtml } from './text-as-html';
import { openCustomerLink } from './link-access';
import { tokenFingerprint, type LinkSecretSource } from './link-tokens';

/**
 * The customer's answer from a link in an e-mail (spec §7 GET /api/email/autoResponse): stored as
 * a RECEIVED EMAIL message on the interaction the signed token names. The addresses recorded are
 * the ones on file (the customer's e-mail, the store's sender), because the query's own can be
 * typed by anyone holding the link; the query's are used only where the record has none. Opening
 * the same link again records nothing new.
 */
export async function recordEmailAutoResponse(
  deps: { sql: Sql; notifier?: InboxNotifier | undefined },
  secrets: LinkSecretSource,
  q: EmailAutoResponseQuery,
): Promise<{ message: string; messageId: number; duplicate: boolean }> {
  const { sql } = deps;
  const { interaction } = await openCustomerLink(sql, secrets, 'EMAIL_RESPONSE', q.token);
  const text = (q.message ?? '').trim();
  const key = (q.key ?? '').trim();
  if (!text && !key) {
    throw new AppError('VALIDATION_FAILED', 'The response is empty', [{ field: 'query.message', message: 'give a message or a key' }]);
  }
  const [who] = await sql<{ firstName: string; lastName: string; email: string | null; senderEmail: string | null; senderName: string | null }[]>`
    select c.first_name, c.last_name, c.email,
      coalesce(a.agent_email, s.email) as sender_email,
      coalesce(nullif(trim(a.agent_first_name || ' ' || a.agent_last_name), ''), s.store_name) as sender_name
    from customer c join store s on s.id = ${interaction.storeId}
    left join lateral (
      select * from assistant a where a.store_id = s.id order by (a.division_id = ${interaction.divisionId}) desc, a.initializer_process_enabled desc, a.id limit 1
    ) a on true
    where c.id = ${interaction.customerId}`;
  const body = key && text ? `${key}: ${text}` : text || key;
  const clientMessageId = uuidFromText(`email-auto-response:${tokenFingerprint(q.token)}:${q.emailId ?? ''}:${key}:${text}`);
  const id = await inMessageTx(deps, (m) =>
    writeCustomerResponse(m, {
      interactionId: interaction.id,
      storeId: interaction.storeId,
      customerId: interaction.customerId,
      messageType: 'EMAIL',
      content: textAsHtml(body),
      subject: q.subject?.trim() || null,
      from: who?.email ?? (q.fromAddress || q.from || null),
      fromName: `${who?.firstName ?? ''} ${who?.lastName ?? ''}`.trim() || null,
      to: who?.senderEmail ?? (q.toAddress || q.to || null),
      toName: who?.senderName ?? null,
      responseReqd: true,
      clientMessageId,
    }),
  );
  if (id !== null) {
    return { message: EMAIL_AUTO_RESPONSE_TEXT.success, messageId: id, duplicate: false };
  }
  const [earlier] = await sql<{ id: number }[]>`select id from message_instance where client_message_id = ${clientMessageId}`;
  return { message: EMAIL_AUTO_RESPONSE_TEXT.success, messageId: earlier!.id, duplicate: true };
}
