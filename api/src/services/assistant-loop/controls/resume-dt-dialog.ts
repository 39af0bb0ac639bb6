import { AppError, ASK_FOR_SCHEDULE_TRACK, ASSISTANT_NOTICES, type AnalyzeResponse, type DtDialogResume } from '@drivebay/shared';
import type { SessionUser } from '../../auth/sessions';
import { defaultAnalyzer } from '../../assistant';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { OPTED_OUT_MESSAGE } from '../../conversations/opt-out';
import { loadContext } from '../context';
import { dateStep } from '../decide';
import { assertDealRoomOptions, latestCustomerMessage } from '../messages';
import { runTurn, type TurnDeps } from '../turn';
import { controlResult, plan, who, type ControlResult } from './common';

/**
 * `POST .../dtDialog/resume`: sends the date-time dialogue. The customer's last message (typed, or
 * the latest received) is read for a date: a date gets the time confirmed or the nearest free
 * times, anything else the day-and-time question. Refused with 409 when the customer already has
 * an appointment or the dialogue already had its chance, unless isForced; refused for a customer
 * who opted out. The dialogue keeps answering the customer's dates, yes and no even with the
 * assistant switched off, until it books, hands off or is disabled.
 */
export async function resumeDtDialog(deps: TurnDeps, user: SessionUser, body: DtDialogResume): Promise<ControlResult> {
  assertDealRoomOptions(user);
  const { sql } = deps;
  const f = await loadInteractionForUser(sql, user, body.id, 'body.id');
  const ctx0 = (await loadContext(sql, f.id))!;
  if (ctx0.customer.optedOut) throw new AppError('CONFLICT', OPTED_OUT_MESSAGE, [{ field: 'body.id', message: OPTED_OUT_MESSAGE }]);
  if (!body.isForced) {
    const [upcoming] = await sql`select 1 from appointment where future_service_interaction_id = ${f.id}
      and appt_status in ('BOOKED', 'CONFIRMED', 'CHECKED_IN') and start_date > now() limit 1`;
    const problem = ctx0.appointmentSet || upcoming
      ? 'The customer already has an appointment. Send the Date Time Dialogue anyway?'
      : ctx0.isDtGotItsChance
        ? 'The Date Time Dialogue already had its chance with this customer. Send it again?'
        : null;
    if (problem) throw new AppError('CONFLICT', problem, [{ field: 'body.isForced', message: problem }]);
  }
  const latest = await latestCustomerMessage(sql, f.id);
  const text = body.lastMessage || latest?.content || '';
  const now = (deps.clock ?? (() => new Date()))();
  const analysis: AnalyzeResponse = text
    ? defaultAnalyzer().analyze(text.slice(0, 1600), { instant: now, zone: ctx0.zone })
    : { intents: [], finalIntentNames: [], multiIntentNames: [], dateTimes: [] };
  const flags = { dtDialogEnabled: true, manualBooking: body.manualBooking };
  const result = await runTurn(deps, {
    interactionId: f.id, kind: 'DT_DIALOG', messageId: latest?.id ?? null, user: who(user), outreach: true, customerText: text || null,
    decide: async (ctx, db) => {
      const dt = analysis.dateTimes[0];
      if (dt) {
        const step = await dateStep(
          { ctx: { ...ctx, manualBooking: body.manualBooking }, db, now, analysis, messageAt: latest?.createdOn ?? null, customerText: text },
          { start: new Date(dt.start), hasTime: dt.hasTime },
        );
        return plan(step.step, { intent: 'DT', parameter: step.parameter, track: step.track, flags });
      }
      return plan({ kind: 'ASK', reply: 'YES' }, { track: ASK_FOR_SCHEDULE_TRACK, flags });
    },
  });
  return controlResult(ASSISTANT_NOTICES.dtSent, result);
}
