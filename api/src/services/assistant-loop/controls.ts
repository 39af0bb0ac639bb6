import {
  AppError,
  ASK_FOR_SCHEDULE_TRACK,
  ASSISTANT_NOTICES,
  GM_HANDOFF_TRACK,
  PARAMETER_EFFECTS,
  handoffForTrack,
  insightForIntent,
  marksForIntents,
  type AnalyzeResponse,
  type ComplaintCategory,
  type ControlResultDto,
  type DtDialogResume,
  type InboundAppointmentParameter,
  type IntentCode,
  type IntentDetails,
  type ResponseCategory,
  type WorkflowTrack,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { defaultAnalyzer } from '../assistant';
import { loadInteractionForUser } from '../conversations/interaction-access';
import { OPTED_OUT_MESSAGE } from '../conversations/opt-out';
import { loadContext, type LoopContext } from './context';
import { dateStep, decideForIntent, decideInbound, type Plan, type Step } from './decide';
import {
  assertDealRoomOptions,
  assertMessageOptions,
  latestCustomerMessage,
  loadCustomerMessage,
  readMessage,
  storedAnalysis,
} from './messages';
import { recordEvent } from './effects/record-event';
import { storeAnalysis } from './effects/record-intents';
import { replyForStep } from './replies';
import { runTurn, type TurnDeps, type TurnResult } from './turn';

const FSI_FIELD = 'query.future-service-interaction-id';

const who = (user: SessionUser) => ({ id: user.userId, name: `${user.firstName} ${user.lastName}`.trim() || user.username });

/** What a control that made the assistant act answers. */
export type ControlResult = ControlResultDto;

const controlResult = (message: string, r: TurnResult): ControlResult => ({
  message,
  action: r.action,
  messageInstanceId: r.replyMessageId,
  replyText: r.replyText,
  heldUntil: r.heldUntil?.toISOString() ?? null,
  appointmentId: r.appointmentId,
});

const plan = (step: Step, o: Partial<Plan> = {}): Plan => ({
  intent: null, step, parameter: null, track: null, insight: null, marks: [], respondedToAi: false, ...o,
});

/** A handoff by a person names the conversation "hand-off" unless it has a category already. */
const handoffInsight = (ctx: LoopContext): ResponseCategory | null => (ctx.responseInsight === null ? 'HO' : null);

/** `GET .../intentDetails`: the Show Intents modal for a message (the latest customer message when none is named). */
export async function intentDetails(sql: Sql, user: SessionUser, q: { interactionId: number; messageId?: number | undefined }): Promise<IntentDetails> {
  assertMessageOptions(user);
  const f = await loadInteractionForUser(sql, user, q.interactionId, FSI_FIELD);
  const m = q.messageId !== undefined ? await loadCustomerMessage(sql, f.id, q.messageId) : await latestCustomerMessage(sql, f.id);
  const stored = m ? await storedAnalysis(sql, m.id) : null;
  if (!stored) return { messageId: m?.id ?? null, intents: [], finalIntentNames: [], multiIntentNames: [], dateTimes: [], staffIntent: null };
  const r = stored.result;
  return {
    messageId: m!.id,
    intents: r.intents.map((s) => ({ intentName: s.intentName, symLogs: { inputStrListBeforePreprocessor: [s.text] }, confidence: s.confidence })),
    finalIntentNames: r.finalIntentNames,
    multiIntentNames: r.multiIntentNames,
    dateTimes: r.dateTimes,
    staffIntent: stored.staffIntent,
  };
}

/**
 * `POST .../track/logMode`. Without a verdict: log mode is switched on for the customer message
 * (is_log_mode_to_be_sent), its validity goes back to "not reviewed" (null), and what the
 * assistant would do with the message is worked out and logged, without sending or changing
 * anything. With `validLogMode`: a reviewer's verdict on that reading (true right, false wrong).
 */
export async function setLogMode(
  deps: TurnDeps,
  user: SessionUser,
  q: { interactionId: number; messageId: number; validLogMode?: boolean | undefined },
): Promise<{ message: string; messageId: number; isLogModeToBeSent: boolean; validLogMode: boolean | null; action: string | null; loggedReply: string | null }> {
  assertMessageOptions(user);
  const { sql } = deps;
  const f = await loadInteractionForUser(sql, user, q.interactionId, FSI_FIELD);
  const m = await loadCustomerMessage(sql, f.id, q.messageId);
  if (q.validLogMode !== undefined) {
    await sql`update message_instance set is_log_mode_to_be_sent = true, valid_log_mode = ${q.validLogMode} where id = ${m.id}`;
    deps.notifier.interactionsChanged(f.storeId, [f.id]);
    return { message: ASSISTANT_NOTICES.updated, messageId: m.id, isLogModeToBeSent: true, validLogMode: q.validLogMode, action: null, loggedReply: null };
  }
  const { analysis, stored } = await readMessage(sql, m);
  const logged = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`select id from future_service_interaction where id = ${f.id} for update`;
    const ctx = (await loadContext(tx, f.id))!;
    // The reading as if the assistant were on: log mode shows what it would do.
    const decided = await decideInbound({
      ctx: { ...ctx, aiEnabled: true }, db: tx, now: (deps.clock ?? (() => new Date()))(), analysis: analysis.result, messageAt: m.createdOn, customerText: m.content,
    });
    const reply = await replyForStep(tx, ctx, decided.step);
    if (!stored) await storeAnalysis(tx, f.id, m.id, analysis);
    await tx`update message_instance set is_log_mode_to_be_sent = true, valid_log_mode = null where id = ${m.id}`;
    const action = `LOGGED_${decided.step.kind}`;
    await tx`
      insert into assistant_turn (future_service_interaction_id, message_instance_id, kind, intent, action, parameter, track, reply_text, user_id, detail)
      values (${f.id}, ${m.id}, 'LOG_MODE', ${decided.intent}, ${action}, ${decided.parameter}, ${decided.track}, ${reply?.text ?? null}, ${user.userId},
        ${tx.json({ step: decided.step.kind })})`;
    return { action, text: reply?.text ?? null };
  });
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: ASSISTANT_NOTICES.logModeEnabled, messageId: m.id, isLogModeToBeSent: true, validLogMode: null, action: logged.action, loggedReply: logged.text };
}

