import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError, htmlToSmsText, toE164 } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import type { ServiceDeps } from './deps';
import { loadInteractionForUser } from './interaction-access';
import { messageColumns, toMessageDto, type MessageRow } from './message-dto';
import { OPTED_OUT_MESSAGE, isOptedOut } from './opt-out';
import { findByClientMessageId, inMessageTx, writeInternalNote, writeOutbound, type OutboundDraft } from './messages';
import type { MessageInstanceDto, SendMessage } from './schemas';

export const SEND_SUCCESS = 'Successfully Sent';
export const NO_ASSISTANT_MESSAGE = 'This Division has no Assistant';
/** Carriers refuse longer texts (Twilio error 21617), so they are refused before they are queued. */
export const MAX_SMS_LENGTH = 1600;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field: `body.${field}`, message }]);

type Customer = { id: number; firstName: string; lastName: string; cellular: string | null; email: string | null };
type Sender = { firstName: string; lastName: string; phone: string | null; email: string | null; storeEmail: string | null; storeName: string };

/**
 * The store's texting identity for the interaction's division: its sender assistant (the one with
 * initializerProcessEnabled) first, then any assistant of the store that has a number.
 */
async function findSender(sql: Sql, storeId: number, divisionId: string): Promise<Sender | null> {
  const [row] = await sql<Sender[]>`
    select a.agent_first_name as first_name, a.agent_last_name as last_name, a.agent_phone_number as phone, a.agent_email as email,
      s.email as store_email, s.store_name
    from store s left join lateral (
      select * from assistant a where a.store_id = s.id
      order by (a.division_id = ${divisionId}) desc, (a.agent_phone_number is not null) desc, a.initializer_process_enabled desc, a.id
      limit 1
    ) a on true
    where s.id = ${storeId}`;
  return row ?? null;
}

const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ').trim() || null;

/**
 * Sends a message of an interaction: validates it as the spec's send call does, writes it once
 * (keyed by clientMessageId) with its outbox entry in one transaction, and leaves the carrier or
 * mail hand-over to the outbox worker. A repeated clientMessageId returns the first message and
 * sends nothing. `created` says whether this call wrote it.
 */
export async function sendMessage(
  deps: ServiceDeps,
  user: SessionUser,
  input: SendMessage,
): Promise<{ message: typeof SEND_SUCCESS; messageInstance: MessageInstanceDto; created: boolean }> {
  const { sql } = deps;
  const interaction = await loadInteractionForUser(sql, user, input.jaguarFutureServiceInteractionId, 'body.jaguarFutureServiceInteractionId');
  const clientMessageId = input.clientMessageId ?? randomUUID();

  const earlier = await findByClientMessageId(sql, clientMessageId);
  if (earlier) return { message: SEND_SUCCESS, messageInstance: toMessageDto(sameInteraction(earlier, interaction.id)), created: false };

  if (input.id !== interaction.customerId) throw invalid('id', `Customer ${input.id} is not the customer of interaction ${interaction.id}`);
  const [customer] = await sql<Customer[]>`select id, first_name, last_name, cellular, email from customer where id = ${input.id}`;
  if (!customer) throw invalid('id', `Customer ${input.id} does not exist`);

  const isNote = input.messageType === 'INTERNAL_NOTES' || input.notificationType === 'INTERNAL_NOTES';
  const base = {
    interactionId: interaction.id,
    storeId: interaction.storeId,
    customerId: customer.id,
    subject: null,
    mediaUrls: [],
    startTime: parseStartTime(input.startTime),
    clientMessageId,
    sentByUserId: user.userId,
    messageSentBy: fullName(user.firstName, user.lastName) ?? user.username,
  } satisfies Partial<OutboundDraft>;

  let draft: OutboundDraft;
  if (isNote) {
    if (!hasText(input.content)) throw invalid('content', 'Please Enter Message');
    draft = {
      ...base, messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES', content: input.content!,
      from: input.from ?? null, fromName: input.fromName ?? base.messageSentBy, to: input.to ?? null, toName: input.toName ?? null,
    };
  } else if (input.messageType === 'EMAIL') {
    if (!input.subject?.trim()) throw invalid('subject', 'Please Enter Subject');
    if (!hasText(input.content)) throw invalid('content', 'Please Enter Message');
    const to = (input.to?.trim() || customer.email) ?? null;
    if (!to) throw invalid('to', 'The customer has no email address');
    if (!z.email().safeParse(to).success) throw invalid('to', 'Invalid email address');
    const sender = await findSender(sql, interaction.storeId, interaction.divisionId);
    const from = sender?.email ?? sender?.storeEmail ?? null;
    if (!sender || !from) throw invalid('from', NO_ASSISTANT_MESSAGE);
    draft = {
      ...base, messageType: 'EMAIL', notificationType: 'MESSAGE_TO_CUSTOMER', subject: input.subject.trim(),
      // E-mail keeps the editor's HTML: it is the body of the mail.
      content: input.content!, from, fromName: input.fromName ?? fullName(sender.firstName, sender.lastName) ?? sender.storeName,
      to, toName: input.toName ?? fullName(customer.firstName, customer.lastName),
    };
  } else {
    const text = htmlToSmsText(input.content ?? '').trim();
    if (!text) throw invalid('content', 'Please Enter Message');
    if (text.length > MAX_SMS_LENGTH) throw invalid('content', `A text message can be at most ${MAX_SMS_LENGTH} characters`);
    const sender = await findSender(sql, interaction.storeId, interaction.divisionId);
    if (!sender?.phone) throw invalid('from', NO_ASSISTANT_MESSAGE);
    const rawTo = input.to?.trim() || customer.cellular;
    if (!rawTo) throw invalid('to', 'The customer has no mobile number');
    const to = toE164(rawTo);
    if (!to) throw invalid('to', 'Invalid Number');
    if (await isOptedOut(sql, { storeId: interaction.storeId, customerId: customer.id, phone: to })) {
      throw new AppError('CONFLICT', OPTED_OUT_MESSAGE, [{ field: 'body.id', message: OPTED_OUT_MESSAGE }]);
    }
    draft = {
      ...base, messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER', content: text, mediaUrls: input.mediaUrls ?? [],
      from: sender.phone, fromName: input.fromName ?? fullName(sender.firstName, sender.lastName),
      to, toName: input.toName ?? fullName(customer.firstName, customer.lastName),
    };
  }

  const { id, created } = await inMessageTx(deps, (m) =>
    draft.messageType === 'INTERNAL_NOTES' ? writeInternalNote(m, draft) : writeOutbound(m, { ...draft, messageType: draft.messageType }),
  );
  const [row] = await sql<MessageRow[]>`select ${messageColumns(sql)} from message_instance m where m.id = ${id}`;
  if (created && draft.messageType !== 'INTERNAL_NOTES') deps.outbox?.wake();
  return { message: SEND_SUCCESS, messageInstance: toMessageDto(sameInteraction(row!, interaction.id)), created };
}

/** A client id belongs to one message; reusing it for another conversation is a client bug. */
function sameInteraction(row: MessageRow, interactionId: number): MessageRow {
  if (row.futureServiceInteractionId !== interactionId) {
    throw new AppError('CONFLICT', 'This clientMessageId was already used for a message of another conversation', [
      { field: 'body.clientMessageId', message: 'already used' },
    ]);
  }
  return row;
}

function hasText(content: string | null | undefined): boolean {
  return !!content && htmlToSmsText(content).trim().length > 0;
}

function parseStartTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw invalid('startTime', 'Invalid start time');
  return d;
}
