import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantOf, wallTimeAt } from '@drivebay/shared';
import { createConversation, waitFor } from '../testing/conversation-harness';
import { startAssistantHarness, type AssistantHarness } from '../services/assistant-loop/testing';

const NY = 'America/New_York';
let a: AssistantHarness;
const tokens: Record<string, string> = {};
const ROLES = ['super_user', 'super_data_admin', 'office_manager', 'office_user', 'enterprise_user', 'division_manager'] as const;

beforeAll(async () => {
  a = await startAssistantHarness();
  for (const r of ROLES) tokens[r] = await a.h.login(r);
});
afterAll(async () => {
  await a?.close();
});

type Json = Record<string, unknown> & { code?: string; message?: string; details?: { field: string; message: string }[] };
async function call(path: string, o: { as?: (typeof ROLES)[number] | null; method?: string; json?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const res = await a.h.call(path, { method: o.method ?? (o.json === undefined ? 'GET' : 'POST'), token: o.as === null ? undefined : tokens[o.as ?? 'super_user'], json: o.json });
  return { status: res.status, body: (await res.json()) as Json };
}
const post = (path: string, as: (typeof ROLES)[number] = 'super_user', json?: unknown) => call(path, { as, method: 'POST', json });
const field = (r: { body: Json }) => r.body.details?.[0]?.field;

const FSI = '/api/future-service-interaction';

/** A conversation in store 1 with the customer's text read and answered by the assistant. */
async function conversationWith(text: string, o: { answer?: boolean } = {}) {
  const conv = await createConversation(a.h);
  if (o.answer === false) a.listen(false);
  const messageId = await a.text(conv.phone!, text);
  if (o.answer === false) a.listen(true);
  else await a.turnOf(messageId);
  return { ...conv, messageId };
}

const smsTo = (interactionId: number) =>
  a.h.db.sql<{ id: number; content: string }[]>`select id, content from message_instance
    where future_service_interaction_id = ${interactionId} and message_type = 'SMS' and direction in ('SEND', 'SENT') order by id`;
const flags = async (id: number) =>
  (await a.h.db.sql<{ aiEnabled: boolean; dtDialogEnabled: boolean; isDtGotItsChance: boolean; manualBooking: boolean; responseInsight: string | null; appointmentSet: boolean }[]>`
    select ai_enabled, dt_dialog_enabled, is_dt_got_its_chance, manual_booking, response_insight, appointment_set from future_service_interaction where id = ${id}`)[0]!;
const bubbles = (id: number) =>
  a.h.db.sql<{ title: string; notificationType: string; content: string }[]>`
    select title, notification_type, content from message_instance where future_service_interaction_id = ${id} and message_type = 'INTERNAL' order by id`;
const tracks = (id: number) =>
  a.h.db.sql<{ track: string | null; parameter: string | null; source: string; userId: number | null }[]>`
    select track, parameter, source, user_id from workflow_track_event where future_service_interaction_id = ${id} order by id`;

describe('Show Intents (intentDetails)', () => {
  it('gives the reading of a customer message in the modal’s shape', async () => {
    const conv = await conversationWith('Thanks! yes, thursday at 3pm works');
    const url = `${FSI}/intentDetails?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`;
    expect((await call(url, { as: null })).status).toBe(401);
    expect((await call(url, { as: 'office_manager' })).status).toBe(403);
    const res = await call(url, { as: 'super_user' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      messageId: conv.messageId,
      intents: [
        { intentName: 'CUST-APPR', symLogs: { inputStrListBeforePreprocessor: ['Thanks!'] }, confidence: 1 },
        { intentName: 'YES', symLogs: { inputStrListBeforePreprocessor: ['yes'] }, confidence: 1 },
        { intentName: 'DT', symLogs: { inputStrListBeforePreprocessor: ['thursday at 3pm works'] }, confidence: 1 },
      ],
      finalIntentNames: ['DT', 'YES', 'CUST-APPR'],
      multiIntentNames: ['CUST-APPR', 'YES', 'DT'],
      staffIntent: null,
    });

    // Without messageId: the customer's latest message.
    const later = await a.text(conv.phone!, 'ok');
    await a.turnOf(later);
    const latest = await call(`${FSI}/intentDetails?future-service-interaction-id=${conv.interactionId}`, { as: 'super_data_admin' });
    expect(latest.body).toMatchObject({ messageId: later, finalIntentNames: ['MISC'], multiIntentNames: ['MISC'] });
  });

  it('is empty for a conversation the customer has not written in, and refuses another conversation’s message', async () => {
    const quiet = await createConversation(a.h);
    const empty = await call(`${FSI}/intentDetails?future-service-interaction-id=${quiet.interactionId}`);
    expect(empty.body).toEqual({ messageId: null, intents: [], finalIntentNames: [], multiIntentNames: [], dateTimes: [], staffIntent: null });
    const other = await conversationWith('I sold that car');
    const wrong = await call(`${FSI}/intentDetails?future-service-interaction-id=${quiet.interactionId}&messageId=${other.messageId}`);
    expect(wrong.status).toBe(400);
    expect(field(wrong)).toBe('query.messageId');
    const missing = await call(`${FSI}/intentDetails`);
    expect(field(missing)).toBe('query.future-service-interaction-id');
  });
});

describe('log mode', () => {
  it('logs what the assistant would do with a message, sending nothing, and records the reviewer’s verdict', async () => {
    const conv = await conversationWith('I sold that car', { answer: false });
    const url = `${FSI}/track/logMode?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`;
    expect((await post(url, 'office_manager')).status).toBe(403);
    const res = await post(url, 'super_data_admin');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Log mode enabled', messageId: conv.messageId, isLogModeToBeSent: true, validLogMode: null,
      action: 'LOGGED_ACK', loggedReply: "Thanks for letting us know. We'll update our records.",
    });
    const [m] = await a.h.db.sql`select is_log_mode_to_be_sent, valid_log_mode from message_instance where id = ${conv.messageId}`;
    expect(m).toEqual({ isLogModeToBeSent: true, validLogMode: null });
    expect(await smsTo(conv.interactionId)).toHaveLength(0);
    expect((await flags(conv.interactionId)).responseInsight).toBeNull();
    const [turn] = await a.h.db.sql`select kind, reply_text from assistant_turn where message_instance_id = ${conv.messageId}`;
    expect(turn).toEqual({ kind: 'LOG_MODE', replyText: "Thanks for letting us know. We'll update our records." });

    const wrong = await post(`${url}&validLogMode=false`, 'super_user');
    expect(wrong.body).toMatchObject({ message: 'Successfully Updated', validLogMode: false });
    expect((await a.h.db.sql`select valid_log_mode from message_instance where id = ${conv.messageId}`)[0]).toEqual({ validLogMode: false });
    await post(`${url}&validLogMode=true`, 'super_user');
    expect((await a.h.db.sql`select valid_log_mode from message_instance where id = ${conv.messageId}`)[0]).toEqual({ validLogMode: true });

    const bad = await post(`${url}&validLogMode=maybe`);
    expect([bad.status, field(bad)]).toEqual([400, 'query.validLogMode']);
  });

  it('takes customer messages only', async () => {
    const conv = await conversationWith('I sold that car');
    const [reply] = await smsTo(conv.interactionId);
    const res = await post(`${FSI}/track/logMode?future-service-interaction-id=${conv.interactionId}&messageId=${reply!.id}`);
    expect([res.status, field(res), res.body.message]).toEqual([400, 'query.messageId', 'Only a message from the customer can be chosen']);
  });
});