async function customerWords(sql: Sql, interactionId: number): Promise<{ text: string | null; analysis: AnalyzeResponse | null; at: Date | null }> {
  const m = await latestCustomerMessage(sql, interactionId);
  if (!m) return { text: null, analysis: null, at: null };
  const { analysis } = await readMessage(sql, m);
  return { text: m.content, analysis: analysis.result, at: m.createdOn };
}

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

/**
 * `POST .../workflow/track`: posts a track. The ask-for-schedule track sends the day-and-time
 * question; handoff tracks hand off (GM, MD, the customer team, external); the other tracks of the
 * lead (follow-up e-mail, drop-off answers, no-show, long follow-up) are recorded for the reports
 * and the people who run those workflows.
 */
export async function postTrack(
  deps: TurnDeps,
  user: SessionUser,
  q: { interactionId: number; track: WorkflowTrack; parameter?: string | undefined; intentName?: string | undefined },
): Promise<ControlResult> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const words = await customerWords(deps.sql, f.id);
  const parameter = (q.parameter ?? null) as Plan['parameter'];
  const intent = (q.intentName ?? null) as IntentCode | null;
  const result = await runTurn(deps, {
    interactionId: f.id, kind: 'WORKFLOW', messageId: null, user: who(user), outreach: true, customerText: words.text,
    decide: async (ctx) => {
      const handoff = handoffForTrack(q.track);
      if (handoff) {
        return plan({ kind: 'HANDOFF', handoff, reason: q.parameter ?? intent ?? q.track, reply: null }, { parameter, track: q.track, intent, insight: handoffInsight(ctx) });
      }
      if (q.track === ASK_FOR_SCHEDULE_TRACK) return plan({ kind: 'ASK', reply: 'YES' }, { parameter, track: q.track, intent });
      return plan({ kind: 'NONE', reason: 'RECORDED' }, { parameter, track: q.track, intent });
    },
  });
  return controlResult(ASSISTANT_NOTICES.updated, result);
}

/** `POST /api/lisa/hand-off/gm-hand-off`: the deal room's GM Handoff (parameter CQ). */
export async function gmHandoff(deps: TurnDeps, user: SessionUser, q: { interactionId: number; parameter: ComplaintCategory }): Promise<ControlResult> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const words = await customerWords(deps.sql, f.id);
  const result = await runTurn(deps, {
    interactionId: f.id, kind: 'HANDOFF', messageId: null, user: who(user), outreach: true, customerText: words.text,
    decide: async (ctx) =>
      plan({ kind: 'HANDOFF', handoff: 'GM', reason: q.parameter, reply: null }, { parameter: q.parameter, track: GM_HANDOFF_TRACK, insight: handoffInsight(ctx) }),
  });
  return controlResult(ASSISTANT_NOTICES.handedOff, result);
}

