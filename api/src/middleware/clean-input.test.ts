import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@drivebay/shared';
import { WEBHOOK_PATHS } from '../routes/webhooks';
import { carrierFields } from './clean-input';
import { createConversation, startConversationHarness, type ConversationHarness } from '../testing/conversation-harness';

let h: ConversationHarness;
let token: string;

beforeAll(async () => {
  h = await startConversationHarness({ logLevel: 'error' });
  token = await h.login('office_manager');
});
afterAll(async () => {
  await h?.close();
});

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = apiErrorSchema.parse(await res.json());
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.details.map((d) => d.field)).toContain(field);
}

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in a JSON field with a 400 naming the field', async () => {
    const res = await h.call('/user/v2/login', { method: 'POST', json: { username: 'office\u0000manager', password: 'demo' } });
    await expectRefused(res, 'body.username');
  });

  it('names nested fields and keys', async () => {
    const res = await h.call('/api/customTemplate', { method: 'POST', token, json: { templateName: 'x', parts: [{ text: 'a\u0000b' }] } });
    await expectRefused(res, 'body.parts.0.text');
  });

  it('refuses a NUL in a query string or a form field', async () => {
    await expectRefused(await h.call('/api/future-service-interaction?future-service-interaction-id=1%00', { token }), 'query.future-service-interaction-id');
    const form = await h.app.request('/user/v2/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=a%00b&password=demo',
    });
    await expectRefused(form, 'body.username');
  });

  it('keeps a customer text that carries a NUL, without it, and tells the carrier it arrived', async () => {
    const conv = await createConversation(h);
    const res = await h.twilioPost(WEBHOOK_PATHS.twilioSms, {
      MessageSid: `SM${Date.now()}nul`,
      AccountSid: 'AC00000000000000000000000000000000',
      From: conv.phone!,
      To: '+17185550101',
      Body: 'see you\u0000 at 3',
      NumMedia: '0',
    });
    expect(res.status).toBe(200);
    const rows = await h.db.sql<{ content: string }[]>`
      select content from message_instance where future_service_interaction_id = ${conv.interactionId} and direction = 'RECEIVED'`;
    expect(rows.map((r) => r.content)).toEqual(['see you at 3']);
  });
});

describe('carrierFields', () => {
  it('takes NUL out of keys and values at any depth', () => {
    expect(carrierFields({ 'Bo\u0000dy': 'a\u0000b', media: ['x', 'y\u0000'], nested: { k: 'v\u0000', n: 3 } })).toEqual({
      Body: 'ab',
      media: ['x', 'y'],
      nested: { k: 'v', n: 3 },
    });
  });

  it('gives a payload without NUL back as it came', () => {
    const payload = { Body: 'see you at 3', media: ['x'], nested: { n: 3, none: null } };
    expect(carrierFields(payload)).toBe(payload);
  });
});
