import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversation, startConversationHarness, waitFor, type ConversationHarness } from '../../testing/conversation-harness';

/**
 * Bandwidth's Messaging API v2 as seen from outside: it takes the message (202 with an id) and
 * later calls the application's callback address with basic credentials, like the real service.
 */
type Taken = { path: string; auth: string | undefined; body: { to: string[]; from: string; text: string; applicationId: string; tag?: string } };

let h: ConversationHarness;
let bandwidth: Server;
const taken: Taken[] = [];
const creds = { user: 'bw-callback', pass: 'callback-secret' };

beforeAll(async () => {
  const api = new Hono();
  let n = 0;
  api.post('/api/v2/users/:accountId/messages', async (c) => {
    const body = (await c.req.json()) as Taken['body'];
    taken.push({ path: c.req.path, auth: c.req.header('authorization'), body });
    if (body.to[0]!.endsWith('0400')) return c.json({ type: 'request-validation', description: 'Your request could not be accepted', fieldErrors: [{ fieldName: 'to', description: "'+1' is invalid" }] }, 400);
    return c.json({ id: `bw-${++n}`, owner: body.from, applicationId: body.applicationId, time: new Date().toISOString(), segmentCount: 1, direction: 'out', to: body.to, from: body.from, text: body.text, tag: body.tag }, 202);
  });
  bandwidth = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  h = await startConversationHarness({
    env: {
      BANDWIDTH_ACCOUNT_ID: '9900001', BANDWIDTH_USERNAME: 'api-user', BANDWIDTH_PASSWORD: 'api-pass', BANDWIDTH_APPLICATION_ID: 'app-1',
      BANDWIDTH_CALLBACK_USERNAME: creds.user, BANDWIDTH_CALLBACK_PASSWORD: creds.pass,
      BANDWIDTH_API_URL: `http://127.0.0.1:${(bandwidth.address() as AddressInfo).port}/api/v2`,
    },
  });
  // A real carrier texts only for stores registered for A2P 10DLC.
  await h.db.sql`update store set a2p_status = 'REGISTERED', a2p_brand_id = 'BTEST01', a2p_campaign_id = 'CTEST01'`;
});
afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => bandwidth?.close(() => resolve()));
});

const callback = (events: unknown, auth = `Basic ${Buffer.from(`${creds.user}:${creds.pass}`).toString('base64')}`) =>
  fetch(`${h.baseUrl}/api/webhooks/bandwidth/messages`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body: JSON.stringify(events) });

describe('Bandwidth', () => {
  it('sends through the Messaging API and applies its delivery events', async () => {
    expect(h.deps.carrier.mode).toBe('bandwidth');
    const token = await h.login('office_manager');
    const c = await createConversation(h);
    const res = await h.call('/api/svc-message-instance/svc-send-message', {
      token, json: { id: c.customerId, jaguarFutureServiceInteractionId: c.interactionId, content: 'Ready for pickup', messageType: 'SMS' },
    });
    const { messageInstance } = (await res.json()) as { messageInstance: { id: number } };
    const sent = await waitFor(async () => {
      const [m] = await h.db.sql<{ carrierMessageId: string | null; messageStatus: string }[]>`select carrier_message_id, message_status from message_instance where id = ${messageInstance.id}`;
      return m?.carrierMessageId ? m : null;
    }, 5000, 'taken by bandwidth');
    expect(sent.messageStatus).toBe('accepted');
    const request = taken.find((t) => t.body.to[0] === c.phone)!;
    expect(request).toMatchObject({ path: '/api/v2/users/9900001/messages', auth: `Basic ${Buffer.from('api-user:api-pass').toString('base64')}` });
    expect(request.body).toMatchObject({ from: '+17185550101', text: 'Ready for pickup', applicationId: 'app-1', tag: String(messageInstance.id) });

    const event = (type: string, extra = {}) => ({ type, time: new Date().toISOString(), to: c.phone, description: type, message: { id: sent.carrierMessageId, tag: String(messageInstance.id), to: [c.phone], from: '+17185550101', text: 'Ready for pickup' }, ...extra });
    expect((await callback([event('message-delivered'), event('message-sending')])).status).toBe(204);
    expect((await h.db.sql`select message_status from message_instance where id = ${messageInstance.id}`)[0]).toEqual({ messageStatus: 'delivered' });
  });

  it('records a failure event with its code', async () => {
    const c = await createConversation(h);
    const [m] = await h.db.sql<{ id: number }[]>`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, message_status, carrier_message_id)
      values (${c.interactionId}, 1, ${c.customerId}, 'x', 'SEND', 'SMS', 'accepted', 'bw-failing') returning id`;
    await callback([{ type: 'message-failed', errorCode: 4720, description: 'invalid-destination-address', message: { id: 'bw-failing' } }]);
    expect((await h.db.sql`select message_status, errors from message_instance where id = ${m!.id}`)[0]).toEqual({
      messageStatus: 'failed', errors: ['invalid-destination-address (4720)'],
    });
  });

  it('takes inbound texts, once per message id', async () => {
    const c = await createConversation(h);
    const received = { type: 'message-received', time: new Date().toISOString(), to: '+17185550101', description: 'Incoming message received',
      message: { id: 'bw-in-1', direction: 'in', to: ['+17185550101'], from: c.phone, text: 'See you at 9', media: ['https://messaging.bandwidth.com/api/v2/users/9900001/media/abc.jpg'] } };
    expect((await callback([received])).status).toBe(204);
    expect((await callback([received])).status).toBe(204);
    const rows = await h.db.sql`select content, media_urls from message_instance where carrier_message_id = 'bw-in-1'`;
    expect(rows).toEqual([{ content: 'See you at 9', mediaUrls: ['https://messaging.bandwidth.com/api/v2/users/9900001/media/abc.jpg'] }]);
    expect((await h.db.sql`select total_inbound_count from future_service_interaction where id = ${c.interactionId}`)[0]).toEqual({ totalInboundCount: 1 });
  });

  it('refuses callbacks without the configured credentials', async () => {
    expect((await callback([], `Basic ${Buffer.from('bw-callback:wrong').toString('base64')}`)).status).toBe(401);
    expect((await callback([], '')).status).toBe(401);
  });

  it('a refused message fails with Bandwidth’s description', async () => {
    const token = await h.login('office_manager');
    const c = await createConversation(h, { phone: '+16465550400' });
    const res = await h.call('/api/svc-message-instance/svc-send-message', {
      token, json: { id: c.customerId, jaguarFutureServiceInteractionId: c.interactionId, content: 'x', messageType: 'SMS' },
    });
    const { messageInstance } = (await res.json()) as { messageInstance: { id: number } };
    const m = await waitFor(async () => {
      const [r] = await h.db.sql<{ messageStatus: string; errors: string[] }[]>`select message_status, errors from message_instance where id = ${messageInstance.id}`;
      return r?.messageStatus === 'failed' ? r : null;
    }, 5000, 'failed');
    expect(m.errors).toEqual(["Your request could not be accepted — to: '+1' is invalid (request-validation)"]);
  });
});
