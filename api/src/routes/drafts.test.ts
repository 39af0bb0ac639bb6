import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { TRUST_ANY_PROXY } from '../middleware/client-address';
import { createTestDatabase } from '../db/testing';
import type { Database } from '../db/database';
import { createLogger } from '../lib/logger';
import { seedDemo } from '../seed/demo';
import { draftResponseSchema, saveDraftResponseSchema } from '@drivebay/shared';
import { readContract } from '../testing/contract';
import { draftRoutes } from './drafts';

let db: Database;
let app: ReturnType<typeof createApp>;
const tokens: Record<string, string> = {};
/** Interactions of store 1 (office users' store) and of a store outside their scope. */
let mine: number[];
let elsewhere: number;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.sql);
  app = createApp({ sql: db.sql, logger: createLogger('silent'), proxyTrust: TRUST_ANY_PROXY });
  app.route('/', draftRoutes);
  for (const username of ['office_manager', 'office_user']) {
    const res = await app.request('/user/v2/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.${username.length}.1` },
      body: JSON.stringify({ username, password: 'demo' }),
    });
    tokens[username] = ((await res.json()) as { authToken: string }).authToken;
  }
  mine = (await db.sql<{ id: number }[]>`select id from future_service_interaction where store_id = 1 order by id limit 8`).map((r) => r.id);
  elsewhere = (await db.sql<{ id: number }[]>`select id from future_service_interaction where store_id <> 1 order by id limit 1`)[0]!.id;
});
afterAll(async () => {
  await db?.close();
});

const get = async (interactionId: number, user = 'office_manager') =>
  app.request(`/api/drafts?future_service_interaction_id=${interactionId}`, { headers: { authorization: `Bearer ${tokens[user]}` } });

const put = async (body: Record<string, unknown>, user = 'office_manager') =>
  app.request('/api/drafts', {
    method: 'PUT',
    headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const draftOf = async (interactionId: number, user = 'office_manager') => {
  return (await readContract(await get(interactionId, user), draftResponseSchema)).draft;
};

const save = async (body: Record<string, unknown>, user = 'office_manager') => {
  return readContract(await put(body, user), saveDraftResponseSchema);
};

const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

describe('drafts', () => {
  it('keeps one draft per user and conversation and gives it back', async () => {
    const id = mine[0]!;
    expect(await draftOf(id)).toBeNull();
    const clientMessageId = randomUUID();
    const saved = await save({ futureServiceInteractionId: id, channel: 'EMAIL', subject: 'Your visit', content: 'Hello', clientMessageId });
    expect(saved).toMatchObject({ applied: true, draft: { futureServiceInteractionId: id, channel: 'EMAIL', subject: 'Your visit', content: 'Hello', clientMessageId } });
    expect(await draftOf(id)).toEqual(saved.draft);
    // A colleague on the same store has their own composer.
    expect(await draftOf(id, 'office_user')).toBeNull();
    await save({ futureServiceInteractionId: id, channel: 'SMS', content: 'Mine', clientMessageId: randomUUID() }, 'office_user');
    expect((await draftOf(id))?.content).toBe('Hello');
    expect((await draftOf(id, 'office_user'))?.content).toBe('Mine');
  });

  it('lets the later edit win, whichever device reaches the server last', async () => {
    const id = mine[1]!;
    const clientMessageId = randomUUID();
    const base = { futureServiceInteractionId: id, channel: 'SMS', clientMessageId };
    expect((await save({ ...base, content: 'typed on the tablet a minute ago', updatedAt: at(60_000) })).applied).toBe(true);
    // The phone was offline with an older edit; it arrives later and loses.
    const stale = await save({ ...base, content: 'typed on the phone two minutes ago', updatedAt: at(120_000) });
    expect(stale).toMatchObject({ applied: false, draft: { content: 'typed on the tablet a minute ago' } });
    expect((await save({ ...base, content: 'typed just now', updatedAt: at(0) })).draft?.content).toBe('typed just now');
  });

  it('counts a device clock running ahead as now, so it cannot lock out later edits', async () => {
    const id = mine[2]!;
    const clientMessageId = randomUUID();
    const ahead = await save({ futureServiceInteractionId: id, channel: 'SMS', content: 'from a clock in 2099', clientMessageId, updatedAt: '2099-01-01T00:00:00Z' });
    expect(Date.parse(ahead.draft!.updatedAt)).toBeLessThanOrEqual(Date.now() + 1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await save({ futureServiceInteractionId: id, channel: 'SMS', content: 'later', clientMessageId, updatedAt: at(0) })).applied).toBe(true);
  });

  it('clears with empty content, but an older clear leaves a newer draft alone', async () => {
    const id = mine[3]!;
    const clientMessageId = randomUUID();
    await save({ futureServiceInteractionId: id, channel: 'SMS', content: 'kept', clientMessageId, updatedAt: at(1_000) });
    expect(await save({ futureServiceInteractionId: id, channel: 'SMS', content: '  ', clientMessageId, updatedAt: at(5_000) })).toMatchObject({
      applied: false,
      draft: { content: 'kept' },
    });
    expect(await save({ futureServiceInteractionId: id, channel: 'SMS', content: '', clientMessageId, updatedAt: at(0) })).toEqual({ applied: true, draft: null });
    expect(await draftOf(id)).toBeNull();
  });

  it('ends when its message is sent, and a late save of that draft does not bring it back', async () => {
    const id = mine[4]!;
    const clientMessageId = randomUUID();
    await save({ futureServiceInteractionId: id, channel: 'INTERNAL_NOTES', content: 'Call back after 3', clientMessageId });
    const [f] = await db.sql<{ storeId: number; customerId: number }[]>`select store_id, customer_id from future_service_interaction where id = ${id}`;
    await db.sql`insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, notification_type, client_message_id)
      values (${id}, ${f!.storeId}, ${f!.customerId}, 'Call back after 3', 'SEND', 'INTERNAL_NOTES', 'INTERNAL_NOTES', ${clientMessageId})`;
    expect(await db.sql`select 1 from message_draft where client_message_id = ${clientMessageId}`).toHaveLength(0);
    expect(await draftOf(id)).toBeNull();
    // The debounced save of the text just sent reaches the server after the send.
    expect(await save({ futureServiceInteractionId: id, channel: 'INTERNAL_NOTES', content: 'Call back after 3', clientMessageId, updatedAt: at(0) })).toEqual({
      applied: false,
      draft: null,
    });
    // The next draft of the conversation has a new id and is kept.
    const next = randomUUID();
    expect((await save({ futureServiceInteractionId: id, channel: 'SMS', content: 'Next one', clientMessageId: next })).draft?.clientMessageId).toBe(next);
  });

  it('is refused outside the user’s scope, for unknown conversations, without a session and for bad input', async () => {
    const valid = { futureServiceInteractionId: elsewhere, channel: 'SMS', content: 'x', clientMessageId: randomUUID() };
    expect((await get(elsewhere)).status).toBe(403);
    expect((await put(valid)).status).toBe(403);
    expect((await get(999_999_999)).status).toBe(404);
    expect((await app.request(`/api/drafts?future_service_interaction_id=${mine[0]}`)).status).toBe(401);
    const bad = await put({ ...valid, futureServiceInteractionId: mine[5], clientMessageId: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { field: string }[] }).details.map((d) => d.field)).toContain('body.clientMessageId');
    expect((await put({ ...valid, futureServiceInteractionId: mine[5], channel: 'FAX' })).status).toBe(400);
  });
});