describe('the inbound-appointment workflow', () => {
  it('validates the parameter and the roles', async () => {
    const conv = await createConversation(a.h);
    const base = `${FSI}/workflow/inbound-appointment?future-service-interaction-id=${conv.interactionId}`;
    const missing = await post(base);
    expect([missing.status, field(missing)]).toEqual([400, 'query.parameter']);
    const bad = await post(`${base}&parameter=MAYBE`);
    expect([bad.status, field(bad)]).toEqual([400, 'query.parameter']);
    expect(bad.body.details![0]!.message).toContain('DT_DETECTED');
    expect((await post(`${base}&parameter=DETECTED_AUTO`, 'enterprise_user')).status).toBe(403);
    expect((await post(`${base}&parameter=DETECTED_AUTO`, 'office_user')).status).toBe(403);
    expect((await post(`${base}&parameter=DETECTED_AUTO`, 'office_manager')).status).toBe(200);
  });

  it('asks for another time after a no, posting the ask-for-schedule track', async () => {
    const conv = await createConversation(a.h);
    const res = await post(`${FSI}/workflow/inbound-appointment?future-service-interaction-id=${conv.interactionId}&parameter=CUSTOMER_SAY_NO`, 'division_manager');
    expect(res.body).toMatchObject({ message: 'Successfully Updated', action: 'ASKED_DAY_TIME', replyText: 'No problem. What day and time would work better for you?' });
    expect(await tracks(conv.interactionId)).toEqual([
      { track: 'INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE', parameter: 'CUSTOMER_SAY_NO', source: 'USER', userId: expect.any(Number) },
    ]);
    expect((await smsTo(conv.interactionId)).map((m) => m.content)).toEqual(['No problem. What day and time would work better for you?']);
  });

  it('hands the booking to a person on CUSTOMER_SAY_YES (external handoff)', async () => {
    const conv = await createConversation(a.h);
    const res = await post(`${FSI}/workflow/inbound-appointment?future-service-interaction-id=${conv.interactionId}&parameter=CUSTOMER_SAY_YES`);
    expect(res.body).toMatchObject({ action: 'HANDED_OFF', messageInstanceId: null });
    expect(await bubbles(conv.interactionId)).toMatchObject([{ title: 'Customer HANDOFF', notificationType: 'INTERNAL_NOTIFICATION' }]);
    expect(await tracks(conv.interactionId)).toMatchObject([{ track: 'EXTERNAL_A_HANDOFF', parameter: 'CUSTOMER_SAY_YES' }]);
    expect(await flags(conv.interactionId)).toMatchObject({ aiEnabled: false, responseInsight: 'HO' });
  });

  it('looks up the date of the customer’s message on DT_DETECTED', async () => {
    const conv = await conversationWith('can you do friday at 10am?', { answer: false });
    const res = await post(`${FSI}/workflow/inbound-appointment?future-service-interaction-id=${conv.interactionId}&parameter=DT_DETECTED`);
    expect(res.body.action).toBe('PROPOSED');
    expect(res.body.replyText).toMatch(/Friday|open are/);
  });
});

