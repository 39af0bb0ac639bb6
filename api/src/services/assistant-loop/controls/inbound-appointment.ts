import { ASK_FOR_SCHEDULE_TRACK, ASSISTANT_NOTICES, PARAMETER_EFFECTS, type InboundAppointmentParameter } from '@drivebay/shared';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { dateStep } from '../decide';
import { assertDealRoomOptions } from '../messages';
import { runTurn, type TurnDeps } from '../turn';
import { FSI_FIELD, controlResult, customerWords, handoffInsight, plan, who, type ControlResult } from './common';

/**
 * `POST .../workflow/inbound-appointment`: applies a workflow parameter (see PARAMETER_EFFECTS).
 * The ask-for-schedule parameters send the day-and-time question (another time after a no);
 * CUSTOMER_SAY_YES hands the booking to a person (external handoff); DT_DETECTED looks up the
 * date of the customer's latest message and offers it or the nearest free times.
 */
export async function applyInboundAppointment(deps: TurnDeps, user: SessionUser, q: { interactionId: number; parameter: InboundAppointmentParameter }): Promise<ControlResult> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const effect = PARAMETER_EFFECTS[q.parameter];
  const words = await customerWords(deps.sql, f.id);
  const now = (deps.clock ?? (() => new Date()))();
  const result = await runTurn(deps, {
    interactionId: f.id, kind: 'WORKFLOW', messageId: null, user: who(user), outreach: true, customerText: words.text,
    decide: async (ctx, db) => {
      if (effect.action === 'HANDOFF') {
        return plan({ kind: 'HANDOFF', handoff: 'EXTERNAL', reason: q.parameter, reply: null }, { parameter: q.parameter, track: effect.track, insight: handoffInsight(ctx) });
      }
      const dt = effect.action === 'LOOK_UP_SLOTS' ? words.analysis?.dateTimes[0] : undefined;
      if (dt) {
        const step = await dateStep({ ctx, db, now, analysis: words.analysis!, messageAt: words.at, customerText: words.text }, { start: new Date(dt.start), hasTime: dt.hasTime });
        return plan(step.step, { parameter: q.parameter, track: step.track ?? effect.track, intent: 'DT' });
      }
      const reply = q.parameter === 'CUSTOMER_SAY_NO' || q.parameter === 'CUSTOMER_SAY_NO_AND_DETECTED_AUTO' ? 'DT_OTHER_TIME' : 'YES';
      return plan({ kind: 'ASK', reply }, { parameter: q.parameter, track: effect.track ?? (effect.action === 'LOOK_UP_SLOTS' ? ASK_FOR_SCHEDULE_TRACK : null) });
    },
  });
  return controlResult(ASSISTANT_NOTICES.updated, result);
}
