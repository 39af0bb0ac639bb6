import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageInstanceSchema } from '../services/conversations/schemas';
import { createConversation, startConversationHarness, waitFor, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';

let h: ConversationHarness;
const tokens: Record<string, string> = {};
const STORE_1_NUMBER = '+17185550101';

beforeAll(async () => {
  h = await startConversationHarness();
  for (const u of ['office_user', 'office_manager', 'super_user', 'super_data_admin']) tokens[u] = await h.login(u);
});
afterAll(async () => {
  await h?.close();
});

type Conv = Awaited<ReturnType<typeof createConversation>>;

const sms = (c: Conv, extra: Record<string, unknown> = {}) => ({
  id: c.customerId,
  jaguarFutureServiceInteractionId: c.interactionId,
  content: '<p>Your car is <b>ready</b>&nbsp;for pickup</p>',
  from: STORE_1_NUMBER,
  fromName: 'Ava Reyes',
  to: c.phone,
  toName: 'Test Customer',
  direction: 'SEND',
  messageType: 'SMS',
  notificationType: 'MESSAGE_TO_CUSTOMER',
  ...extra,
});

const send = (body: unknown, user = 'office_manager') =>
  h.call('/api/svc-message-instance/svc-send-message', { token: tokens[user], json: body });

const statusOf = async (id: number) => (await h.db.sql`select message_status, errors from message_instance where id = ${id}`)[0]!;

describe('svc-send-message', () => {
  it('sends an SMS once per clientMessageId, however often it is retried', async () => {
    const c = await createConversation(h);
    const clientMessageId = randomUUID();
    const first = await send(sms(c, { clientMessageId }));
    expect(first.status).toBe(200);
    const a = (await first.json()) as { message: string; messageInstance: z.infer<typeof messageInstanceSchema> };
    expect(a.message).toBe('Successfully Sent');
    expect(messageInstanceSchema.parse(a.messageInstance)).toMatchObject({
      content: 'Your car is ready for pickup', direction: 'SEND', messageType: 'SMS', from: STORE_1_NUMBER, to: c.phone,
      clientMessageId, messageSentBy: 'Olivia Martinez',
    });
    // A retry, a second tab and a second device, some at the same time.
    const again = await Promise.all([send(sms(c, { clientMessageId })), send(sms(c, { clientMessageId }), 'office_user'), send(sms(c, { clientMessageId }))]);
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(((await res.json()) as { messageInstance: { id: number } }).messageInstance.id).toBe(a.messageInstance.id);
    }
    await waitFor(async () => (await statusOf(a.messageInstance.id)).messageStatus === 'delivered', 5000, 'delivered');
    expect(await h.db.sql`select id from message_instance where client_message_id = ${clientMessageId}`).toHaveLength(1);
    expect(h.submissions.filter((s) => s.to === c.phone)).toHaveLength(1);
    const [f] = await h.db.sql`select response_reqd, last_message_received_date from future_service_interaction where id = ${c.interactionId}`;
    expect(f).toMatchObject({ responseReqd: false });
    expect(f!.lastMessageReceivedDate).toBeInstanceOf(Date);
  });

  it('two devices sending the same message at the same moment still send it once', async () => {
    const c = await createConversation(h);
    const clientMessageId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(sms(c, { clientMessageId }))));
    const ids = await Promise.all(answers.map(async (res) => ((await res.json()) as { messageInstance: { id: number } }).messageInstance.id));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(ids).size).toBe(1);
    await waitFor(async () => (await statusOf(ids[0]!)).messageStatus === 'delivered', 5000, 'delivered');
    expect(await h.db.sql`select id from message_outbox where message_instance_id = ${ids[0]!}`).toHaveLength(1);
    expect(h.submissions.filter((s) => s.to === c.phone)).toHaveLength(1);
  });

  it('generates a clientMessageId when the client sends none', async () => {
    const c = await createConversation(h);
    const res = await send(sms(c));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messageInstance: { clientMessageId: string } };
    expect(z.uuid().safeParse(body.messageInstance.clientMessageId).success).toBe(true);
  });

  it('refuses a customer who opted out, by block or by mark, and sends nothing', async () => {
    const blocked = await createConversation(h);
    await h.db.sql`update customer set block_sms = true where id = ${blocked.customerId}`;
    const marked = await createConversation(h);
    await h.db.sql`insert into mark (target, customer_id, intent_type, value) values ('CUSTOMER', ${marked.customerId}, 'SMS_OPT_OUT', 'true')`;
    for (const c of [blocked, marked]) {
      const res = await send(sms(c, { clientMessageId: randomUUID() }));
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'CONFLICT', message: 'This customer has opted out of text messages' });
      expect(await h.db.sql`select id from message_instance where future_service_interaction_id = ${c.interactionId}`).toHaveLength(0);
    }
  });

  it('checks the opt-out again when the queued text is about to leave', async () => {
    const c = await createConversation(h);
    await h.worker.stop();
    try {
      const res = await send(sms(c));
      const { messageInstance } = (await res.json()) as { messageInstance: { id: number } };
      expect((await statusOf(messageInstance.id)).messageStatus).toBe('accepted');
      await h.db.sql`update customer set block_sms = true where id = ${c.customerId}`;
      expect(await h.worker.runOnce()).toBeGreaterThanOrEqual(1);
      expect(await statusOf(messageInstance.id)).toMatchObject({ messageStatus: 'failed', errors: ['Customer opted out'] });
      expect(h.submissions.filter((s) => s.to === c.phone)).toHaveLength(0);
      expect((await h.db.sql`select status from message_outbox where message_instance_id = ${messageInstance.id}`)[0]).toEqual({ status: 'failed' });
    } finally {
      await h.restartWorker();
    }
  });

  it.each([
    ['an e-mail with an empty subject', { messageType: 'EMAIL', subject: '', content: '<p>Hello</p>' }, 'subject', 'Please Enter Subject'],
    ['an e-mail with neither subject nor message', { messageType: 'EMAIL', content: '' }, 'subject', 'Please Enter Subject'],
    ['an e-mail with a blank message', { messageType: 'EMAIL', subject: 'Your visit', content: '<p><br></p>' }, 'content', 'Please Enter Message'],
    ['a blank SMS', { messageType: 'SMS', content: '<p>&nbsp;</p>' }, 'content', 'Please Enter Message'],
    ['an SMS to a number with letters', { messageType: 'SMS', content: 'hi', to: '555-CALL-NOW' }, 'to', 'Invalid Number'],
    ['an SMS over 1600 characters', { messageType: 'SMS', content: 'x'.repeat(1601) }, 'content', 'A text message can be at most 1600 characters'],
  ])('refuses %s', async (_label, extra, field, message) => {
    const c = await createConversation(h);
    const res = await send(sms(c, extra));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'VALIDATION_FAILED', message, details: [{ field: `body.${field}`, message }] });
  });

  it('answers schema problems in the one error shape', async () => {
    const res = await send({ id: 'x', messageType: 'FAX' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; details: { field: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d) => d.field)).toEqual(expect.arrayContaining(['body.id', 'body.jaguarFutureServiceInteractionId', 'body.messageType']));
  });

  it("needs the store's assistant with a number for SMS", async () => {
    const [s] = await h.db.sql<{ id: number }[]>`
      insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display) values (1, 'NOA', 'No Assistant Motors', 'America/New_York', 'ET') returning id`;
    const c = await createConversation(h, { storeId: s!.id });
    const res = await send(sms(c), 'super_user');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'VALIDATION_FAILED', message: 'This Division has no Assistant', details: [{ field: 'body.from', message: 'This Division has no Assistant' }],
    });
  });

  it('sends e-mail with its HTML through the outbox into the captured mailbox', async () => {
    const c = await createConversation(h);
    const res = await send(sms(c, { messageType: 'EMAIL', subject: 'Your Camry is ready', content: '<p>Hi <b>there</b></p>', to: c.email }));
    expect(res.status).toBe(200);
    const { messageInstance } = (await res.json()) as { messageInstance: { id: number; content: string; from: string } };
    expect(messageInstance.content).toBe('<p>Hi <b>there</b></p>');
    expect(messageInstance.from).toBe('ava@mtb01.drivebay.example');
    await waitFor(async () => (await statusOf(messageInstance.id)).messageStatus === 'delivered', 5000, 'mail delivered');
    const mailbox = (await (await fetch(`${h.baseUrl}/api/simulator/mailbox`)).json()) as { to: string; subject: string; html: string; text: string }[];
    expect(mailbox.find((m) => m.subject === 'Your Camry is ready')).toMatchObject({ to: `Test Customer <${c.email}>`, html: '<p>Hi <b>there</b></p>', text: 'Hi there' });
    const page = await (await fetch(`${h.baseUrl}/api/simulator/mailbox/page`)).text();
    expect(page).toContain('Your Camry is ready');
    expect(page).toContain(c.email!);
  });

  it('heads e-mail with the enterprise logo, embedded in the message, once the enterprise has one', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const [e] = await h.db.sql<{ id: number }[]>`select b.enterprise_id as id from store s join boc b on b.id = s.boc_id where s.id = 1`;
    await h.db.sql`update enterprise set logo = ${png}, logo_type = 'image/png' where id = ${e!.id}`;
    try {
      const c = await createConversation(h);
      const res = await send(sms(c, { messageType: 'EMAIL', subject: 'Logo check', content: '<p>Your visit</p>', to: c.email }));
      const { messageInstance } = (await res.json()) as { messageInstance: { id: number; content: string } };
      // What the conversation keeps is what the advisor wrote; the logo is the mail's letterhead.
      expect(messageInstance.content).toBe('<p>Your visit</p>');
      await waitFor(async () => (await statusOf(messageInstance.id)).messageStatus === 'delivered', 5000, 'mail delivered');
      const [mail] = await h.db.sql<{ html: string; raw: string; textBody: string }[]>`select html, raw, text_body from captured_mail where message_instance_id = ${messageInstance.id}`;
      expect(mail!.raw).toContain('Content-ID: <enterprise-logo@drivebay.app>');
      // The HTML part is quoted-printable: undo its soft line breaks and escaped equals signs.
      expect(mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain('src="cid:enterprise-logo@drivebay.app"');
      expect(mail!.raw.replace(/\s/g, '')).toContain(png);
      const src = /<img src="([^"]+)"/.exec(mail!.html)?.[1];
      expect(src).toMatch(new RegExp(`/api/public/enterprise/${e!.id}/logo\\?v=[0-9a-f]{12}$`));
      expect(mail!.html.endsWith('<p>Your visit</p>')).toBe(true);
      expect(mail!.textBody).toBe('Your visit');
    } finally {
      await h.db.sql`update enterprise set logo = null, logo_type = null where id = ${e!.id}`;
    }
  });

  it('stores internal notes without any carrier', async () => {
    const c = await createConversation(h);
    const res = await send(sms(c, { messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES', content: '<p>Called, no answer</p>' }));
    expect(res.status).toBe(200);
    const { messageInstance } = (await res.json()) as { messageInstance: { id: number; messageStatus: string | null; messageType: string } };
    expect(messageInstance).toMatchObject({ messageType: 'INTERNAL_NOTES', messageStatus: null });
    expect(await h.db.sql`select id from message_outbox where message_instance_id = ${messageInstance.id}`).toHaveLength(0);
  });
});

describe('conversation-history', () => {
  let c: Conv;
  beforeAll(async () => {
    c = await createConversation(h);
    await send(sms(c, { content: 'First text' }));
    await send(sms(c, { messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES', content: 'A note' }));
    const archived = (await (await send(sms(c, { content: 'Archived text' }))).json()) as { messageInstance: { id: number } };
    expect((await h.call(`/api/svc-message-instance/archive?message_instance_id=${archived.messageInstance.id}`, { method: 'PUT', token: tokens.super_data_admin })).status).toBe(200);
  });
  const history = async (user: string) => {
    const res = await h.call(`/api/svc-message-instance/conversation-history?future_service_interaction_id=${c.interactionId}`, { token: tokens[user] });
    expect(res.status).toBe(200);
    return expectContract(z.array(messageInstanceSchema), await res.json());
  };

  it('office users see neither notes nor archived messages', async () => {
    expect((await history('office_user')).map((m) => m.content)).toEqual(['First text']);
  });
  it('super users see notes but not archived messages', async () => {
    expect((await history('super_user')).map((m) => m.content)).toEqual(['First text', 'A note']);
  });
  it('super data admins see everything, in time order, with every field', async () => {
    const all = await history('super_data_admin');
    expect(all.map((m) => m.content)).toEqual(['First text', 'A note', 'Archived text']);
    expect(all[2]).toMatchObject({ archived: true, lastMessageId: all[1]!.id, mediaUrls: [], mediaUrl: null, errors: [] });
    expect(all[0]!.lastMessageId).toBeNull();
  });
});

describe('scope', () => {
  it('another store’s interaction is 403 on every conversation call', async () => {
    const other = await createConversation(h, { storeId: 2 });
    const [m] = await h.db.sql<{ id: number }[]>`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type)
      values (${other.interactionId}, 2, ${other.customerId}, 'hello', 'RECEIVED', 'SMS') returning id`;
    const t = tokens.office_user;
    const calls = [
      h.call(`/api/svc-message-instance/conversation-history?future_service_interaction_id=${other.interactionId}`, { token: t }),
      h.call('/api/svc-message-instance/svc-send-message', { token: t, json: sms(other) }),
      h.call('/api/svc-message-instance/read-marker', { token: t, json: { futureInteractionId: other.interactionId, lastMessageId: m!.id } }),
      h.call('/api/svc-message-instance/mark-unread-responses-read', { token: t, json: { futureInteractionId: other.interactionId, lastMessageId: m!.id } }),
      h.call(`/api/future-service-interaction/update-ai-enabled?future-service-interaction-id=${other.interactionId}&aiEnabled=false`, { method: 'POST', token: t }),
      h.call(`/api/future-service-interaction/update-conv-closed?future-service-interaction-id=${other.interactionId}&convClosed=true`, { method: 'POST', token: t }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
    }
    const superArchive = await h.call(`/api/svc-message-instance/archive?message_instance_id=${m!.id}`, { method: 'PUT', token: tokens.super_user });
    expect(superArchive.status).toBe(200);
    expect(await h.db.sql`select id from message_instance where future_service_interaction_id = ${other.interactionId}`).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await h.call('/api/svc-message-instance/conversation-history?future_service_interaction_id=1')).status).toBe(401);
  });

  it('documents the calls in the OpenAPI description', async () => {
    const res = await h.call('/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys(((await res.json()) as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining([
      '/api/svc-message-instance/svc-send-message', '/api/svc-message-instance/conversation-history', '/api/svc-message-instance/archive',
      '/api/svc-message-instance/read-marker', '/api/svc-message-instance/mark-unread-responses-read',
      '/api/future-service-interaction/update-ai-enabled', '/api/svc-message-instance/message-response-time',
      '/api/webhooks/twilio/sms', '/api/webhooks/twilio/status', '/api/webhooks/bandwidth/messages', '/api/simulator/inbound',
    ]));
  });

  it('leaves unknown paths to the app’s 404', async () => {
    const res = await h.call('/api/svc-message-instance/nothing-here', { token: tokens.office_user });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
  });
});

describe('read markers, archive, AI switch, response time', () => {
  async function withReceived(n: number) {
    const c = await createConversation(h);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const [m] = await h.db.sql<{ id: number }[]>`
        insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
        values (${c.interactionId}, 1, ${c.customerId}, ${`msg ${i}`}, 'RECEIVED', 'SMS', now() - ${`${n - i} minutes`}::interval) returning id`;
      ids.push(m!.id);
    }
    await h.db.sql`update future_service_interaction set total_unread_count = ${n}, total_inbound_count = ${n} where id = ${c.interactionId}`;
    return { c, ids };
  }

  it('marks read up to the marker, recomputes the count and never moves back', async () => {
    const { c, ids } = await withReceived(3);
    const mark = (path: string, lastMessageId: number) =>
      h.call(`/api/svc-message-instance/${path}`, { token: tokens.office_user, json: { futureInteractionId: c.interactionId, lastMessageId } });
    let res = await mark('read-marker', ids[1]!);
    expect(await res.json()).toEqual({ message: 'Successfully Updated', lastReadMessageId: ids[1], totalUnreadCount: 1 });
    res = await mark('read-marker', ids[0]!);
    expect(await res.json()).toMatchObject({ lastReadMessageId: ids[1], totalUnreadCount: 1 });
    res = await mark('mark-unread-responses-read', ids[2]!);
    expect(await res.json()).toMatchObject({ lastReadMessageId: ids[2], totalUnreadCount: 0 });
    res = await mark('mark-unread-responses-read', ids[2]!);
    expect(await res.json()).toMatchObject({ totalUnreadCount: 0 });
    const other = await withReceived(1);
    const wrong = await mark('read-marker', other.ids[0]!);
    expect(wrong.status).toBe(404);
  });

  it('archives for super roles only', async () => {
    const { ids } = await withReceived(1);
    const denied = await h.call(`/api/svc-message-instance/archive?message_instance_id=${ids[0]}`, { method: 'PUT', token: tokens.office_manager });
    expect(denied.status).toBe(403);
    const ok = await h.call(`/api/svc-message-instance/archive?message_instance_id=${ids[0]}`, { method: 'PUT', token: tokens.super_user });
    expect(await ok.json()).toEqual({ message: 'Successfully Archived' });
    expect((await h.db.sql`select archived from message_instance where id = ${ids[0]!}`)[0]).toEqual({ archived: true });
  });

  it('switches the assistant off and on', async () => {
    const c = await createConversation(h);
    const res = await h.call(`/api/future-service-interaction/update-ai-enabled?future-service-interaction-id=${c.interactionId}&aiEnabled=false`, {
      method: 'POST', token: tokens.office_user,
    });
    expect(await res.json()).toEqual({ message: 'Successfully Updated' });
    expect((await h.db.sql`select ai_enabled from future_service_interaction where id = ${c.interactionId}`)[0]).toEqual({ aiEnabled: false });
    await h.flushNotifications();
    expect(h.notified.some((n) => n.interactionIds.includes(c.interactionId))).toBe(true);
    const bad = await h.call(`/api/future-service-interaction/update-ai-enabled?future-service-interaction-id=${c.interactionId}&aiEnabled=maybe`, {
      method: 'POST', token: tokens.office_user,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { field: string }[] }).details[0]!.field).toBe('query.aiEnabled');
  });

  it('closes a conversation, reopens it, and a customer’s reply reopens a closed one by itself', async () => {
    const c = await createConversation(h);
    const closed = () => h.db.sql<{ convClosed: boolean }[]>`select conv_closed from future_service_interaction where id = ${c.interactionId}`;
    const set = (value: string, token = tokens.office_user) =>
      h.call(`/api/future-service-interaction/update-conv-closed?future-service-interaction-id=${c.interactionId}&convClosed=${value}`, { method: 'POST', token });
    expect(await (await set('true')).json()).toEqual({ message: 'Successfully Updated' });
    expect((await closed())[0]).toEqual({ convClosed: true });
    await h.flushNotifications();
    expect(h.notified.some((n) => n.interactionIds.includes(c.interactionId))).toBe(true);
    expect(await (await set('false')).json()).toEqual({ message: 'Successfully Updated' });
    expect((await closed())[0]).toEqual({ convClosed: false });
    const bad = await set('maybe');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { field: string }[] }).details[0]!.field).toBe('query.convClosed');

    await set('true');
    const reply = await fetch(`${h.baseUrl}/api/simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: c.phone, to: STORE_1_NUMBER, body: 'Actually, can I still come in?' }),
    });
    expect(reply.status).toBe(200);
    expect((await closed())[0]).toEqual({ convClosed: false });
  });

  it('sets the response time in the store’s time zone and computes mrt', async () => {
    const c = await createConversation(h);
    const [received] = await h.db.sql<{ id: number }[]>`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
      values (${c.interactionId}, 1, ${c.customerId}, 'When can I come?', 'RECEIVED', 'SMS', '2026-03-10T14:00:00Z') returning id`;
    const [answer] = await h.db.sql<{ id: number }[]>`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
      values (${c.interactionId}, 1, ${c.customerId}, 'Tomorrow at 9', 'SEND', 'SMS', '2026-03-10T14:20:00Z') returning id`;
    const put = (msgDateTime: string | undefined, user = 'super_user', id = answer!.id) =>
      h.call('/api/svc-message-instance/message-response-time', { method: 'PUT', token: tokens[user], json: { id, msgDateTime } });

    for (const missing of [undefined, '', '  ']) {
      const res = await put(missing);
      expect(await res.json()).toEqual({
        code: 'VALIDATION_FAILED', message: 'Please Enter Response date and time',
        details: [{ field: 'body.msgDateTime', message: 'Please Enter Response date and time' }],
      });
    }
    expect((await put('31-02-2026 10:00:00')).status).toBe(400);
    expect((await put('2026-03-10 10:00:00')).status).toBe(400);
    expect((await put('10-03-2026 10:05:00', 'office_manager')).status).toBe(403);
    expect((await put('10-03-2026 10:05:00', 'super_user', received!.id)).status).toBe(400);
    // Brooklyn is on EDT (UTC-4) on 10 March 2026: 10:05 local is 14:05Z, five minutes after the customer wrote.
    const res = await put('10-03-2026 10:05:00');
    expect(await res.json()).toEqual({ message: 'Message Response Successfully Updated', messageResponseTime: '2026-03-10T14:05:00.000Z', mrt: 300 });
  });
});