describe('workflow tracks', () => {
  it('validates the track and the intent name', async () => {
    const conv = await createConversation(a.h);
    const base = `${FSI}/workflow/track?future-service-interaction-id=${conv.interactionId}`;
    const bad = await post(`${base}&track=SOMETHING`);
    expect([bad.status, field(bad)]).toEqual([400, 'query.track']);
    const badIntent = await post(`${base}&track=CUSTOMER_NO_SHOW&intentName=HAPPY`);
    expect([badIntent.status, field(badIntent)]).toEqual([400, 'query.intentName']);
    expect((await post(`${base}&track=CUSTOMER_NO_SHOW`, 'enterprise_user')).status).toBe(403);
  });

  it('records lead tracks, asks on the schedule track and hands off on handoff tracks', async () => {
    const conv = await createConversation(a.h);
    const base = `${FSI}/workflow/track?future-service-interaction-id=${conv.interactionId}`;
    const noShow = await post(`${base}&track=CUSTOMER_NO_SHOW&intentName=NO`);
    expect(noShow.body).toMatchObject({ action: 'SKIPPED_RECORDED', messageInstanceId: null });
    const ask = await post(`${base}&track=INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE`);
    expect(ask.body).toMatchObject({ action: 'ASKED_DAY_TIME', replyText: 'Great! What day and time would work best for you to come in?' });
    const md = await post(`${base}&track=CUSTOMER_A_MD_HANDOFF&parameter=CC`);
    expect(md.body.action).toBe('HANDED_OFF');
    expect(await bubbles(conv.interactionId)).toMatchObject([{ title: 'MD HANDOFF', notificationType: 'INTERNAL_NOTIFICATION_GM' }]);
    expect((await tracks(conv.interactionId)).map((t) => t.track)).toEqual(['CUSTOMER_NO_SHOW', 'INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE', 'CUSTOMER_A_MD_HANDOFF']);
  });
});

