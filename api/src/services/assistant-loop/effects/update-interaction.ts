import { nextInsight, type ResponseCategory } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { LoopContext } from '../context';
import type { Plan, Step } from '../decide';

/**
 * The interaction's flags after a step: its response insight (a booking makes it APPT_SET), the
 * assistant switched off by a handoff, the dialogue ended by a handoff or a booking, and waiting
 * for a person when one is needed. Returns the insight it now carries.
 */
export async function updateInteraction(tx: Sql, ctx: LoopContext, plan: Plan, step: Step, booked: boolean): Promise<string | null> {
  const handedOff = step.kind === 'HANDOFF';
  const asked = step.kind === 'ASK' || step.kind === 'PROPOSE';
  const needsPerson = handedOff || (step.kind === 'ACK' && step.needsPerson);
  const proposed: ResponseCategory | null = booked ? 'APPT_SET' : plan.insight;
  const insight = nextInsight(ctx.responseInsight, proposed, { appointmentSet: ctx.appointmentSet || booked });
  await tx`
    update future_service_interaction set
      response_insight = ${insight},
      responded_to_ai = responded_to_ai or ${plan.respondedToAi},
      ai_enabled = case when ${handedOff} then false else ai_enabled end,
      dt_dialog_enabled = case when ${handedOff || booked} then false else coalesce(${plan.flags?.dtDialogEnabled ?? null}::boolean, dt_dialog_enabled) end,
      manual_booking = coalesce(${plan.flags?.manualBooking ?? null}::boolean, manual_booking),
      is_dt_got_its_chance = is_dt_got_its_chance or ${asked},
      response_reqd = case when ${needsPerson} then true else response_reqd end,
      updated_on = now()
    where id = ${ctx.interactionId}`;
  return insight;
}
