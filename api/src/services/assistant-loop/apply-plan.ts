import type { TransactionSql } from 'postgres';
import { BOOKED_MARK, HANDOFF_KINDS } from '@drivebay/shared';
import type { MessageTx } from '../conversations/messages';
import type { LoopContext } from './context';
import type { Plan } from './decide';
import { addMarks } from './effects/add-marks';
import { optOut, optOutConfirmationText } from './effects/opt-out';
import { advanceDialogue } from './effects/advance-dialogue';
import { bookOrPropose } from './effects/book';
import { writeBookingCard } from './effects/calendar-card';
import { writeHandoff } from './effects/handoff';
import { recordEvent } from './effects/record-event';
import { recordStaffIntent, storeAnalysis } from './effects/record-intents';
import { recordTrack } from './effects/record-track';
import { recordTurn } from './effects/record-turn';
import { canText, sendReply } from './effects/send-reply';
import { updateInteraction } from './effects/update-interaction';
import { replyForStep } from './replies';
import type { ApplyOptions, TurnResult } from './turn-types';

/**
 * Carries out a decided plan inside the turn's transaction, one effect after the other. The
 * order matters: a booking that fails turns the step into an offer before the reply is chosen,
 * and the calendar card goes before the confirmation text so the text stays the latest message.
 */
export async function applyPlan(t: TransactionSql, m: MessageTx, ctx: LoopContext, plan: Plan, o: ApplyOptions): Promise<TurnResult> {
  const { tx } = m;
  if (o.analysis && o.messageId !== null) await storeAnalysis(tx, ctx.interactionId, o.messageId, o.analysis);
  if (o.staffIntent && o.messageId !== null) await recordStaffIntent(tx, o.messageId, o.staffIntent, o.user?.id ?? null);
  const confirmationId = plan.step.kind === 'OPT_OUT' ? await optOut(m, ctx, o) : null;
  await addMarks(tx, ctx.interactionId, plan.marks);

  const { step, appointmentId } = await bookOrPropose(t, ctx, plan.step, o.now);
  const booked = appointmentId !== null;
  if (booked) await addMarks(tx, ctx.interactionId, [BOOKED_MARK]);

  const reply = await replyForStep(tx, ctx, step);
  const text = reply ? (o.rephrased && o.rephrased.template === reply.text ? o.rephrased.text : reply.text) : null;
  if (booked && step.kind === 'BOOK') await writeBookingCard(m, ctx, o, { appointmentId, start: step.start });
  const sent = canText(ctx, step, text);
  const { replyMessageId, heldUntil } = sent ? await sendReply(m, ctx, o, text!) : { replyMessageId: null, heldUntil: null };

  let track = plan.track;
  if (step.kind === 'HANDOFF') {
    track ??= HANDOFF_KINDS[step.handoff].track;
    await writeHandoff(m, ctx, o, step);
  }
  const insight = await updateInteraction(tx, ctx, plan, step, booked);
  await advanceDialogue(tx, ctx, step, { booked, parameter: plan.parameter, track });
  await recordTrack(tx, ctx.interactionId, { ...plan, track }, o);

  const changed = step.kind !== 'NONE' || insight !== ctx.responseInsight || plan.marks.length > 0 || plan.flags !== undefined;
  if (changed) await recordEvent(tx, ctx.interactionId, booked ? 'APPOINTMENT_BOOKED' : 'NEW_EVENT', appointmentId);
  const { turnId, action } = await recordTurn(tx, ctx, plan, o, { step, booked, track, text, sent, replyMessageId, appointmentId, heldUntil });
  // A reading kept for the message changes what Show Intents shows, even when nothing else changed.
  if (changed || o.analysis) m.changes.add(ctx.storeId, ctx.interactionId);
  // The opt-out confirmation is this turn's one text: the outbox is woken for it like for a reply.
  const confirmed = confirmationId !== null ? { replyText: optOutConfirmationText(ctx.store.name), replyMessageId: confirmationId } : null;
  return {
    duplicate: false, turnId, action, plan: { ...plan, step, track }, replyText: confirmed?.replyText ?? (sent ? text : null),
    replyMessageId: confirmed?.replyMessageId ?? replyMessageId, appointmentId, heldUntil,
  };
}