describe('the Date Time Dialogue', () => {
  it('validates its body and roles', async () => {
    const conv = await createConversation(a.h);
    const noId = await post(`${FSI}/dtDialog/resume`, 'super_user', { dtDialogEnabled: true, manualBooking: false });
    expect([noId.status, field(noId)]).toEqual([400, 'body.id']);
    const off = await post(`${FSI}/dtDialog/resume`, 'super_user', { id: conv.interactionId, dtDialogEnabled: false, manualBooking: false });
    expect([off.status, field(off)]).toEqual([400, 'body.dtDialogEnabled']);
    expect((await post(`${FSI}/dtDialog/resume`, 'office_user', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false })).status).toBe(403);
    expect((await post(`${FSI}/dtDialog/disable`, 'enterprise_user', { id: conv.interactionId })).status).toBe(403);
  });

  it('sends the dialogue once, refuses a second unless forced, and disables', async () => {
    const conv = await createConversation(a.h);
    const res = await post(`${FSI}/dtDialog/resume`, 'office_manager', { id: conv.interactionId, lastMessage: '', dtDialogEnabled: true, manualBooking: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Date Time Dialogue Sent', action: 'ASKED_DAY_TIME', replyText: 'Great! What day and time would work best for you to come in?' });
    expect(await flags(conv.interactionId)).toMatchObject({ dtDialogEnabled: true, isDtGotItsChance: true, manualBooking: false });
    const [sms] = await smsTo(conv.interactionId);
    expect(sms!.id).toBe(res.body.messageInstanceId);

    const again = await post(`${FSI}/dtDialog/resume`, 'office_manager', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The Date Time Dialogue already had its chance with this customer. Send it again?');
    expect(again.body.details).toEqual([{ field: 'body.isForced', message: again.body.message }]);
    const forced = await post(`${FSI}/dtDialog/resume`, 'office_manager', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false, isForced: true });
    expect(forced.status).toBe(200);

    const disabled = await post(`${FSI}/dtDialog/disable`, 'office_manager', { id: conv.interactionId });
    expect(disabled.body).toEqual({ message: 'Date Time Dialogue Disabled' });
    expect((await flags(conv.interactionId)).dtDialogEnabled).toBe(false);
  });

  it('refuses when the customer already has an appointment, unless forced', async () => {
    const conv = await createConversation(a.h);
    await a.h.db.sql`update future_service_interaction set appointment_set = true where id = ${conv.interactionId}`;
    const res = await post(`${FSI}/dtDialog/resume`, 'super_user', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'CONFLICT', 'The customer already has an appointment. Send the Date Time Dialogue anyway?']);
    expect(await smsTo(conv.interactionId)).toHaveLength(0);
    const forced = await post(`${FSI}/dtDialog/resume`, 'super_user', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false, isForced: true });
    expect(forced.status).toBe(200);
  });

  it('with manual booking, hands the accepted time to a person, even with the assistant off', async () => {
    const conv = await createConversation(a.h);
    await a.h.db.sql`update future_service_interaction set ai_enabled = false where id = ${conv.interactionId}`;
    const res = await post(`${FSI}/dtDialog/resume`, 'office_manager', { id: conv.interactionId, lastMessage: 'friday at 10am', dtDialogEnabled: true, manualBooking: true });
    expect(res.body.action).toBe('PROPOSED');
    const yes = await a.text(conv.phone!, 'yes');
    const turn = await a.turnOf(yes);
    expect(turn.action).toBe('HANDED_OFF');
    expect(turn.replyText).toMatch(/^Thanks! An advisor will confirm .+ with you shortly\.$/);
    expect(await a.h.db.sql`select id from appointment where future_service_interaction_id = ${conv.interactionId}`).toHaveLength(0);
    const [bubble] = await bubbles(conv.interactionId);
    expect(bubble).toMatchObject({ title: 'Customer HANDOFF' });
    expect(bubble!.content).toContain('accepted');
    expect(await tracks(conv.interactionId)).toEqual(expect.arrayContaining([expect.objectContaining({ track: 'EXTERNAL_A_HANDOFF', parameter: 'CUSTOMER_SAY_YES', source: 'ASSISTANT' })]));
    expect(await flags(conv.interactionId)).toMatchObject({ dtDialogEnabled: false, manualBooking: true });
  });

  it('is refused for a customer who opted out', async () => {
    const conv = await createConversation(a.h);
    await a.h.db.sql`update customer set block_sms = true where id = ${conv.customerId}`;
    const res = await post(`${FSI}/dtDialog/resume`, 'super_user', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false });
    expect([res.status, res.body.message]).toEqual([409, 'This customer has opted out of text messages']);
  });
});

