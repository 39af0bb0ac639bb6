import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantOf, wallTimeAt, weekdayOf } from '@drivebay/shared';
import { createConversation, waitFor } from '../../testing/conversation-harness';
import { createChatRephraser } from './llm';
import { startAssistantLoop } from './loop';
import { formatSlot } from './slots';
import { newSid, startAssistantHarness, type AssistantHarness } from './testing';

const NY = 'America/New_York';
let a: AssistantHarness;

beforeAll(async () => {
  a = await startAssistantHarness();
});
afterAll(async () => {
  await a?.close();
});

/** The next `weekday` (0 = Sunday) after today on the New York clock, at `hour`:00 there. */
function next(weekday: number, hour: number): Date {
  let d = addDays(wallTimeAt(new Date(), NY), 1);
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return instantOf({ ...d, hour, minute: 0 }, NY);
}

/** Frees the slot at `start` in store 1 (the demo seeds appointments at random hours). */
async function freeSlot(start: Date) {
  await a.h.db.sql`update appointment set appt_status = 'CANCELLED'
    where store_id = 1 and start_date < ${new Date(start.getTime() + 30 * 60_000)} and end_date > ${start} and appt_status <> 'CANCELLED'`;
}

async function fillSlot(start: Date) {
  const [c] = await a.h.db.sql<{ id: number }[]>`select id from customer where store_id = 1 order by id limit 1`;
  for (let i = 0; i < 3; i++) {
    await a.h.db.sql`insert into appointment (store_id, customer_id, start_date, end_date) values (1, ${c!.id}, ${start}, ${new Date(start.getTime() + 30 * 60_000)})`;
  }
}

const interaction = async (id: number) => {
  const [f] = await a.h.db.sql<{ aiEnabled: boolean; appointmentSet: boolean; responseInsight: string | null; respondedToAi: boolean; responseReqd: boolean }[]>`
    select ai_enabled, appointment_set, response_insight, responded_to_ai, response_reqd from future_service_interaction where id = ${id}`;
  return f!;
};
const outbound = (id: number) =>
  a.h.db.sql<{ id: number; content: string; messageSentBy: string | null }[]>`
    select id, content, message_sent_by from message_instance where future_service_interaction_id = ${id} and direction in ('SEND', 'SENT') and message_type = 'SMS'
    order by id`;
const fsiMarks = async (id: number) =>
  (await a.h.db.sql<{ intentType: string }[]>`select intent_type from mark where target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${id} order by intent_type`).map((m) => m.intentType);

