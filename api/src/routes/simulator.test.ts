import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioCarrier } from '../services/carriers/twilio';
import { CarrierError } from '../services/carriers/carrier-port';
import { createConversation, startConversationHarness, testPhone, waitFor, type ConversationHarness } from '../testing/conversation-harness';

const STORE_1_NUMBER = '+17185550101';

describe('simulated carrier', () => {
  let h: ConversationHarness;
  let token: string;
  beforeAll(async () => {
    h = await startConversationHarness();
    token = await h.login('office_manager');
  });
  afterAll(async () => {
    await h?.close();
  });

  const sendSms = async (phone: string) => {
    const c = await createConversation(h, { phone });
    const res = await h.call('/api/svc-message-instance/svc-send-message', {
      token,
      json: { id: c.customerId, jaguarFutureServiceInteractionId: c.interactionId, content: 'Your car is ready', messageType: 'SMS', direction: 'SEND', notificationType: 'MESSAGE_TO_CUSTOMER' },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { messageInstance: { id: number } }).messageInstance.id;
  };
  const settled = (id: number, status: string) =>
    waitFor(async () => {
      const [m] = await h.db.sql<{ messageStatus: string; carrierMessageId: string | null; errors: string[] }[]>`
        select message_status, carrier_message_id, errors from message_instance where id = ${id}`;
      return m?.messageStatus === status ? m : null;
    }, 5000, `status ${status}`);

  it('round trip: the twilio client, the simulator and signed callbacks over HTTP end in delivered', async () => {
    const id = await sendSms(testPhone());
    const m = await settled(id, 'delivered');
    expect(m.carrierMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(m.errors).toEqual([]);
    const [o] = await h.db.sql`select status, attempts from message_outbox where message_instance_id = ${id}`;
    expect(o).toEqual({ status: 'submitted', attempts: 1 });
  });

  it('a number ending in 0666 ends failed with 30007', async () => {
    const id = await sendSms(testPhone('0666'));
    expect(await settled(id, 'failed')).toMatchObject({ errors: ['Message filtered by the carrier (30007)'] });
  });

  it('a number ending in 0999 ends undelivered with 30003', async () => {
    const id = await sendSms(testPhone('0999'));
    expect(await settled(id, 'undelivered')).toMatchObject({ errors: ['Unreachable destination handset (30003)'] });
  });

  it('answers like Twilio: 401 without the account, 400 with Twilio error codes', async () => {
    const account = await h.simulatorAccount();
    const wrong = createTwilioCarrier({ accountSid: account.accountSid, authToken: 'f'.repeat(32) }, { apiBase: `${h.baseUrl}/api/simulator/twilio` });
    const statusCallback = `${h.baseUrl}/api/webhooks/twilio/status`;
    await expect(wrong.sendSms({ from: STORE_1_NUMBER, to: testPhone(), body: 'x', statusCallback })).rejects.toMatchObject({ carrierCode: '20003', permanent: true });
    const right = createTwilioCarrier(account, { apiBase: `${h.baseUrl}/api/simulator/twilio` });
    const bad = await right.sendSms({ from: STORE_1_NUMBER, to: '12', body: 'x', statusCallback }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CarrierError);
    expect(bad).toMatchObject({ carrierCode: '21211', permanent: true });
    await expect(right.sendSms({ from: '+12025550100', to: testPhone(), body: 'x', statusCallback })).rejects.toMatchObject({ carrierCode: '21606' });
    const ok = await right.sendSms({ from: STORE_1_NUMBER, to: testPhone(), body: 'hello', statusCallback });
    expect(ok).toMatchObject({ status: 'queued' });
    expect(ok.carrierMessageId).toHaveLength(34);
  });

  it('a customer replies from the phone page path: signed inbound through the real webhook', async () => {
    const c = await createConversation(h);
    const res = await fetch(`${h.baseUrl}/api/simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: c.phone, to: STORE_1_NUMBER, body: 'Tuesday at 9 works' }),
    });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { messageSid: string; webhookStatus: number };
    expect(out.webhookStatus).toBe(200);
    const [m] = await h.db.sql`select content, direction, future_service_interaction_id from message_instance where carrier_message_id = ${out.messageSid}`;
    expect(m).toEqual({ content: 'Tuesday at 9 works', direction: 'RECEIVED', futureServiceInteractionId: c.interactionId });
    const thread = (await (await fetch(`${h.baseUrl}/api/simulator/phone/thread?store=${encodeURIComponent(STORE_1_NUMBER)}&phone=${encodeURIComponent(c.phone!)}`)).json()) as { content: string; fromCustomer: boolean }[];
    expect(thread).toEqual([expect.objectContaining({ content: 'Tuesday at 9 works', fromCustomer: true })]);
    const bad = await fetch(`${h.baseUrl}/api/simulator/inbound`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: c.phone, to: '+12025550100', body: 'x' }),
    });
    expect(bad.status).toBe(400);
  });

  it('serves the phone page and the store numbers it offers', async () => {
    const page = await fetch(`${h.baseUrl}/api/simulator/phone`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Customer phone');
    const numbers = (await (await fetch(`${h.baseUrl}/api/simulator/numbers`)).json()) as { number: string }[];
    expect(numbers.map((n) => n.number)).toEqual(['+17185550101', '+13125550101', '+12135550101']);
    const customers = (await (await fetch(`${h.baseUrl}/api/simulator/numbers/${encodeURIComponent(STORE_1_NUMBER)}/customers`)).json()) as string[];
    expect(customers.length).toBeGreaterThan(0);
  });
});

describe('with a real carrier configured', () => {
  let h: ConversationHarness;
  const env = { TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`, TWILIO_AUTH_TOKEN: '2'.repeat(32) };
  beforeAll(async () => {
    h = await startConversationHarness({ env });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the simulator does not exist', async () => {
    for (const path of ['/api/simulator/phone', '/api/simulator/numbers', '/api/simulator/mailbox', '/api/simulator/mailbox/page']) {
      expect((await fetch(`${h.baseUrl}${path}`)).status).toBe(404);
    }
    for (const path of [`/api/simulator/twilio/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`, '/api/simulator/inbound']) {
      expect((await fetch(`${h.baseUrl}${path}`, { method: 'POST', body: '{}' })).status).toBe(404);
    }
    expect(await h.deps.carrier.simulatorAccount()).toBeNull();
    expect((await h.deps.carrier.carrierFor(1)).name).toBe('twilio');
  });

  it('webhooks are verified with the default account’s token', async () => {
    const c = await createConversation(h);
    const params = { MessageSid: `SM${'3'.repeat(32)}`, From: c.phone!, To: STORE_1_NUMBER, Body: 'hi', AccountSid: env.TWILIO_ACCOUNT_SID };
    expect((await h.twilioPost('/api/webhooks/twilio/sms', params, { authToken: env.TWILIO_AUTH_TOKEN })).status).toBe(200);
    const simulatorToken = await h.twilioPost('/api/webhooks/twilio/sms', { ...params, MessageSid: `SM${'4'.repeat(32)}` }, { authToken: 'a'.repeat(32) });
    expect(simulatorToken.status).toBe(403);
  });

  it('a store with its own account is verified with the store’s token', async () => {
    await h.db.sql`update store set twilio_account_sid = ${`AC${'5'.repeat(32)}`}, twilio_auth_token = ${'6'.repeat(32)} where id = 2`;
    const c = await createConversation(h, { storeId: 2 });
    const params = { MessageSid: `SM${'7'.repeat(32)}`, From: c.phone!, To: '+13125550101', Body: 'hi' };
    expect((await h.twilioPost('/api/webhooks/twilio/sms', params, { authToken: env.TWILIO_AUTH_TOKEN })).status).toBe(403);
    expect((await h.twilioPost('/api/webhooks/twilio/sms', params, { authToken: '6'.repeat(32) })).status).toBe(200);
  });
});
