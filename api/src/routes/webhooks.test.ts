import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_KEYWORDS, START_KEYWORDS, STOP_KEYWORDS } from '@drivebay/shared';
import { onInboundCommitted, type InboundCommitted } from '../services/conversations/inbound-events';
import { INBOUND_SERVICE_TYPE } from '../services/conversations/receive-inbound';
import { createConversation, startConversationHarness, testPhone, waitFor, type ConversationHarness } from '../testing/conversation-harness';
import { EMPTY_TWIML, WEBHOOK_PATHS } from './webhooks';

let h: ConversationHarness;
const STORE_1_NUMBER = '+17185550101';
const STORE_3_NUMBER = '+12135550101';
let sidCounter = 0;
const sid = () => `SM${String(Date.now()).padStart(16, '0')}${String(++sidCounter).padStart(16, '0')}`;

beforeAll(async () => {
  h = await startConversationHarness({ logLevel: 'error' });
});
afterAll(async () => {
  await h?.close();
});

const inbound = (o: { from: string; to?: string; body: string; messageSid?: string; media?: string[] }) => ({
  MessageSid: o.messageSid ?? sid(),
  AccountSid: 'AC00000000000000000000000000000000',
  From: o.from,
  To: o.to ?? STORE_1_NUMBER,
  Body: o.body,
  NumMedia: String(o.media?.length ?? 0),
  ...Object.fromEntries((o.media ?? []).map((url, i) => [`MediaUrl${i}`, url])),
});

async function counters(interactionId: number) {
  const [f] = await h.db.sql<{ totalInboundCount: number; totalUnreadCount: number; responseReqd: boolean; lastMessageReceivedDate: Date | null }[]>`
    select total_inbound_count, total_unread_count, response_reqd, last_message_received_date from future_service_interaction where id = ${interactionId}`;
  return f!;
}

async function optedOut(customerId: number) {
  const [r] = await h.db.sql<{ blockSms: boolean; marked: boolean }[]>`
    select block_sms, exists(select 1 from mark where target = 'CUSTOMER' and customer_id = c.id and intent_type = 'SMS_OPT_OUT') as marked
    from customer c where id = ${customerId}`;
  return r!;
}