describe('the date-time dialogue', () => {
  it('offers the requested time, books it on yes, and the inbox row shows the appointment', async () => {
    const conv = await createConversation(a.h);
    const thursday3 = next(4, 15);
    await freeSlot(thursday3);

    const first = await a.text(conv.phone!, 'yes, thursday at 3pm works');
    const offer = await a.turnOf(first);
    expect(offer.action).toBe('PROPOSED');
    expect(offer.replyText).toMatch(/^Great — I can book you Thursday, [A-Z][a-z]{2} \d{1,2} at 3:00 PM\. Reply YES to confirm\.$/);
    expect(offer.replyText).toContain(formatSlot(thursday3, NY));
    expect(await a.h.db.sql`select id from appointment where future_service_interaction_id = ${conv.interactionId}`).toHaveLength(0);
    await waitFor(async () => a.h.submissions.find((s) => s.to === conv.phone && s.body === offer.replyText), 5_000, 'the offer at the carrier');
    const [reading] = await a.h.db.sql`select final_intent_names, date_times from message_intent where message_instance_id = ${first}`;
    expect(reading!.finalIntentNames).toEqual(['DT', 'YES']);
    expect(new Date((reading!.dateTimes as { start: string }[])[0]!.start).getTime()).toBe(thursday3.getTime());

    const notifiedBefore = a.h.notified.length;
    const yes = await a.text(conv.phone!, 'yes');
    const booked = await a.turnOf(yes);
    expect(booked.action).toBe('BOOKED');
    const appts = await a.h.db.sql<{ id: number; startDate: Date; apptStatus: string; createdBy: number | null }[]>`
      select id, start_date, appt_status, created_by from appointment where future_service_interaction_id = ${conv.interactionId}`;
    expect(appts).toHaveLength(1);
    expect(appts[0]!.startDate.getTime()).toBe(thursday3.getTime());
    expect(appts[0]).toMatchObject({ apptStatus: 'BOOKED', createdBy: null });
    expect(await interaction(conv.interactionId)).toMatchObject({ appointmentSet: true, responseInsight: 'APPT_SET', respondedToAi: true, aiEnabled: true });

    const thread = await a.h.db.sql<{ messageType: string; notificationType: string; startTime: Date | null; appointmentId: number | null; content: string }[]>`
      select message_type, notification_type, start_time, appointment_id, content from message_instance
      where future_service_interaction_id = ${conv.interactionId} order by created_on, id`;
    const invite = thread.find((m) => m.messageType === 'CALENDAR_INVITE');
    expect(invite).toMatchObject({ notificationType: 'SCHEDULE_APPOINTMENT', appointmentId: appts[0]!.id });
    expect(invite!.startTime!.getTime()).toBe(thursday3.getTime());
    expect(thread.at(-1)!.content).toBe(`You're all set for ${formatSlot(thursday3, NY)} at Metro Toyota of Brooklyn, 1200 Atlantic Ave, Brooklyn, NY 11216. See you then!`);

    const [event] = await a.h.db.sql`select kind, response_insight, appointment_set, marks, appointment_id from interaction_event
      where future_service_interaction_id = ${conv.interactionId} order by id desc limit 1`;
    expect(event).toMatchObject({ kind: 'APPOINTMENT_BOOKED', responseInsight: 'APPT_SET', appointmentSet: true, appointmentId: appts[0]!.id });
    expect(event!.marks).toContain('APPT_SET');
    await a.h.flushNotifications();
    expect(a.h.notified.slice(notifiedBefore).some((n) => n.storeId === 1 && n.interactionIds.includes(conv.interactionId))).toBe(true);
    // What the inbox row of this conversation is built from (sync-server query-inbox-rows).
    const [row] = await a.h.db.sql<{ appointmentSet: boolean; marks: string[] }[]>`
      select f.appointment_set, coalesce((select array_agg(k.intent_type order by k.intent_type) from mark k
        where k.target = 'FUTURE_SERVICE_INTERACTION' and k.future_service_interaction_id = f.id), '{}') as marks
      from future_service_interaction f where f.id = ${conv.interactionId}`;
    expect(row).toEqual({ appointmentSet: true, marks: ['APPT_SET'] });
  });

  it('offers the nearest free times when the requested one is closed, and books the one named', async () => {
    const conv = await createConversation(a.h);
    const sunday3 = next(0, 15);
    const first = await a.text(conv.phone!, 'can I come in sunday at 3?');
    const offer = await a.turnOf(first);
    expect(offer.action).toBe('PROPOSED');
    expect(offer.replyText).toMatch(/^The closest times I have open are .+\. Which one works for you\?$/);
    const [d] = await a.h.db.sql<{ stage: string; proposedSlots: Date[] }[]>`
      select stage, proposed_slots from assistant_dialogue where future_service_interaction_id = ${conv.interactionId}`;
    expect(d!.stage).toBe('PROPOSED');
    const offered = d!.proposedSlots.map((s) => new Date(s));
    expect(offered.length).toBeGreaterThan(1);
    expect(offered.length).toBeLessThanOrEqual(3);
    // Around 15:00 on the days next to the closed Sunday, never Sunday itself.
    for (const s of offered) {
      expect(weekdayOf(wallTimeAt(s, NY))).not.toBe(0);
      expect(Math.abs(s.getTime() - sunday3.getTime())).toBeLessThan(2 * 86_400_000);
      const w = wallTimeAt(s, NY);
      expect(Math.abs(w.hour * 60 + w.minute - 15 * 60)).toBeLessThanOrEqual(60);
    }
    const pick = offered[offered.length - 1]!;
    const answer = await a.text(conv.phone!, `${formatSlot(pick, NY)} works`);
    expect((await a.turnOf(answer)).action).toBe('BOOKED');
    const [appt] = await a.h.db.sql<{ startDate: Date }[]>`select start_date from appointment where future_service_interaction_id = ${conv.interactionId}`;
    expect(appt!.startDate.getTime()).toBe(pick.getTime());
  });

  it('offers other times when the offered slot was taken before the yes', async () => {
    const conv = await createConversation(a.h);
    const friday10 = next(5, 10);
    await freeSlot(friday10);
    const first = await a.text(conv.phone!, 'friday at 10am');
    expect((await a.turnOf(first)).replyText).toContain(formatSlot(friday10, NY));
    await fillSlot(friday10);
    const yes = await a.text(conv.phone!, 'yes please');
    const turn = await a.turnOf(yes);
    expect(turn.action).toBe('PROPOSED');
    expect(turn.replyText).toMatch(/^The closest times I have open are /);
    expect(turn.replyText).not.toContain('10:00 AM or');
    expect(await a.h.db.sql`select id from appointment where future_service_interaction_id = ${conv.interactionId}`).toHaveLength(0);
    const [d] = await a.h.db.sql<{ proposedSlots: Date[] }[]>`select proposed_slots from assistant_dialogue where future_service_interaction_id = ${conv.interactionId}`;
    expect(d!.proposedSlots.map((s) => new Date(s).getTime())).not.toContain(friday10.getTime());
    expect(await interaction(conv.interactionId)).toMatchObject({ appointmentSet: false });
  });

  it('asks for a day and time after a yes without one, posting the ask-for-schedule track', async () => {
    const conv = await createConversation(a.h);
    const m = await a.text(conv.phone!, 'Yes please');
    const turn = await a.turnOf(m);
    expect(turn).toMatchObject({ action: 'ASKED_DAY_TIME', replyText: 'Great! What day and time would work best for you to come in?' });
    const [track] = await a.h.db.sql`select track, parameter, source from workflow_track_event where future_service_interaction_id = ${conv.interactionId}`;
    expect(track).toEqual({ track: 'INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE', parameter: 'CUSTOMER_SAY_YES_AND_DETECTED_AUTO', source: 'ASSISTANT' });
    const [f] = await a.h.db.sql`select is_dt_got_its_chance from future_service_interaction where id = ${conv.interactionId}`;
    expect(f!.isDtGotItsChance).toBe(true);
  });
});