describe('quiet hours for outreach the assistant starts', () => {
  const futureDay = () => addDays(wallTimeAt(new Date(), NY), 40);

  it('holds a dialogue written at 22:30 on the customer’s clock until 08:00', async () => {
    const day = futureDay();
    a.setNow(instantOf({ ...day, hour: 22, minute: 30 }, NY));
    try {
      const conv = await createConversation(a.h);
      const res = await post(`${FSI}/dtDialog/resume`, 'super_user', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false });
      const morning = instantOf({ ...addDays(day, 1), hour: 8, minute: 0 }, NY);
      expect(res.body.heldUntil).toBe(morning.toISOString());
      const [o] = await a.h.db.sql<{ nextAttemptAt: Date; status: string }[]>`
        select next_attempt_at, status from message_outbox where message_instance_id = ${res.body.messageInstanceId as number}`;
      expect(o!.nextAttemptAt.getTime()).toBe(morning.getTime());
      await a.h.worker.runOnce();
      expect(a.h.submissions.some((s) => s.to === conv.phone)).toBe(false);
      const [still] = await a.h.db.sql`select status from message_outbox where message_instance_id = ${res.body.messageInstanceId as number}`;
      expect(still).toEqual({ status: 'pending' });
    } finally {
      a.setNow(null);
    }
  });

  it('lets it go at 14:00', async () => {
    a.setNow(instantOf({ ...futureDay(), hour: 14, minute: 0 }, NY));
    try {
      const conv = await createConversation(a.h);
      const res = await post(`${FSI}/dtDialog/resume`, 'super_user', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false });
      expect(res.body.heldUntil).toBeNull();
      await waitFor(async () => a.h.submissions.some((s) => s.to === conv.phone), 5_000, 'the dialogue at the carrier');
    } finally {
      a.setNow(null);
    }
  });
});

describe('handoffs', () => {
  it('GM Handoff validates its parameter and roles, leaves the bubble and switches the assistant off', async () => {
    const conv = await conversationWith('how long does an oil change take?', { answer: false });
    const base = `/api/lisa/hand-off/gm-hand-off?future-service-interaction-id=${conv.interactionId}`;
    const missing = await post(base);
    expect([missing.status, field(missing)]).toEqual([400, 'query.parameter']);
    expect((await post(`${base}&parameter=XX`)).status).toBe(400);
    expect((await post(`${base}&parameter=CQ`, 'enterprise_user')).status).toBe(403);
    const res = await post(`${base}&parameter=CQ`, 'office_manager');
    expect(res.body).toMatchObject({ message: 'Successfully Updated', action: 'HANDED_OFF', messageInstanceId: null });
    const second = await post(`${base}&parameter=CQ`, 'office_manager');
    expect(second.status).toBe(200);
    const b = await bubbles(conv.interactionId);
    expect(b.map((x) => [x.title, x.notificationType])).toEqual([['GM HANDOFF', 'INTERNAL_NOTIFICATION_GM'], ['GM HANDOFF II', 'INTERNAL_NOTIFICATION_GM']]);
    expect(b[0]!.content).toContain('Customer Question');
    expect(b[0]!.content).toContain('Handed off by Olivia Martinez');
    expect(b[0]!.content).toContain('how long does an oil change take?');
    expect(await flags(conv.interactionId)).toMatchObject({ aiEnabled: false, responseInsight: 'HO' });
    expect((await tracks(conv.interactionId))[0]).toMatchObject({ track: 'CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK', parameter: 'CQ', source: 'USER' });
  });

  it('Manual Handoff leaves a Customer HANDOFF bubble; scope and existence are checked', async () => {
    const conv = await createConversation(a.h);
    const res = await post(`/api/lisa/hand-off/manual-hand-off?future-service-interaction-id=${conv.interactionId}`, 'division_manager');
    expect(res.status).toBe(200);
    expect(await bubbles(conv.interactionId)).toMatchObject([{ title: 'Customer HANDOFF', notificationType: 'INTERNAL_NOTIFICATION' }]);
    expect((await tracks(conv.interactionId))[0]).toMatchObject({ track: 'CUSTOMER_A_HANDOFF' });
    expect((await post('/api/lisa/hand-off/manual-hand-off?future-service-interaction-id=99999999')).status).toBe(404);
    const la = await createConversation(a.h, { storeId: 3 });
    expect((await post(`/api/lisa/hand-off/manual-hand-off?future-service-interaction-id=${la.interactionId}`, 'office_manager')).status).toBe(403);
  });
});