/** `POST /api/lisa/hand-off/manual-hand-off`: a person takes the conversation over (Customer HANDOFF). */
export async function manualHandoff(deps: TurnDeps, user: SessionUser, q: { interactionId: number }): Promise<ControlResult> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const words = await customerWords(deps.sql, f.id);
  const result = await runTurn(deps, {
    interactionId: f.id, kind: 'HANDOFF', messageId: null, user: who(user), outreach: true, customerText: words.text,
    decide: async (ctx) => plan({ kind: 'HANDOFF', handoff: 'CUSTOMER', reason: 'MANUAL_HANDOFF', reply: null }, { insight: handoffInsight(ctx) }),
  });
  return controlResult(ASSISTANT_NOTICES.handedOff, result);
}

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

/** `POST .../dtDialog/disable`: the dialogue stops; an offer it made no longer stands. */
export async function disableDtDialog(deps: TurnDeps, user: SessionUser, body: { id: number }): Promise<{ message: string }> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, body.id, 'body.id');
  await deps.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update future_service_interaction set dt_dialog_enabled = false, updated_on = now() where id = ${f.id}`;
    await tx`update assistant_dialogue set stage = 'IDLE', proposed_slots = '{}', proposed_on = null, requested_start = null,
        version = version + 1, updated_on = now()
      where future_service_interaction_id = ${f.id} and stage in ('ASKED_DAY_TIME', 'PROPOSED')`;
    await recordEvent(tx, f.id, 'NEW_EVENT', null);
  });
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: ASSISTANT_NOTICES.dtDisabled };
}

/**
 * Action Intents and Default Action Intents: a person says which intent a customer message
 * carries. The choice is kept with the message's reading (Show Intents shows it). Action Intents
 * then has the assistant do what it does for that intent (answer, offer times, book, hand off),
 * as if it had read it so, whether or not it is switched on; Default Action Intents only files
 * the message under the intent (response insight and marks; a stop also opts the customer out)
 * and sends nothing.
 */
export async function applyActionIntent(
  deps: TurnDeps,
  user: SessionUser,
  q: { interactionId: number; messageId: number; intent: IntentCode; mode: 'ACTION' | 'DEFAULT' },
): Promise<ControlResult & { intent: IntentCode }> {
  assertMessageOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const m = await loadCustomerMessage(deps.sql, f.id, q.messageId);
  const { analysis, stored } = await readMessage(deps.sql, m);
  const now = (deps.clock ?? (() => new Date()))();
  const result = await runTurn(deps, {
    interactionId: f.id,
    kind: q.mode === 'ACTION' ? 'ACTION_INTENT' : 'DEFAULT_ACTION_INTENT',
    messageId: m.id,
    user: who(user),
    analysis: stored ? null : analysis,
    staffIntent: q.intent,
    outreach: true,
    customerText: m.content,
    decide: async (ctx, db) => {
      if (q.mode === 'DEFAULT') {
        const step: Step = q.intent === 'STOP' ? { kind: 'OPT_OUT' } : { kind: 'NONE', reason: 'RECORDED' };
        return plan(step, { intent: q.intent, insight: insightForIntent(q.intent), marks: marksForIntents([q.intent]) });
      }
      return decideForIntent({ ctx, db, now, analysis: analysis.result, messageAt: m.createdOn, customerText: m.content }, q.intent);
    },
  });
  return { ...controlResult(ASSISTANT_NOTICES.updated, result), intent: q.intent };
}

/** `PUT .../responseInsight`: a person sets the conversation's response category. */
export async function setResponseInsight(deps: TurnDeps, user: SessionUser, q: { interactionId: number; insight: ResponseCategory }): Promise<{ message: string; responseInsight: string }> {
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  await deps.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update future_service_interaction set response_insight = ${q.insight}, updated_on = now() where id = ${f.id}`;
    await recordEvent(tx, f.id, 'NEW_EVENT', null);
  });
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: ASSISTANT_NOTICES.updated, responseInsight: q.insight };
}
