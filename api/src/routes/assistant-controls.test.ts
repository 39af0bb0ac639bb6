// The assistant controls (1/3): Show Intents, log mode, the inbound-appointment workflow and workflow tracks.
import { describe, expect, it } from 'vitest';
import { createConversation } from '../testing/conversation-harness';
import { a, call, post, field, FSI, conversationWith, smsTo, flags, bubbles, tracks, useAssistantHarness } from '../testing/assistant-controls';

useAssistantHarness();

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