describe('Action Intents and Default Action Intents', () => {
  it('need an intent', async () => {
    const conv = await conversationWith('hmm', { answer: false });
    const url = `${FSI}/action-intents?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`;
    for (const json of [{}, { intent: '' }, { intent: '   ' }]) {
      const res = await post(url, 'super_user', json);
      expect([res.status, field(res), res.body.details![0]!.message]).toEqual([400, 'body.intent', 'Please select an intent']);
    }
    const unknown = await post(url, 'super_user', { intent: 'BOGUS' });
    expect([unknown.status, unknown.body.details![0]!.message]).toEqual([400, 'Unknown intent']);
    const def = await post(`${FSI}/default-action-intents?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`, 'super_user', {});
    expect(def.body.details![0]!.message).toBe('Please select an intent');
    expect((await post(url, 'office_manager', { intent: 'NLO' })).status).toBe(403);
  });

  it('Action Intents acts on the chosen intent; Show Intents shows the choice', async () => {
    const conv = await conversationWith('hmm', { answer: false });
    const res = await post(`${FSI}/action-intents?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`, 'super_user', { intent: 'NLO' });
    expect(res.body).toMatchObject({ message: 'Successfully Updated', intent: 'NLO', action: 'ACKNOWLEDGED', replyText: "Thanks for letting us know. We'll update our records." });
    expect((await flags(conv.interactionId)).responseInsight).toBe('NLO');
    const details = await call(`${FSI}/intentDetails?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`);
    expect(details.body).toMatchObject({ staffIntent: 'NLO', finalIntentNames: ['MISC'] });
  });

  it('Default Action Intents files the message under the intent and sends nothing', async () => {
    const conv = await conversationWith('who?', { answer: false });
    const res = await post(`${FSI}/default-action-intents?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`, 'super_data_admin', { intent: 'WN' });
    expect(res.body).toMatchObject({ intent: 'WN', action: 'SKIPPED_RECORDED', messageInstanceId: null });
    expect((await flags(conv.interactionId)).responseInsight).toBe('WN');
    expect((await a.h.db.sql`select intent_type from mark where target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${conv.interactionId}`).map((m) => m.intentType)).toEqual(['WN']);
    expect(await smsTo(conv.interactionId)).toHaveLength(0);
  });
});

describe('response insight', () => {
  it('sets a known category and refuses others', async () => {
    const conv = await createConversation(a.h);
    const bad = await call(`${FSI}/responseInsight?future-service-interaction-id=${conv.interactionId}&insight=HAPPY`, { as: 'office_manager', method: 'PUT' });
    expect([bad.status, field(bad)]).toEqual([400, 'query.insight']);
    const ok = await call(`${FSI}/responseInsight?future-service-interaction-id=${conv.interactionId}&insight=FU`, { as: 'office_manager', method: 'PUT' });
    expect(ok.body).toEqual({ message: 'Successfully Updated', responseInsight: 'FU' });
    expect((await flags(conv.interactionId)).responseInsight).toBe('FU');
    const [event] = await a.h.db.sql`select kind, response_insight from interaction_event where future_service_interaction_id = ${conv.interactionId} order by id desc limit 1`;
    expect(event).toEqual({ kind: 'NEW_EVENT', responseInsight: 'FU' });
  });
});

