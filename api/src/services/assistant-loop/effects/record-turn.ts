import type { Sql } from '../../../db/database';
import type { LoopContext } from '../context';
import type { Plan, Step } from '../decide';
import type { ApplyOptions } from '../turn-types';

/** What a turn did, as assistant_turn keeps it. */
export type TurnOutcome = {
  step: Step;
  booked: boolean;
  track: Plan['track'];
  /** The reply's text, sent or not. */
  text: string | null;
  sent: boolean;
  replyMessageId: number | null;
  appointmentId: number | null;
  heldUntil: Date | null;
};

/** What the step is called in assistant_turn.action. */
function actionOf(step: Step, booked: boolean): string {
  switch (step.kind) {
    case 'NONE': return `SKIPPED_${step.reason}`;
    case 'OPT_OUT': return 'OPTED_OUT';
    case 'ACK': return 'ACKNOWLEDGED';
    case 'RO_STATUS': return 'ANSWERED_REPAIR_ORDER';
    case 'ASK': return 'ASKED_DAY_TIME';
    case 'PROPOSE': return 'PROPOSED';
    case 'BOOK': return booked ? 'BOOKED' : 'BOOKING';
    case 'HANDOFF': return 'HANDED_OFF';
  }
}

/**
 * Records the turn: the claim an INBOUND turn holds is completed, any other turn is written anew.
 * The detail says what was offered, why a handoff happened, why a reply was not sent and whether
 * it was reworded.
 */
export async function recordTurn(tx: Sql, ctx: LoopContext, plan: Plan, o: ApplyOptions, r: TurnOutcome): Promise<{ turnId: number; action: string }> {
  const { step } = r;
  const action = actionOf(step, r.booked);
  const detail = {
    step: step.kind,
    ...(step.kind === 'PROPOSE' ? { proposed: step.starts.map((s) => s.toISOString()), exact: step.exact } : {}),
    ...(step.kind === 'HANDOFF' ? { handoff: step.handoff, reason: step.reason } : {}),
    ...(step.kind === 'RO_STATUS' ? { repairOrder: step.roNumber, lane: step.statusCode } : {}),
    ...(r.text && !r.sent ? { notSent: ctx.customer.optedOut ? 'OPTED_OUT' : 'NO_SMS_CHANNEL' } : {}),
    ...(o.rephrased && r.text === o.rephrased.text ? { rephrased: true } : {}),
  };
  if (o.claimId !== null) {
    await tx`update assistant_turn set intent = ${plan.intent}, action = ${action}, parameter = ${plan.parameter}, track = ${r.track},
        reply_text = ${r.text}, reply_message_id = ${r.replyMessageId}, appointment_id = ${r.appointmentId}, held_until = ${r.heldUntil},
        detail = ${tx.json(detail)}
      where id = ${o.claimId}`;
    return { turnId: o.claimId, action };
  }
  const [row] = await tx<{ id: number }[]>`
    insert into assistant_turn (future_service_interaction_id, message_instance_id, kind, intent, action, parameter, track, reply_text,
      reply_message_id, appointment_id, held_until, user_id, detail)
    values (${ctx.interactionId}, ${o.messageId}, ${o.kind}, ${plan.intent}, ${action}, ${plan.parameter}, ${r.track}, ${r.text},
      ${r.replyMessageId}, ${r.appointmentId}, ${r.heldUntil}, ${o.user?.id ?? null}, ${tx.json(detail)})
    returning id`;
  return { turnId: row!.id, action };
}