describe('opting out', () => {
  it('the STOP keyword never reaches the assistant', async () => {
    const conv = await createConversation(a.h);
    const stop = await a.text(conv.phone!, 'STOP');
    // Turns of one conversation run in order, so once the next message's turn is done the
    // assistant would have handled the STOP too, had it been given it.
    const later = await a.text(conv.phone!, 'what time is it open?');
    expect((await a.turnOf(later)).action).toBe('SKIPPED_OPTED_OUT');
    expect(await a.h.db.sql`select 1 from message_intent where message_instance_id = ${stop}`).toHaveLength(0);
    expect(await a.h.db.sql`select 1 from assistant_turn where message_instance_id = ${stop}`).toHaveLength(0);
    expect(await outbound(conv.interactionId)).toHaveLength(0);
  });

  it('"please stop texting me" opts the customer out and sends only the one confirmation', async () => {
    const conv = await createConversation(a.h);
    const m = await a.text(conv.phone!, 'please stop texting me');
    expect((await a.turnOf(m)).action).toBe('OPTED_OUT');
    const [c] = await a.h.db.sql`select block_sms, exists(select 1 from mark where target = 'CUSTOMER' and customer_id = c.id and intent_type = 'SMS_OPT_OUT') as marked
      from customer c where id = ${conv.customerId}`;
    expect(c).toEqual({ blockSms: true, marked: true });
    expect(await interaction(conv.interactionId)).toMatchObject({ responseInsight: 'STOP' });
    expect((await outbound(conv.interactionId)).map((o) => o.messageSentBy)).toEqual(['Opt-out confirmation']);
    await waitFor(async () => a.h.submissions.some((s) => s.to === conv.phone), 5_000, 'the confirmation at the carrier');
    await a.h.worker.runOnce();
    expect(a.h.submissions.filter((s) => s.to === conv.phone)).toHaveLength(1);
  });
});