describe('the assistant list', () => {
  const list = (q: string, as: (typeof ROLES)[number] = 'office_manager', enterpriseId?: string) =>
    a.h.app.request(`/assistant/v2/getassistlist?${q}`, { headers: { authorization: `Bearer ${tokens[as]}`, ...(enterpriseId ? { enterpriseId } : {}) } });

  it('lists the store division’s assistants with the sender first', async () => {
    const res = await list('boc_id_pk=1&store_id_pk=1&divisionId=DIV004', 'office_manager', '1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { initializerProcessEnabled: boolean; agentPhoneNumber: string; storeId: number }[];
    expect(body[0]).toMatchObject({ initializerProcessEnabled: true, agentPhoneNumber: '+17185550101', storeId: 1 });
  });

  it('refuses a mismatched BOC, enterprise or division and a store outside the user’s scope', async () => {
    const wrongBoc = await list('boc_id_pk=2&store_id_pk=1&divisionId=DIV004');
    expect([wrongBoc.status, ((await wrongBoc.json()) as Json).details![0]!.field]).toEqual([400, 'query.boc_id_pk']);
    const wrongEnterprise = await list('boc_id_pk=1&store_id_pk=1&divisionId=DIV004', 'office_manager', '7');
    expect([wrongEnterprise.status, ((await wrongEnterprise.json()) as Json).details![0]!.field]).toEqual([400, 'header.enterpriseId']);
    const badDivision = await list('boc_id_pk=1&store_id_pk=1&divisionId=DIV999');
    expect([badDivision.status, ((await badDivision.json()) as Json).details![0]!.field]).toEqual([400, 'query.divisionId']);
    expect((await list('boc_id_pk=2&store_id_pk=3&divisionId=DIV004')).status).toBe(403);
  });
});

describe('marks', () => {
  it('an SMS_OPT_OUT mark blocks texts to the customer and removing it lifts the block', async () => {
    const conv = await createConversation(a.h);
    const set = await post('/api/marks/customer', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'SMS_OPT_OUT' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ blockSms: true, customerMarks: [{ intentType: 'SMS_OPT_OUT', value: 'true', futureServiceInteractionId: conv.interactionId }] });
    const send = await a.h.call('/api/svc-message-instance/svc-send-message', {
      token: tokens.office_manager,
      json: { id: conv.customerId, jaguarFutureServiceInteractionId: conv.interactionId, content: 'hello', messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER', direction: 'SEND' },
    });
    expect(send.status).toBe(409);
    const removed = await call(`/api/marks/v2?future-service-interaction-id=${conv.interactionId}&intentType=SMS_OPT_OUT`, { as: 'office_manager', method: 'DELETE' });
    expect(removed.body).toMatchObject({ blockSms: false, customerMarks: [] });
  });

  it('sets, updates and removes interaction marks; validates the type and the vehicle', async () => {
    const conv = await createConversation(a.h);
    const set = await post('/api/marks/future-service-interaction', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'CL' });
    expect(set.body.futureServiceInteractionMarks).toEqual([{ intentType: 'CL', value: 'true', futureServiceInteractionId: conv.interactionId }]);
    const v2 = await post('/api/marks/v2', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'CL', value: '2026-12-01', target: 'FUTURE_SERVICE_INTERACTION' });
    expect(v2.body.futureServiceInteractionMarks).toEqual([{ intentType: 'CL', value: '2026-12-01', futureServiceInteractionId: conv.interactionId }]);
    const del = await call(`/api/marks/v2?future-service-interaction-id=${conv.interactionId}&intentType=CL&target=FUTURE_SERVICE_INTERACTION`, { as: 'office_manager', method: 'DELETE' });
    expect(del.body.futureServiceInteractionMarks).toEqual([]);

    const bad = await post('/api/marks/v2', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'HAPPY' });
    expect([bad.status, field(bad)]).toEqual([400, 'body.intentType']);
    const noVehicle = await post('/api/marks/service-vehicle', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'VI' });
    expect([noVehicle.status, field(noVehicle)]).toEqual([400, 'body.futureServiceInteractionId']);
    const [withVehicle] = await a.h.db.sql<{ id: number }[]>`select id from future_service_interaction where store_id = 1 and service_vehicle_id is not null order by id limit 1`;
    const vehicle = await post('/api/marks/service-vehicle', 'office_manager', { futureServiceInteractionId: withVehicle!.id, intentType: 'VI' });
    expect(vehicle.body.serviceVehicleMarks).toContainEqual({ intentType: 'VI', value: 'true', futureServiceInteractionId: withVehicle!.id });
    const la = await createConversation(a.h, { storeId: 3 });
    expect((await post('/api/marks/customer', 'office_manager', { futureServiceInteractionId: la.interactionId, intentType: 'CL' })).status).toBe(403);
  });
});
