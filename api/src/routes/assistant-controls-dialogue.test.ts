// The assistant controls (2/3): the Date Time Dialogue, quiet hours for outreach, and handoffs.
import { describe, expect, it } from 'vitest';
import { addDays, instantOf, wallTimeAt } from '@drivebay/shared';
import { createConversation, waitFor } from '../testing/conversation-harness';
import { NY, a, post, field, FSI, conversationWith, smsTo, flags, bubbles, tracks, useAssistantHarness } from '../testing/assistant-controls';

useAssistantHarness();

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
