import { AppError, CONTACTED_WITHIN_DAYS, INITIATE_TEXT, type InitiateOutcome, type InitiateResult } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { loadContext, type LoopContext } from '../assistant-loop/context';
import { sendReply } from '../assistant-loop/effects/send-reply';
import { renderReply } from '../assistant-loop/replies';
import type { ServiceDeps } from '../conversations/deps';
import { inMessageTx } from '../conversations/messages';
import { uuidFromText } from '../conversations/receive-inbound';

export type InitiateInput = {
  interactionId: number;
  /** Start even though another conversation of the customer is open or they were just contacted. */
  isForced?: boolean;
  /** The person starting it (the text names them as the one who made the assistant speak). */
  user?: { id: number; name: string } | null;
  /** The clock for quiet hours; the real time unless a test pins it. */
  now?: Date;
};

/** The refusal a forced start overrides (spec §8: a 400 whose text the forced-conversation warning shows). */
function refusal(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field: 'query.isForced', message }]);
}

/**
 * Why this customer should not get a new conversation now, or null: another of their
 * conversations at the store was started and is still open, or the store texted or e-mailed them
 * within {@link CONTACTED_WITHIN_DAYS} days.
 */
async function reasonToWait(tx: Sql, f: { id: number; customerId: number; storeId: number }, now: Date): Promise<string | null> {
  const [r] = await tx<{ otherOpen: boolean; contacted: boolean }[]>`
    select
      exists(select 1 from future_service_interaction o
        where o.customer_id = ${f.customerId} and o.id <> ${f.id} and o.conversation_initiated and not o.conv_closed) as other_open,
      exists(select 1 from message_instance m
        where m.customer_id = ${f.customerId} and m.store_id = ${f.storeId} and m.direction <> 'RECEIVED'
          and m.message_type in ('SMS', 'EMAIL') and m.created_on > ${now}::timestamptz - make_interval(days => ${CONTACTED_WITHIN_DAYS})) as contacted`;
  if (r?.otherOpen) return INITIATE_TEXT.otherInitiated;
  if (r?.contacted) return INITIATE_TEXT.alreadyContacted;
  return null;
}

/** Why the first text cannot be written for this conversation, or null when it can. */
function cannotText(ctx: LoopContext): InitiateOutcome | null {
  if (!ctx.customer.cellular) return 'NO_MOBILE';
  if (ctx.customer.optedOut) return 'OPTED_OUT';
  if (!ctx.sender?.phone) return 'NO_SENDER';
  return null;
}

/**
 * Starts a conversation the dealership begins (GET /api/service-workflow/initiate, a planner
 * transfer, a bulk start): under a lock on the interaction, refuses with the spec's texts unless
 * forced; otherwise writes the assistant's first text for the interaction's service type (template
 * intent INITIATE) through the message writer, queued for the outbox, which checks opt-out and
 * quiet hours again when it sends; held until the customer's quiet hours end when needed. The
 * interaction is marked started once: a second call writes nothing and answers ALREADY_INITIATED.
 * A customer who cannot be texted (no mobile number, opted out, no sending number) gets nothing,
 * and the interaction keeps the outcome in metadata.initiation for the lists.
 */
export async function initiateInteraction(deps: ServiceDeps, input: InitiateInput): Promise<InitiateResult> {
  const now = input.now ?? new Date();
  const result = await inMessageTx(deps, async (m): Promise<InitiateResult> => {
    const { tx } = m;
    const [f] = await tx<{ id: number; customerId: number; storeId: number; conversationInitiated: boolean }[]>`
      select id, customer_id, store_id, conversation_initiated from future_service_interaction where id = ${input.interactionId} for update`;
    if (!f) throw new AppError('NOT_FOUND', `Interaction ${input.interactionId} does not exist`, [{ field: 'query.id', message: 'not found' }]);
    if (f.conversationInitiated) return { interactionId: f.id, messageId: null, outcome: 'ALREADY_INITIATED' };
    if (!input.isForced) {
      const reason = await reasonToWait(tx, f, now);
      if (reason) throw refusal(reason);
    }
    const ctx = await loadContext(tx, f.id);
    if (!ctx) throw new AppError('NOT_FOUND', `Interaction ${f.id} does not exist`, [{ field: 'query.id', message: 'not found' }]);

    let outcome: InitiateOutcome | null = cannotText(ctx);
    let messageId: number | null = null;
    let heldUntil: Date | null = null;
    if (!outcome) {
      const reply = await renderReply(tx, ctx, 'INITIATE');
      if (!reply) outcome = 'NO_TEXT';
      else {
        const sent = await sendReply(m, ctx, { user: input.user ?? null, clientMessageId: uuidFromText(`initiate:${f.id}`), outreach: true, now }, reply.text);
        messageId = sent.replyMessageId;
        heldUntil = sent.heldUntil;
        outcome = 'QUEUED';
      }
    }
    const initiation = {
      outcome, at: now.toISOString(), byUserId: input.user?.id ?? null, forced: !!input.isForced, messageId,
      heldUntil: heldUntil?.toISOString() ?? null,
    };
    await tx`
      update future_service_interaction set
        conversation_initiated = ${outcome === 'QUEUED'},
        lead_stage = case when ${outcome === 'QUEUED'} then coalesce(lead_stage, 'INITIATED') else lead_stage end,
        metadata = metadata || jsonb_build_object('initiation', ${tx.json(initiation)}::jsonb),
        updated_on = now()
      where id = ${f.id}`;
    return { interactionId: f.id, messageId, outcome };
  });
  if (result.outcome === 'QUEUED') deps.outbox?.wake();
  return result;
}
