import { randomUUID } from 'node:crypto';
import type { TransactionSql } from 'postgres';
import {
  AppError,
  BOOKED_MARK,
  HANDOFF_KINDS,
  RESPONSE_CATEGORIES,
  nextInsight,
  type AnalyzeResponse,
  type IntentCode,
  type ResponseCategory,
  type ServiceType,
  type WorkflowTrack,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { Logger } from '../../lib/logger';
import type { OutboxWaker } from '../conversations/deps';
import type { InboxNotifier } from '../conversations/notifier';
import { recordOptOut } from '../conversations/opt-out';
import { insertOutbound } from '../conversations/outbound';
import { writeBooking } from '../appointments/book-appointment';
import { customerLabel, loadContext, type DialogueStage, type LoopContext } from './context';
import type { Plan, Step } from './decide';
import type { Rephraser } from './llm';
import { holdInOutbox, lastCustomerMessageAt, outreachHold } from './outreach';
import { renderReply, type RenderedReply } from './replies';
import { formatSlot, lookUpSlots } from './slots';

/** What started a turn (assistant_turn.kind). */
export type TurnKind = 'INBOUND' | 'LOG_MODE' | 'ACTION_INTENT' | 'DEFAULT_ACTION_INTENT' | 'DT_DIALOG' | 'WORKFLOW' | 'HANDOFF';

/** What a turn needs besides its request. */
export type TurnDeps = {
  sql: Sql;
  notifier: InboxNotifier;
  outbox?: OutboxWaker | undefined;
  logger?: Logger | undefined;
  rephraser?: Rephraser | null | undefined;
  /** The clock slots and quiet hours are judged by; the real time unless a test pins it. */
  clock?: (() => Date) | undefined;
};

/** An analysis of a customer message to keep (message_intent). */
export type StoredAnalysis = { result: AnalyzeResponse; referenceTime: Date; zone: string };

export type TurnRequest = {
  interactionId: number;
  kind: TurnKind;
  /** The customer message the turn is about; an INBOUND turn claims it. */
  messageId: number | null;
  /** The person who asked for the turn (staff controls); null for the assistant's own. */
  user?: { id: number; name: string } | null;
  analysis?: StoredAnalysis | null;
  /** The intent a person chose for the message (Action Intents). */
  staffIntent?: IntentCode | null;
  /** Decides the turn from the interaction as it stands, read with `db`. */
  decide: (ctx: LoopContext, db: Sql) => Promise<Plan>;
  /** The dealership starts this contact: it waits out the customer's quiet hours unless they wrote within a day. */
  outreach: boolean;
  /** The customer's words the turn answers (for the handoff bubble and the rephrasing). */
  customerText: string | null;
  /** The reply's client id, so a retried request sends it once; random when absent. */
  clientMessageId?: string;
};

export type TurnResult = {
  /** The message was claimed before: nothing was done. */
  duplicate: boolean;
  turnId: number | null;
  action: string;
  plan: Plan | null;
  replyText: string | null;
  replyMessageId: number | null;
  appointmentId: number | null;
  heldUntil: Date | null;
};

const DUPLICATE: TurnResult = {
  duplicate: true, turnId: null, action: 'DUPLICATE', plan: null, replyText: null, replyMessageId: null, appointmentId: null, heldUntil: null,
};

/** The operation booked for an interaction's service type; scheduled maintenance for the rest. */
const OP_CODE_FOR: Partial<Record<ServiceType, string>> = {
  OIL_CHANGE: '01OILZ', OIL_CHANGE_CPO: '01OILZ', OIL_CHANGE_10K: '01OILZ', OIL_CHANGE_15K: '01OILZ', OIL_CHANGE_20K: '01OILZ',
  OIL_CHANGE_25K: '01OILZ', OIL_CHANGE_POST_30_MONTHS: '01OILZ', CHECK_UP: '03MPI', CHECK_UP_30D: '03MPI', CHECK_UP_CPO: '03MPI',
  STATE_INSPECTION: '06STATE', TOYOTA_ERROR_ALERT: '09DIAG', LEXUS_ERROR_ALERT: '09DIAG',
};
const DEFAULT_OP_CODE = '10MAINT';

/** What the step is called in assistant_turn.action. */
function actionOf(step: Step, booked: boolean): string {
  switch (step.kind) {
    case 'NONE': return `SKIPPED_${step.reason}`;
    case 'OPT_OUT': return 'OPTED_OUT';
    case 'ACK': return 'ACKNOWLEDGED';
    case 'ASK': return 'ASKED_DAY_TIME';
    case 'PROPOSE': return 'PROPOSED';
    case 'BOOK': return booked ? 'BOOKED' : 'BOOKING';
    case 'HANDOFF': return 'HANDED_OFF';
  }
}

/** The reply a step sends, filled in for the interaction. */
export async function replyForStep(db: Sql, ctx: LoopContext, step: Step): Promise<RenderedReply | null> {
  switch (step.kind) {
    case 'ACK': return renderReply(db, ctx, step.reply);
    case 'ASK': return renderReply(db, ctx, step.reply);
    case 'PROPOSE': return step.exact ? renderReply(db, ctx, 'DT', { time: step.starts[0]! }) : renderReply(db, ctx, 'DT_ALTERNATIVES', { choices: step.starts });
    case 'BOOK': return renderReply(db, ctx, 'APPT_SET', { time: step.start });
    case 'HANDOFF': return step.reply ? renderReply(db, ctx, step.reply, step.start ? { time: step.start } : {}) : null;
    default: return null;
  }
}

/** A booking refused because of the time (taken, passed, closed), which the customer can fix by choosing another. */
function isSlotRefusal(err: unknown): boolean {
  return err instanceof AppError && (err.code === 'CONFLICT' || (err.code === 'VALIDATION_FAILED' && err.details[0]?.field === 'startTime'));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Runs one turn of the assistant for an interaction, exactly once: everything it does (the
 * reading of the message, the claim, the booking, the reply queued in the outbox, the handoff
 * bubble, flags, marks, the dialogue's state, the workflow track and the event) is written in one
 * transaction that holds the interaction's row lock, decided from the state read under that lock.
 * An INBOUND turn first claims its message; a message claimed before (a redelivered event, another
 * process, a restart) does nothing. With a rephraser, the reply is reworded before the
 * transaction (the model is not asked while a lock is held) and used only if the turn decided
 * under the lock comes to the same template text.
 */
export async function runTurn(deps: TurnDeps, req: TurnRequest): Promise<TurnResult> {
  const { sql } = deps;
  const now = (deps.clock ?? (() => new Date()))();
  if (req.kind === 'INBOUND' && req.messageId !== null && (await isClaimed(sql, req.messageId))) return DUPLICATE;

  let rephrased: { template: string; text: string } | null = null;
  if (deps.rephraser) {
    const ctx = await loadContext(sql, req.interactionId);
    if (ctx) {
      const draft = await replyForStep(sql, ctx, (await req.decide(ctx, sql)).step);
      if (draft) {
        const text = await deps.rephraser.rephrase({ draft: draft.text, customerMessage: req.customerText, keep: draft.keep });
        if (text) rephrased = { template: draft.text, text };
      }
    }
  }

  const outcome = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    const [locked] = await tx<{ id: number }[]>`select id from future_service_interaction where id = ${req.interactionId} for update`;
    if (!locked) throw new AppError('NOT_FOUND', `Interaction ${req.interactionId} does not exist`);
    let claimId: number | null = null;
    let superseded = false;
    if (req.kind === 'INBOUND' && req.messageId !== null) {
      const [claim] = await tx<{ id: number }[]>`
        insert into assistant_turn (future_service_interaction_id, message_instance_id, kind, action)
        values (${req.interactionId}, ${req.messageId}, 'INBOUND', 'CLAIMED')
        on conflict (message_instance_id) where kind = 'INBOUND' do nothing
        returning id`;
      if (!claim) return null;
      claimId = claim.id;
      // A later message of the customer was answered already: answering this one now would
      // reply out of order, and the later answer was decided with it in the thread.
      const [later] = await tx`select 1 from assistant_turn where future_service_interaction_id = ${req.interactionId}
        and kind = 'INBOUND' and message_instance_id > ${req.messageId} limit 1`;
      superseded = !!later;
    }
    const ctx = (await loadContext(tx, req.interactionId))!;
    const plan: Plan = superseded
      ? { intent: null, step: { kind: 'NONE', reason: 'SUPERSEDED' }, parameter: null, track: null, insight: null, marks: [], respondedToAi: false }
      : await req.decide(ctx, tx);
    return applyPlan(t, ctx, plan, { ...req, claimId, now, rephrased });
  });
  if (!outcome) return DUPLICATE;
  if (outcome.changed) deps.notifier.interactionsChanged(outcome.storeId, [req.interactionId]);
  if (outcome.result.replyMessageId !== null) deps.outbox?.wake();
  return outcome.result;
}

async function isClaimed(sql: Sql, messageId: number): Promise<boolean> {
  const [row] = await sql`select 1 from assistant_turn where message_instance_id = ${messageId} and kind = 'INBOUND'`;
  return !!row;
}

/** Keeps (or replaces) the reading of a customer message. */
export async function storeAnalysis(sql: Sql, interactionId: number, messageId: number, a: StoredAnalysis): Promise<void> {
  const r = a.result;
  await sql`
    insert into message_intent (message_instance_id, future_service_interaction_id, intents, final_intent_names, multi_intent_names,
      date_times, primary_intent, reference_time, time_zone)
    values (${messageId}, ${interactionId}, ${sql.json(r.intents)}, ${r.finalIntentNames}, ${r.multiIntentNames},
      ${sql.json(r.dateTimes)}, ${r.finalIntentNames[0] ?? null}, ${a.referenceTime}, ${a.zone})
    on conflict (message_instance_id) do update set intents = excluded.intents, final_intent_names = excluded.final_intent_names,
      multi_intent_names = excluded.multi_intent_names, date_times = excluded.date_times, primary_intent = excluded.primary_intent,
      reference_time = excluded.reference_time, time_zone = excluded.time_zone, analyzed_on = now()`;
}

type ApplyOptions = TurnRequest & { claimId: number | null; now: Date; rephrased: { template: string; text: string } | null };

async function applyPlan(t: TransactionSql, ctx: LoopContext, plan: Plan, o: ApplyOptions) {
  const tx = t as unknown as Sql;
  if (o.analysis && o.messageId !== null) await storeAnalysis(tx, ctx.interactionId, o.messageId, o.analysis);
  if (o.staffIntent && o.messageId !== null) {
    await tx`update message_intent set staff_intent = ${o.staffIntent}, staff_intent_by = ${o.user?.id ?? null}, staff_intent_on = now()
      where message_instance_id = ${o.messageId}`;
  }

  let step = plan.step;
  if (step.kind === 'OPT_OUT') {
    await recordOptOut(tx, { storeId: ctx.storeId, customerId: ctx.customerId, phone: ctx.customer.cellular ?? '' });
  }
  const marks = [...plan.marks];
  if (marks.length) {
    await tx`insert into mark ${tx(marks.map((m) => ({ target: 'FUTURE_SERVICE_INTERACTION', future_service_interaction_id: ctx.interactionId, intent_type: m, value: 'true' })))}
      on conflict (future_service_interaction_id, intent_type) where target = 'FUTURE_SERVICE_INTERACTION' do nothing`;
  }

  let appointmentId: number | null = null;
  if (step.kind === 'BOOK') {
    const start = step.start;
    try {
      appointmentId = await t.savepoint((sp) => bookSlot(sp as unknown as Sql, ctx, start, o.now));
    } catch (err) {
      if (!isSlotRefusal(err)) throw err;
      // Taken (or passed) since it was offered: the nearest free times instead.
      const found = await lookUpSlots(tx, { storeId: ctx.storeId, zone: ctx.store.zone, requested: start, hasTime: true, now: o.now });
      step = found.kind === 'free'
        ? { kind: 'PROPOSE', starts: [found.start], requested: start, exact: true }
        : found.starts.length ? { kind: 'PROPOSE', starts: found.starts, requested: start, exact: false } : { kind: 'ASK', reply: 'DT_OTHER_TIME' };
    }
  }
  const booked = appointmentId !== null;
  if (booked) {
    await tx`insert into mark (target, future_service_interaction_id, intent_type, value)
      values ('FUTURE_SERVICE_INTERACTION', ${ctx.interactionId}, ${BOOKED_MARK}, 'true')
      on conflict (future_service_interaction_id, intent_type) where target = 'FUTURE_SERVICE_INTERACTION' do nothing`;
  }

  const reply = await replyForStep(tx, ctx, step);
  const text = reply ? (o.rephrased && o.rephrased.template === reply.text ? o.rephrased.text : reply.text) : null;
  const senderName = ctx.sender?.name ?? ctx.store.name;
  const customerName = `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim() || null;

  if (booked && step.kind === 'BOOK') {
    // Before the confirmation text, so the text stays the thread's latest message.
    const [a] = await tx<{ title: string | null }[]>`select title from appointment where id = ${appointmentId}`;
    await tx`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, from_address, from_name, to_address, to_name,
        direction, message_type, notification_type, title, start_time, appointment_id, message_sent_by, doer_proxy_user_id, read_status)
      values (${ctx.interactionId}, ${ctx.storeId}, ${ctx.customerId},
        ${`Service appointment${a?.title ? `: ${a.title}` : ''} — ${formatSlot(step.start, ctx.store.zone)}`},
        ${ctx.sender?.phone ?? null}, ${senderName}, ${ctx.customer.email ?? ctx.customer.cellular}, ${customerName},
        'SENT', 'CALENDAR_INVITE', 'SCHEDULE_APPOINTMENT', 'Service appointment', ${step.start}, ${appointmentId}, 'AI', ${o.user?.id ?? null}, true)`;
  }

  let replyMessageId: number | null = null;
  let heldUntil: Date | null = null;
  const canText = !!text && !!ctx.customer.cellular && !ctx.customer.optedOut && !!ctx.sender?.phone && step.kind !== 'OPT_OUT';
  if (canText) {
    const written = await insertOutbound(tx, {
      interactionId: ctx.interactionId, storeId: ctx.storeId, customerId: ctx.customerId, messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER',
      content: text!, subject: null, from: ctx.sender!.phone, fromName: senderName, to: ctx.customer.cellular, toName: customerName, mediaUrls: [],
      startTime: null, clientMessageId: o.clientMessageId ?? randomUUID(), sentByUserId: null, messageSentBy: 'AI',
    });
    replyMessageId = written.id;
    if (written.created && o.user) await tx`update message_instance set doer_proxy_user_id = ${o.user.id} where id = ${written.id}`;
    if (written.created && o.outreach) {
      heldUntil = outreachHold({ now: o.now, zone: ctx.zone, lastCustomerMessageAt: await lastCustomerMessageAt(tx, ctx.customerId) });
      if (heldUntil) await holdInOutbox(tx, written.id, heldUntil);
    }
  }

  let track: WorkflowTrack | null = plan.track;
  if (step.kind === 'HANDOFF') {
    const kind = HANDOFF_KINDS[step.handoff];
    track ??= kind.track;
    const [earlier] = await tx`select 1 from message_instance where future_service_interaction_id = ${ctx.interactionId}
      and message_type = 'INTERNAL' and notification_type = ${kind.notificationType} and title in (${kind.title}, ${kind.repeatTitle}) limit 1`;
    const reason = RESPONSE_CATEGORIES[step.reason as ResponseCategory]
      ?? (step.start ? `accepted ${formatSlot(step.start, ctx.store.zone)}` : step.reason.toLowerCase().replaceAll('_', ' '));
    const words = o.customerText ? `<p>“${escapeHtml(o.customerText)}”</p>` : '';
    const by = o.user ? ` Handed off by ${escapeHtml(o.user.name)}.` : '';
    await tx`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, from_name, to_name, direction,
        message_type, notification_type, title, message_sent_by, doer_proxy_user_id, read_status)
      values (${ctx.interactionId}, ${ctx.storeId}, ${ctx.customerId},
        ${`<p>${escapeHtml(customerLabel(ctx))} needs a person: ${escapeHtml(reason)}.${by}</p>${words}`},
        ${o.user?.name ?? senderName}, ${step.handoff === 'GM' ? 'Service manager' : step.handoff === 'MD' ? 'Managing director' : 'Service team'},
        'SENT', 'INTERNAL', ${kind.notificationType}, ${earlier ? kind.repeatTitle : kind.title}, ${o.user?.name ?? 'AI'}, ${o.user?.id ?? null}, true)`;
  }

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

  const next = nextDialogue(step, booked, ctx.dialogue.stage);
  if (next) {
    await tx`
      insert into assistant_dialogue (future_service_interaction_id, stage, proposed_slots, proposed_on, requested_start, last_parameter, last_track, version)
      values (${ctx.interactionId}, ${next.stage}, ${next.proposed.map((d) => d.toISOString())}::timestamptz[], case when ${next.proposed.length > 0} then now() end, ${next.requested},
        ${plan.parameter}, ${track}, 1)
      on conflict (future_service_interaction_id) do update set stage = excluded.stage, proposed_slots = excluded.proposed_slots,
        proposed_on = case when cardinality(excluded.proposed_slots) > 0 then now() else null end, requested_start = excluded.requested_start,
        last_parameter = coalesce(excluded.last_parameter, assistant_dialogue.last_parameter),
        last_track = coalesce(excluded.last_track, assistant_dialogue.last_track),
        version = assistant_dialogue.version + 1, updated_on = now()`;
  }

  if (track || plan.parameter) {
    await tx`
      insert into workflow_track_event (future_service_interaction_id, track, parameter, intent_name, source, user_id, message_instance_id)
      values (${ctx.interactionId}, ${track}, ${plan.parameter}, ${plan.intent}, ${o.user ? 'USER' : 'ASSISTANT'}, ${o.user?.id ?? null}, ${o.messageId})`;
  }

  const changed = step.kind !== 'NONE' || insight !== ctx.responseInsight || marks.length > 0 || plan.flags !== undefined;
  if (changed) await recordEvent(tx, ctx.interactionId, booked ? 'APPOINTMENT_BOOKED' : 'NEW_EVENT', appointmentId);

  const action = actionOf(step, booked);
  const detail = {
    step: step.kind,
    ...(step.kind === 'PROPOSE' ? { proposed: step.starts.map((s) => s.toISOString()), exact: step.exact } : {}),
    ...(step.kind === 'HANDOFF' ? { handoff: step.handoff, reason: step.reason } : {}),
    ...(text && !canText ? { notSent: ctx.customer.optedOut ? 'OPTED_OUT' : 'NO_SMS_CHANNEL' } : {}),
    ...(o.rephrased && text === o.rephrased.text ? { rephrased: true } : {}),
  };
  let turnId: number;
  if (o.claimId !== null) {
    await tx`update assistant_turn set intent = ${plan.intent}, action = ${action}, parameter = ${plan.parameter}, track = ${track},
        reply_text = ${text}, reply_message_id = ${replyMessageId}, appointment_id = ${appointmentId}, held_until = ${heldUntil},
        detail = ${tx.json(detail)}
      where id = ${o.claimId}`;
    turnId = o.claimId;
  } else {
    const [row] = await tx<{ id: number }[]>`
      insert into assistant_turn (future_service_interaction_id, message_instance_id, kind, intent, action, parameter, track, reply_text,
        reply_message_id, appointment_id, held_until, user_id, detail)
      values (${ctx.interactionId}, ${o.messageId}, ${o.kind}, ${plan.intent}, ${action}, ${plan.parameter}, ${track}, ${text},
        ${replyMessageId}, ${appointmentId}, ${heldUntil}, ${o.user?.id ?? null}, ${tx.json(detail)})
      returning id`;
    turnId = row!.id;
  }
  const result: TurnResult = { duplicate: false, turnId, action, plan: { ...plan, step, track }, replyText: canText ? text : null, replyMessageId, appointmentId, heldUntil };
  return { result, storeId: ctx.storeId, changed: changed || !!o.analysis };
}

/** The dialogue's next state after a step; null leaves it as it is. */
function nextDialogue(step: Step, booked: boolean, current: DialogueStage): { stage: DialogueStage; proposed: Date[]; requested: Date | null } | null {
  switch (step.kind) {
    case 'NONE': return null;
    case 'OPT_OUT': return { stage: 'IDLE', proposed: [], requested: null };
    case 'ACK': return step.endsDialogue ? { stage: 'IDLE', proposed: [], requested: null } : null;
    case 'ASK': return { stage: 'ASKED_DAY_TIME', proposed: [], requested: null };
    case 'PROPOSE': return { stage: 'PROPOSED', proposed: step.starts, requested: step.requested };
    case 'BOOK': return booked ? { stage: 'BOOKED', proposed: [], requested: null } : { stage: current, proposed: [], requested: null };
    case 'HANDOFF': return { stage: 'HANDED_OFF', proposed: [], requested: null };
  }
}

/**
 * Books `start` for the conversation inside the caller's transaction, through the booking
 * service's own writer (the slot's capacity under its lock), with no user behind it. A loaner or
 * pickup-and-delivery request the customer made gives the transport.
 */
async function bookSlot(db: Sql, ctx: LoopContext, start: Date, now: Date): Promise<number> {
  const [requests] = await db<{ loaner: boolean; delivery: boolean }[]>`
    select bool_or(intent_type = 'REQ_LOANER') as loaner, bool_or(intent_type = 'REQ_PD') as delivery
    from mark where target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${ctx.interactionId}`;
  const transportType = requests?.loaner ? 'LOANER' : requests?.delivery ? 'PICKUP_DELIVERY' : null;
  return writeBooking(
    db,
    {
      storeId: ctx.storeId, start, fid: ctx.interactionId, customerId: ctx.customerId, serviceVehicleId: ctx.serviceVehicleId,
      opCodes: [OP_CODE_FOR[ctx.serviceType as ServiceType] ?? DEFAULT_OP_CODE], dealerCode: ctx.store.code, transportType, createdBy: null,
    },
    now,
  );
}

/** NEW_EVENT or APPOINTMENT_BOOKED with the record's insight, appointment flag and marks as they now are. */
export async function recordEvent(db: Sql, interactionId: number, kind: 'NEW_EVENT' | 'APPOINTMENT_BOOKED', appointmentId: number | null): Promise<void> {
  await db`
    insert into interaction_event (future_service_interaction_id, store_id, kind, response_insight, appointment_set, marks, appointment_id)
    select f.id, f.store_id, ${kind}, f.response_insight, f.appointment_set,
      coalesce((select array_agg(k.intent_type order by k.intent_type) from mark k
        where k.target = 'FUTURE_SERVICE_INTERACTION' and k.future_service_interaction_id = f.id), '{}'),
      ${appointmentId}
    from future_service_interaction f where f.id = ${interactionId}`;
}