describe('handing off', () => {
  it('hands a complaint to the service manager and goes quiet', async () => {
    const conv = await createConversation(a.h);
    const m = await a.text(conv.phone!, 'I am really unhappy with my last service, the car came back dirty and scratched');
    const turn = await a.turnOf(m);
    expect(turn).toMatchObject({ action: 'HANDED_OFF', intent: 'CC', replyText: "Thanks — I've asked our service manager to reach out." });
    expect(await interaction(conv.interactionId)).toMatchObject({ aiEnabled: false, responseInsight: 'CC', responseReqd: true });
    expect(await fsiMarks(conv.interactionId)).toEqual(['CC']);
    const token = await a.h.login('super_data_admin');
    const history = (await (await a.h.call(`/api/svc-message-instance/conversation-history?future_service_interaction_id=${conv.interactionId}`, { token })).json()) as {
      messageType: string; notificationType: string; title: string | null; content: string;
    }[];
    const bubble = history.find((x) => x.title === 'GM HANDOFF');
    expect(bubble).toMatchObject({ messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION_GM' });
    expect(bubble!.content).toContain('Customer Complaint');
    expect(bubble!.content).toContain('dirty and scratched');
    const [track] = await a.h.db.sql`select track, parameter from workflow_track_event where future_service_interaction_id = ${conv.interactionId}`;
    expect(track).toEqual({ track: 'CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK', parameter: 'CC' });

    const after = await a.text(conv.phone!, 'hello?');
    expect((await a.turnOf(after)).action).toBe('SKIPPED_AI_OFF');
    expect(await outbound(conv.interactionId)).toHaveLength(1);
  });
});

describe('a person in the conversation', () => {
  it('once a person replies the assistant stays quiet until switched on again', async () => {
    const conv = await createConversation(a.h);
    const token = await a.h.login('office_manager');
    const sent = await a.h.call('/api/svc-message-instance/svc-send-message', {
      token,
      json: { id: conv.customerId, jaguarFutureServiceInteractionId: conv.interactionId, content: 'Hi, this is Olivia from the service desk.', messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER', direction: 'SEND' },
    });
    expect(sent.status).toBe(200);
    expect((await interaction(conv.interactionId)).aiEnabled).toBe(false);

    const m = await a.text(conv.phone!, 'thursday at 3 works');
    expect((await a.turnOf(m)).action).toBe('SKIPPED_AI_OFF');
    // Still read, for Show Intents.
    const [reading] = await a.h.db.sql`select primary_intent from message_intent where message_instance_id = ${m}`;
    expect(reading!.primaryIntent).toBe('DT');
    expect((await outbound(conv.interactionId)).map((x) => x.messageSentBy)).toEqual(['Olivia Martinez']);

    const on = await a.h.call(`/api/future-service-interaction/update-ai-enabled?future-service-interaction-id=${conv.interactionId}&aiEnabled=true`, { method: 'POST', token });
    expect(on.status).toBe(200);
    const again = await a.text(conv.phone!, 'yes');
    expect((await a.turnOf(again)).action).toBe('ASKED_DAY_TIME');
    expect((await outbound(conv.interactionId)).map((x) => x.messageSentBy)).toEqual(['Olivia Martinez', 'AI']);
  });
});

describe('exactly once', () => {
  it('a redelivered webhook is answered once', async () => {
    const conv = await createConversation(a.h);
    const sid = newSid();
    const m = await a.text(conv.phone!, 'I sold that car', sid);
    await a.text(conv.phone!, 'I sold that car', sid);
    expect((await a.turnOf(m)).action).toBe('ACKNOWLEDGED');
    await a.loop.idle();
    expect(await outbound(conv.interactionId)).toHaveLength(1);
    expect(await a.h.db.sql`select id from assistant_turn where message_instance_id = ${m}`).toHaveLength(1);
  });

  it('the same message handed to the loop twice at once (two processes, a replayed event) is answered once', async () => {
    const conv = await createConversation(a.h);
    a.listen(false);
    const m = await a.text(conv.phone!, 'We moved to Arizona, too far now');
    a.listen(true);
    const results = await Promise.all([
      a.loop.handle({ interactionId: conv.interactionId, messageId: m }),
      a.loop.handle({ interactionId: conv.interactionId, messageId: m }),
    ]);
    expect(results.map((r) => r?.duplicate).sort()).toEqual([false, true]);
    expect(await outbound(conv.interactionId)).toHaveLength(1);
  });

  it('a start answers texts the last run left unanswered, once', async () => {
    const conv = await createConversation(a.h);
    a.listen(false);
    const m = await a.text(conv.phone!, 'My wife drives that one');
    expect(await a.h.db.sql`select 1 from assistant_turn where message_instance_id = ${m}`).toHaveLength(0);
    a.listen(true);
    expect(await a.loop.recover()).toBeGreaterThanOrEqual(1);
    expect((await a.turnOf(m)).action).toBe('ACKNOWLEDGED');
    expect(await a.loop.recover()).toBe(0);
    expect(await outbound(conv.interactionId)).toHaveLength(1);
  });
});

describe('startAssistantLoop', () => {
  it('answers what was left unanswered, listens for new texts, and stops listening', async () => {
    const conv = await createConversation(a.h);
    a.listen(false);
    try {
      const left = await a.text(conv.phone!, 'I sold that car');
      const running = startAssistantLoop({ sql: a.h.db.sql, notifier: a.h.deps.notifier, outbox: { wake: () => a.h.deps.outbox?.wake() }, env: {} });
      expect((await a.turnOf(left)).action).toBe('ACKNOWLEDGED');
      const fresh = await a.text(conv.phone!, 'thanks!');
      expect((await a.turnOf(fresh)).action).toBe('ACKNOWLEDGED');
      await running.stop();
      const after = await a.text(conv.phone!, 'We moved to Arizona');
      await new Promise((r) => setTimeout(r, 300));
      expect(await a.h.db.sql`select 1 from assistant_turn where message_instance_id = ${after}`).toHaveLength(0);
    } finally {
      a.listen(true);
    }
  });
});

describe('answers', () => {
  it('answers opening hours from the drive’s capacity', async () => {
    const conv = await createConversation(a.h);
    const m = await a.text(conv.phone!, 'What time do you open on Saturdays?');
    expect((await a.turnOf(m)).replyText).toBe('Our service drive is open Monday to Saturday, 7:30 AM to 5:00 PM. Would you like me to book you a time?');
    expect(await interaction(conv.interactionId)).toMatchObject({ aiEnabled: true, responseInsight: 'CQ' });
  });

  it('leaves sales conversations to the sales team', async () => {
    const conv = await createConversation(a.h);
    await a.h.db.sql`update future_service_interaction set division_id = 'DIV001' where id = ${conv.interactionId}`;
    const m = await a.text(conv.phone!, 'yes, thursday at 3pm works');
    expect((await a.turnOf(m)).action).toBe('SKIPPED_NOT_SERVICE');
    expect(await outbound(conv.interactionId)).toHaveLength(0);
  });

  it('says nothing to a bare "ok"', async () => {
    const conv = await createConversation(a.h);
    const m = await a.text(conv.phone!, 'ok');
    expect((await a.turnOf(m)).action).toBe('SKIPPED_NOTHING_TO_ANSWER');
    expect(await outbound(conv.interactionId)).toHaveLength(0);
    expect(await interaction(conv.interactionId)).toMatchObject({ responseInsight: 'MISC', respondedToAi: true });
  });

  it('answers from the templates as staff edited them, preferring the conversation’s service type', async () => {
    const token = await a.h.login('office_manager');
    const [t] = await a.h.db.sql<{ id: number }[]>`select id from custom_template where enterprise_id = 1 and intent = 'NLO' and service_type = 'CHECK_UP'`;
    const saved = await a.h.call('/api/customTemplate', {
      token,
      json: { templateId: t!.id, title: 'Assistant: no longer owns the vehicle', body: 'Thanks ${customer.firstName}, noted that the car is gone.', serviceType: 'CHECK_UP' },
    });
    expect(saved.status).toBe(200);
    const conv = await createConversation(a.h, { firstName: 'Dana' });
    const m = await a.text(conv.phone!, 'I sold that car');
    expect((await a.turnOf(m)).replyText).toBe('Thanks Dana, noted that the car is gone.');

    await a.h.db.sql`insert into custom_template (enterprise_id, service_type, title, body, intent)
      values (1, 'OIL_CHANGE', 'Assistant: NLO for oil changes', ${'Noted, ${customer.firstName}. No more oil change reminders.'}, 'NLO')`;
    const conv2 = await createConversation(a.h, { firstName: 'Lee' });
    const m2 = await a.text(conv2.phone!, 'I sold that car');
    expect((await a.turnOf(m2)).replyText).toBe('Noted, Lee. No more oil change reminders.');
  });
});

describe('rephrasing', () => {
  let server: Server;
  let answer: (draft: string) => string;
  let requests: { model: string; messages: { role: string; content: string }[] }[];

  beforeAll(async () => {
    requests = [];
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw) as (typeof requests)[number];
        requests.push(body);
        const draft = /Draft reply: (.*)$/s.exec(body.messages[1]!.content)![1]!;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: answer(draft) } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('sends the rephrased text when it keeps the facts, and the template when it does not', async () => {
    // One listener list per process: the main harness stops listening while this one answers.
    a.listen(false);
    const rephrasing = await startAssistantHarness({
      rephraser: createChatRephraser({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'local-test', apiKey: 'k' }),
    });
    try {
      answer = (draft) => `Perfect! ${draft.replace('Great — ', '')}`;
      const conv = await createConversation(rephrasing.h);
      const thursday3 = next(4, 15);
      await rephrasing.h.db.sql`update appointment set appt_status = 'CANCELLED'
        where store_id = 1 and start_date < ${new Date(thursday3.getTime() + 30 * 60_000)} and end_date > ${thursday3}`;
      const m = await rephrasing.text(conv.phone!, 'thursday at 3pm');
      expect((await rephrasing.turnOf(m)).replyText).toBe(`Perfect! I can book you ${formatSlot(thursday3, NY)}. Reply YES to confirm.`);
      expect(requests.at(-1)!.model).toBe('local-test');

      // A rewording that loses the time is not sent.
      answer = () => 'Sure thing, see you soon!';
      const conv2 = await createConversation(rephrasing.h);
      const m2 = await rephrasing.text(conv2.phone!, 'thursday at 3pm');
      expect((await rephrasing.turnOf(m2)).replyText).toBe(`Great — I can book you ${formatSlot(thursday3, NY)}. Reply YES to confirm.`);
    } finally {
      await rephrasing.close();
      a.listen(true);
    }
  });
});
