import {
  ACKNOWLEDGED_INTENTS,
  ASK_FOR_SCHEDULE_TRACK,
  BOOKING_REQUEST_INTENTS,
  EXTERNAL_HANDOFF_TRACK,
  SERVICE_DIVISION_ID,
  HANDOFF_INTENTS,
  NEEDS_PERSON_INTENTS,
  insightForIntent,
  marksForIntents,
  primaryIntent,
  type AnalyzeResponse,
  type AssistantReplyKey,
  type ComplaintCategory,
  type HandoffKind,
  type InboundAppointmentParameter,
  type IntentCode,
  type ResponseCategory,
  type WorkflowTrack,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { LoopContext } from './context';
import { possibleOptOutPlan, repairOrderPlan, uncertainPlan } from './guards';
import { lookUpSlots, matchProposal, slotMinutes, stillFree } from './slots';

/** Why a turn does nothing the customer sees. */
export type QuietReason = 'AI_OFF' | 'OPTED_OUT' | 'NOTHING_TO_ANSWER' | 'SUPERSEDED' | 'RECORDED' | 'NOT_SERVICE';

/** What the assistant does in one turn. */
export type Step =
  | { kind: 'NONE'; reason: QuietReason }
  /** Consent revoked in words: block texts, say nothing. */
  | { kind: 'OPT_OUT' }
  /** A short templated answer. `endsDialogue`: a pending proposal no longer stands. */
  | { kind: 'ACK'; reply: AssistantReplyKey; endsDialogue: boolean; needsPerson: boolean }
  /** Asks for a day and time. */
  | { kind: 'ASK'; reply: Extract<AssistantReplyKey, 'YES' | 'DT_OTHER_TIME' | 'REQ_LOANER' | 'REQ_PD'> }
  /** Offers one free time to confirm (`exact`) or the nearest free times. */
  | { kind: 'PROPOSE'; starts: Date[]; requested: Date | null; exact: boolean }
  /** Tells the customer where their car in the shop stands (its repair order's lane and promised time). */
  | { kind: 'RO_STATUS'; roNumber: string; statusCode: string; promised: Date | null }
  /** Books the time the customer accepted (the nearest free ones are offered if it was taken meanwhile). */
  | { kind: 'BOOK'; start: Date }
  /** Hands the conversation to a person; `reply` is what the customer is told meanwhile. */
  | { kind: 'HANDOFF'; handoff: HandoffKind; reason: string; reply: Extract<AssistantReplyKey, 'HO' | 'APPT_HANDOFF'> | null; start?: Date };

export type Plan = {
  /** The intent the turn acts on. */
  intent: IntentCode | null;
  step: Step;
  /** The workflow parameter (or handoff category) recorded with the turn. */
  parameter: InboundAppointmentParameter | ComplaintCategory | null;
  track: WorkflowTrack | null;
  /** The response category the reply gives (see nextInsight for how it lands). */
  insight: ResponseCategory | null;
  /** Marks put on the interaction. */
  marks: string[];
  /** The customer answered the assistant. */
  respondedToAi: boolean;
  /** Date-time dialogue switches set by the turn (the DT dialogue controls). */
  flags?: { dtDialogEnabled?: boolean; manualBooking?: boolean };
};

export type DecideInput = {
  ctx: LoopContext;
  /** Reads with this (the caller's transaction when it holds the interaction's lock). */
  db: Sql;
  now: Date;
  analysis: AnalyzeResponse;
  /** When the customer wrote the message the turn answers. */
  messageAt: Date | null;
  /** The message's text, for the answers the assistant knows. */
  customerText: string | null;
};

/** The intents of the date-time dialogue, which it handles even with the assistant switched off. */
const DIALOGUE_INTENTS: ReadonlySet<IntentCode> = new Set(['DT', 'YES', 'NO']);

const HOURS_QUESTION = /\b(hours?|open|opens|opening|close|closes|closing)\b/i;
const LOCATION_QUESTION = /\b(where|address|located|location|directions)\b/i;

const quiet = (reason: QuietReason, o: Partial<Plan> = {}): Plan => ({
  intent: null, step: { kind: 'NONE', reason }, parameter: null, track: null, insight: null, marks: [], respondedToAi: false, ...o,
});

/**
 * The assistant's turn for a customer's message. A stop in words opts the customer out whatever
 * the assistant's switch says (consent is revoked in any reasonable manner). Otherwise nothing
 * happens while the assistant is off, except the date-time dialogue's own answers (a date, yes,
 * no) when staff switched the dialogue on; nothing is sent to an opted-out customer, and nothing
 * is done in conversations outside the service division. A reply that might revoke consent is
 * handed to a person, like a clear stop whatever the switch says; a question about a car in the
 * shop is answered from its repair order; a reading the analyzer calls a guess goes to a person.
 */
export async function decideInbound(i: DecideInput): Promise<Plan> {
  const { ctx, analysis } = i;
  const primary = primaryIntent(analysis.finalIntentNames) ?? 'MISC';
  const marks = marksForIntents(analysis.finalIntentNames);
  if (primary === 'STOP') return { ...quiet('RECORDED'), intent: 'STOP', step: { kind: 'OPT_OUT' }, insight: 'STOP', marks, respondedToAi: ctx.aiEnabled };
  const possibleOptOut = possibleOptOutPlan(analysis, ctx, primary, marks);
  if (possibleOptOut) return possibleOptOut;
  // The loop books service appointments; sales conversations are the sales team's.
  if (ctx.divisionId !== SERVICE_DIVISION_ID) return quiet('NOT_SERVICE', { intent: primary });
  const dialogueOnly = !ctx.aiEnabled && ctx.dtDialogEnabled && DIALOGUE_INTENTS.has(primary);
  if (!ctx.aiEnabled && !dialogueOnly) return quiet('AI_OFF', { intent: primary });
  if (ctx.customer.optedOut) return quiet('OPTED_OUT', { intent: primary, insight: insightForIntent(primary), marks, respondedToAi: true });
  const guarded = (await repairOrderPlan(i.db, analysis, ctx, primary, marks)) ?? uncertainPlan(analysis, primary);
  if (guarded) return guarded;
  return decideForIntent(i, primary, marks);
}

/** What the assistant does for an intent, whether it read it or a person chose it (Action Intents). */
export async function decideForIntent(i: DecideInput, intent: IntentCode, marks: string[] = marksForIntents([intent])): Promise<Plan> {
  const base: Plan = { intent, step: { kind: 'NONE', reason: 'NOTHING_TO_ANSWER' }, parameter: null, track: null, insight: insightForIntent(intent), marks, respondedToAi: true };
  const { ctx } = i;
  if (intent === 'STOP') return { ...base, step: { kind: 'OPT_OUT' } };
  if (intent === 'DT') {
    const dt = i.analysis.dateTimes[0];
    if (!dt) return { ...base, ...askForDayTime('YES', 'DETECTED_AUTO') };
    return { ...base, ...(await dateStep(i, { start: new Date(dt.start), hasTime: dt.hasTime })) };
  }
  if (intent === 'YES') return { ...base, ...(await yesStep(i)) };
  if (intent === 'NO') {
    if (ctx.dialogue.stage === 'PROPOSED') return { ...base, ...askForDayTime('DT_OTHER_TIME', 'CUSTOMER_SAY_NO_AND_DETECTED_AUTO') };
    return { ...base, step: { kind: 'ACK', reply: 'NO', endsDialogue: true, needsPerson: false } };
  }
  if (intent === 'CQ') {
    const question = i.analysis.intents.filter((s) => s.intentName === 'CQ').map((s) => s.text).join(' ') || (i.customerText ?? '');
    if (HOURS_QUESTION.test(question)) return { ...base, step: { kind: 'ACK', reply: 'CQ_HOURS', endsDialogue: false, needsPerson: false } };
    if (LOCATION_QUESTION.test(question)) return { ...base, step: { kind: 'ACK', reply: 'CQ_LOCATION', endsDialogue: false, needsPerson: false } };
  }
  if (HANDOFF_INTENTS.includes(intent)) {
    return { ...base, parameter: intent === 'CC' || intent === 'CQ' || intent === 'VI' ? intent : null, step: { kind: 'HANDOFF', handoff: 'GM', reason: intent, reply: 'HO' } };
  }
  if (BOOKING_REQUEST_INTENTS.includes(intent)) return { ...base, step: { kind: 'ASK', reply: intent as 'REQ_LOANER' | 'REQ_PD' } };
  if (ACKNOWLEDGED_INTENTS.includes(intent)) {
    const keepsDialogue = intent === 'CUST-APPR' || intent === 'DD' || intent === 'EMP' || intent === 'CPAL';
    return { ...base, step: { kind: 'ACK', reply: intent as AssistantReplyKey, endsDialogue: !keepsDialogue, needsPerson: NEEDS_PERSON_INTENTS.includes(intent) } };
  }
  return base;
}

function askForDayTime(reply: 'YES' | 'DT_OTHER_TIME', parameter: InboundAppointmentParameter): Pick<Plan, 'step' | 'parameter' | 'track'> {
  return { step: { kind: 'ASK', reply }, parameter, track: ASK_FOR_SCHEDULE_TRACK };
}

/**
 * The customer accepted `start`: the assistant books it, unless a person books this conversation
 * (manual booking), in which case the accepted time is handed to them (external handoff).
 */
function accept(ctx: LoopContext, start: Date): Pick<Plan, 'step' | 'parameter' | 'track'> {
  if (ctx.manualBooking) {
    return { step: { kind: 'HANDOFF', handoff: 'EXTERNAL', reason: 'CUSTOMER_SAY_YES', reply: 'APPT_HANDOFF', start }, parameter: 'CUSTOMER_SAY_YES', track: EXTERNAL_HANDOFF_TRACK };
  }
  return { step: { kind: 'BOOK', start }, parameter: null, track: null };
}

/** A date or time from the customer: the proposal it names, the time itself if free, or the nearest free times. */
export async function dateStep(i: DecideInput, dt: { start: Date; hasTime: boolean }): Promise<Pick<Plan, 'step' | 'parameter' | 'track'>> {
  const { ctx } = i;
  if (ctx.dialogue.stage === 'PROPOSED') {
    const minutes = await slotMinutes(i.db, ctx.storeId);
    const named = matchProposal(ctx.dialogue.proposedSlots, dt, { zone: ctx.store.zone, slotMinutes: minutes });
    if (named) return accept(ctx, named);
  }
  const found = await lookUpSlots(i.db, { storeId: ctx.storeId, zone: ctx.store.zone, requested: dt.start, hasTime: dt.hasTime, now: i.now });
  if (found.kind === 'free') return { step: { kind: 'PROPOSE', starts: [found.start], requested: dt.start, exact: true }, parameter: 'DT_DETECTED', track: null };
  if (found.starts.length) return { step: { kind: 'PROPOSE', starts: found.starts, requested: dt.start, exact: false }, parameter: 'DT_DETECTED', track: null };
  return { step: { kind: 'ASK', reply: 'DT_OTHER_TIME' }, parameter: 'DT_DETECTED', track: ASK_FOR_SCHEDULE_TRACK };
}

/**
 * A yes: after the assistant offered one time, that time is accepted; after several, the ones still
 * free are offered again (a yes does not say which); otherwise the customer is asked for a day and
 * time. Only a yes written after the offer counts as an answer to it.
 */
async function yesStep(i: DecideInput): Promise<Pick<Plan, 'step' | 'parameter' | 'track'>> {
  const { ctx } = i;
  const d = ctx.dialogue;
  const answersOffer = d.stage === 'PROPOSED' && d.proposedSlots.length > 0 && (!i.messageAt || !d.proposedOn || d.proposedOn <= i.messageAt);
  if (answersOffer) {
    if (d.proposedSlots.length === 1) return accept(ctx, d.proposedSlots[0]!);
    const free = await stillFree(i.db, { storeId: ctx.storeId, zone: ctx.store.zone, starts: d.proposedSlots, now: i.now });
    if (free.length) return { step: { kind: 'PROPOSE', starts: free, requested: d.requestedStart, exact: false }, parameter: 'CUSTOMER_SAY_YES_AND_DETECTED_AUTO', track: null };
  }
  return askForDayTime('YES', 'CUSTOMER_SAY_YES_AND_DETECTED_AUTO');
}