describe('Twilio inbound webhook', () => {
  it('stores a signed text, counts it, answers empty TwiML and notifies the inbox', async () => {
    const conv = await createConversation(h);
    const res = await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: conv.phone!, body: 'Can I come in Tuesday?', media: ['https://example.com/a.jpg'] }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/xml');
    expect(await res.text()).toBe(EMPTY_TWIML);
    const [m] = await h.db.sql`select * from message_instance where future_service_interaction_id = ${conv.interactionId}`;
    expect(m).toMatchObject({
      content: 'Can I come in Tuesday?', direction: 'RECEIVED', messageType: 'SMS', notificationType: 'MESSAGE_FROM_CUSTOMER',
      fromAddress: conv.phone, toAddress: STORE_1_NUMBER, mediaUrls: ['https://example.com/a.jpg'], readStatus: false,
    });
    expect(await counters(conv.interactionId)).toMatchObject({ totalInboundCount: 1, totalUnreadCount: 1, responseReqd: true });
    await h.flushNotifications();
    expect(h.notified.some((n) => n.storeId === 1 && n.interactionIds.includes(conv.interactionId))).toBe(true);
  });

  it("answers the carrier without the browser's security headers, which every other answer carries", async () => {
    const conv = await createConversation(h);
    const res = await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: conv.phone!, body: 'See you at 9' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    for (const header of ['strict-transport-security', 'x-frame-options', 'x-content-type-options', 'referrer-policy']) {
      expect(res.headers.get(header)).toBeNull();
    }
    const page = await h.app.request('/api/health');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the same MessageSid twice stores one message and counts it once', async () => {
    const conv = await createConversation(h);
    const params = inbound({ from: conv.phone!, body: 'Is my car ready?' });
    const [a, b] = await Promise.all([h.twilioPost(WEBHOOK_PATHS.twilioSms, params), h.twilioPost(WEBHOOK_PATHS.twilioSms, params)]);
    const c = await h.twilioPost(WEBHOOK_PATHS.twilioSms, params);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(await c.text()).toBe(EMPTY_TWIML);
    const rows = await h.db.sql`select id from message_instance where carrier_message_id = ${params.MessageSid}`;
    expect(rows).toHaveLength(1);
    expect(await counters(conv.interactionId)).toMatchObject({ totalInboundCount: 1, totalUnreadCount: 1 });
  });

  it('a forged signature is refused with 403 and nothing is stored', async () => {
    const conv = await createConversation(h);
    const params = inbound({ from: conv.phone!, body: 'forged' });
    const wrongKey = await h.twilioPost(WEBHOOK_PATHS.twilioSms, params, { authToken: '0123456789abcdef0123456789abcdef' });
    expect(wrongKey.status).toBe(403);
    expect((await wrongKey.json()).code).toBe('FORBIDDEN');
    const none = await fetch(`${h.baseUrl}${WEBHOOK_PATHS.twilioSms}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
    expect(none.status).toBe(403);
    // A valid signature over other parameters does not cover changed ones.
    const account = await h.simulatorAccount();
    const signedOther = await h.twilioPost(WEBHOOK_PATHS.twilioSms, { ...params, Body: 'tampered' }, {
      signature: (await import('../services/carriers/twilio-signature')).twilioSignature(account.authToken, `${h.baseUrl}${WEBHOOK_PATHS.twilioSms}`, params),
    });
    expect(signedOther.status).toBe(403);
    expect(await h.db.sql`select id from message_instance where carrier_message_id = ${params.MessageSid}`).toHaveLength(0);
    expect(await counters(conv.interactionId)).toMatchObject({ totalInboundCount: 0, totalUnreadCount: 0 });
  });

  it('an unknown sender becomes a customer with a new interaction in the store that owns the number', async () => {
    const phone = testPhone();
    const res = await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: phone.replace('+1', '(').replace(/^(\(\d{3})/, '$1) '), to: STORE_3_NUMBER, body: 'Hi, do you service Civics?' }));
    expect(res.status).toBe(200);
    const [c] = await h.db.sql`select * from customer where cellular = ${phone}`;
    expect(c).toMatchObject({ storeId: 3, bocId: 2, custno: `SHL03-M${phone.slice(1)}` });
    const fs = await h.db.sql`select * from future_service_interaction where customer_id = ${c!.id}`;
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ storeId: 3, companyId: 2, serviceType: INBOUND_SERVICE_TYPE, totalInboundCount: 1, totalUnreadCount: 1, responseReqd: true });
    // The next text from the number joins the same conversation.
    await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: phone, to: STORE_3_NUMBER, body: 'Any slots Friday?' }));
    expect(await h.db.sql`select id from customer where cellular = ${phone}`).toHaveLength(1);
    expect(await counters(fs[0]!.id)).toMatchObject({ totalInboundCount: 2, totalUnreadCount: 2 });
  });

  it('texts arriving together are each stored once and counted: known senders, first texts racing, redeliveries', async () => {
    const known = [await createConversation(h), await createConversation(h), await createConversation(h)];
    const racing = testPhone();
    const alone = testPhone();
    const redelivered = testPhone();
    const knownTexts = known.flatMap((c, i) => [1, 2, 3].map((n) => inbound({ from: c.phone!, body: `known ${i} text ${n}` })));
    const racingTexts = [1, 2, 3].map((n) => inbound({ from: racing, to: STORE_3_NUMBER, body: `first texts ${n}` }));
    const firstTwice = inbound({ from: redelivered, to: STORE_3_NUMBER, body: 'sent twice' });
    const burst = [...knownTexts, knownTexts[0]!, ...racingTexts, inbound({ from: alone, to: STORE_3_NUMBER, body: 'hello' }), firstTwice, firstTwice];
    const answers = await Promise.all(burst.map((p) => h.twilioPost(WEBHOOK_PATHS.twilioSms, p)));
    expect(answers.map((a) => a.status)).toEqual(burst.map(() => 200));

    const sids = [...new Set(burst.map((p) => p.MessageSid))];
    const stored = await h.db.sql<{ carrierMessageId: string }[]>`select carrier_message_id from message_instance where carrier_message_id = any(${sids})`;
    expect(stored.map((r) => r.carrierMessageId).sort()).toEqual([...sids].sort());
    for (const c of known) expect(await counters(c.interactionId)).toMatchObject({ totalInboundCount: 3, totalUnreadCount: 3, responseReqd: true });
    for (const [phone, texts] of [[racing, 3], [alone, 1], [redelivered, 1]] as const) {
      const customers = await h.db.sql<{ id: number }[]>`select id from customer where cellular = ${phone} and store_id = 3`;
      expect(customers).toHaveLength(1);
      const conversations = await h.db.sql<{ id: number; totalInboundCount: number; messages: number }[]>`
        select f.id, f.total_inbound_count, (select count(*)::int from message_instance m where m.future_service_interaction_id = f.id) as messages
        from future_service_interaction f where f.customer_id = ${customers[0]!.id}`;
      expect(conversations).toEqual([expect.objectContaining({ totalInboundCount: texts, messages: texts })]);
    }
  });

  it('runs the inbound listeners after the commit, but never for carrier keywords', async () => {
    const conv = await createConversation(h);
    const seen: InboundCommitted[] = [];
    const remove = onInboundCommitted.add((e) => void seen.push(e));
    try {
      await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: conv.phone!, body: 'Yes please book me' }));
      await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: conv.phone!, body: 'HELP' }));
      await waitFor(async () => seen.find((e) => e.interactionId === conv.interactionId), 2000, 'listener');
      await new Promise((r) => setTimeout(r, 50));
      const mine = seen.filter((e) => e.interactionId === conv.interactionId);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ storeId: 1, customerId: conv.customerId, content: 'Yes please book me', createdCustomer: false });
    } finally {
      remove();
    }
  });

  it.each(STOP_KEYWORDS.flatMap((k) => [k, k.toLowerCase(), ` ${k[0]}${k.slice(1).toLowerCase()}. `]))('%j opts the number out', async (word) => {
    const conv = await createConversation(h);
    const res = await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: conv.phone!, body: word }));
    expect(res.status).toBe(200);
    expect(await optedOut(conv.customerId)).toEqual({ blockSms: true, marked: true });
    const [m] = await h.db.sql`select content, response_reqd from message_instance where future_service_interaction_id = ${conv.interactionId}`;
    expect(m).toMatchObject({ content: word, responseReqd: false });
    expect(await counters(conv.interactionId)).toMatchObject({ totalInboundCount: 1, responseReqd: false });
  });

  it.each(START_KEYWORDS.flatMap((k) => [k, k.toLowerCase()]))('%j after STOP opts the number back in', async (word) => {
    const conv = await createConversation(h);
    await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: conv.phone!, body: 'STOP' }));
    expect((await optedOut(conv.customerId)).blockSms).toBe(true);
    await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: conv.phone!, body: word }));
    expect(await optedOut(conv.customerId)).toEqual({ blockSms: false, marked: false });
  });

  it("ordinary sentences with keywords in them are not opt-outs (\"I'll stop by Tuesday\")", async () => {
    const conv = await createConversation(h);
    for (const body of ["I'll stop by Tuesday", 'Please cancel my appointment', 'stop sending me the wrong time', 'Help me pick a slot']) {
      await h.twilioPost(WEBHOOK_PATHS.twilioSms, inbound({ from: conv.phone!, body }));
    }
    expect(await optedOut(conv.customerId)).toEqual({ blockSms: false, marked: false });
    expect(await counters(conv.interactionId)).toMatchObject({ totalInboundCount: 4, responseReqd: true });
    expect(await h.db.sql`select id from message_instance where future_service_interaction_id = ${conv.interactionId} and direction = 'SEND'`).toHaveLength(0);
  });

  it.each(HELP_KEYWORDS)('%s is answered once with the store name and number, through the outbox and carrier', async (word) => {
    const conv = await createConversation(h);
    const params = inbound({ from: conv.phone!, body: word.toLowerCase() });
    await h.twilioPost(WEBHOOK_PATHS.twilioSms, params);
    await h.twilioPost(WEBHOOK_PATHS.twilioSms, params);
    const reply = await waitFor(async () => {
      const [r] = await h.db.sql`select * from message_instance where future_service_interaction_id = ${conv.interactionId} and direction = 'SEND'`;
      return r?.messageStatus === 'delivered' ? r : null;
    }, 5000, 'HELP reply delivered');
    expect(reply.content).toBe('Metro Toyota of Brooklyn: for help call (718)-555-0100. Reply STOP to opt out.');
    expect(reply).toMatchObject({ fromAddress: STORE_1_NUMBER, toAddress: conv.phone, messageType: 'SMS' });
    expect(await h.db.sql`select id from message_instance where future_service_interaction_id = ${conv.interactionId} and direction = 'SEND'`).toHaveLength(1);
    expect(h.submissions.filter((s) => s.to === conv.phone)).toHaveLength(1);
    expect(await optedOut(conv.customerId)).toEqual({ blockSms: false, marked: false });
  });

  it('refuses a request without the required fields once the signature is valid', async () => {
    const res = await h.twilioPost(WEBHOOK_PATHS.twilioSms, { To: STORE_1_NUMBER, Body: 'x' });
    expect(res.status).toBe(400);
    expect((await res.json()).details.map((d: { field: string }) => d.field)).toEqual(['body.MessageSid', 'body.From']);
  });
});

describe('Twilio status callback', () => {
  async function outboundMessage(status = 'queued') {
    const conv = await createConversation(h);
    const carrierId = sid();
    const [m] = await h.db.sql<{ id: number }[]>`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, message_status, carrier_message_id)
      values (${conv.interactionId}, 1, ${conv.customerId}, 'Your car is ready', 'SEND', 'SMS', ${status}, ${carrierId}) returning id`;
    return { id: m!.id, sid: carrierId };
  }
  const status = (messageSid: string, MessageStatus: string, extra: Record<string, string> = {}) =>
    h.twilioPost(WEBHOOK_PATHS.twilioStatus, { MessageSid: messageSid, SmsSid: messageSid, MessageStatus, AccountSid: 'AC0', ...extra });
  const current = async (id: number) => (await h.db.sql`select message_status, errors from message_instance where id = ${id}`)[0]!;

  it('moves forward and ignores reports that arrive late (delivered then sent stays delivered)', async () => {
    const m = await outboundMessage();
    expect((await status(m.sid, 'delivered')).status).toBe(200);
    expect((await status(m.sid, 'sent')).status).toBe(200);
    expect((await status(m.sid, 'queued')).status).toBe(200);
    expect(await current(m.id)).toMatchObject({ messageStatus: 'delivered', errors: [] });
  });

  it('records the error code and message of a failure', async () => {
    const m = await outboundMessage('sent');
    await status(m.sid, 'undelivered', { ErrorCode: '30003' });
    expect(await current(m.id)).toMatchObject({ messageStatus: 'undelivered', errors: ['Unreachable destination handset (30003)'] });
    const n = await outboundMessage('sent');
    await status(n.sid, 'failed', { ErrorCode: '30008', ErrorMessage: 'Unknown error from the handset' });
    await status(n.sid, 'failed', { ErrorCode: '30008', ErrorMessage: 'Unknown error from the handset' });
    expect(await current(n.id)).toMatchObject({ messageStatus: 'failed', errors: ['Unknown error from the handset (30008)'] });
  });

  it('finds the message by our id when the report overtakes the carrier id', async () => {
    const conv = await createConversation(h);
    const [m] = await h.db.sql<{ id: number }[]>`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, message_status)
      values (${conv.interactionId}, 1, ${conv.customerId}, 'x', 'SEND', 'SMS', 'accepted') returning id`;
    const carrierId = sid();
    const res = await h.twilioPost(`${WEBHOOK_PATHS.twilioStatus}?mid=${m!.id}`, { MessageSid: carrierId, MessageStatus: 'sent' });
    expect(res.status).toBe(200);
    expect((await h.db.sql`select message_status, carrier_message_id from message_instance where id = ${m!.id}`)[0]).toMatchObject({
      messageStatus: 'sent', carrierMessageId: carrierId,
    });
  });

  it('answers 200 for an unknown message, 403 for a forged report', async () => {
    expect((await status(sid(), 'delivered')).status).toBe(200);
    const m = await outboundMessage('sent');
    const forged = await h.twilioPost(WEBHOOK_PATHS.twilioStatus, { MessageSid: m.sid, MessageStatus: 'failed' }, { authToken: 'f'.repeat(32) });
    expect(forged.status).toBe(403);
    expect(await current(m.id)).toMatchObject({ messageStatus: 'sent' });
  });
});

describe('Bandwidth webhook', () => {
  it('is refused without the configured credentials', async () => {
    const res = await fetch(`${h.baseUrl}${WEBHOOK_PATHS.bandwidthMessages}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      body: '[]',
    });
    expect(res.status).toBe(401);
  });
});
