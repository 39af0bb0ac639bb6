import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIATE_TEXT, automatedRunSchema, followUpSchema, workflowInitiateResultSchema } from '@drivebay/shared';
import { createApp, type App } from '../app';
import { createLogger } from '../lib/logger';
import { TRUST_ANY_PROXY } from '../middleware/client-address';
import { runAutomatedRun } from '../services/workflow/automated';
import { sendDueFollowUps } from '../services/workflow/follow-ups';
import { checkDocumented } from '../testing/contract';
import { createConversation, startConversationHarness, type ConversationHarness } from '../testing/conversation-harness';

let h: ConversationHarness;
let app: App;
let admin: string;

beforeAll(async () => {
  h = await startConversationHarness();
  app = createApp({ sql: h.db.sql, logger: createLogger('silent'), conversations: h.deps, proxyTrust: TRUST_ANY_PROXY });
  admin = await h.login('super_user');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function call(method: string, path: string, body?: unknown, token = admin, headers: Record<string, string> = {}) {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await checkDocumented(app, method, path, res);
  return res;
}

const deps = () => ({ sql: h.db.sql, notifier: h.deps.notifier, outbox: h.deps.outbox });

describe('starting a conversation', () => {
  it('a customer with none gets one started at once', async () => {
    const c = await createConversation(h, { firstName: 'Fresh' });
    await h.db.sql`update future_service_interaction set conv_closed = true where id = ${c.interactionId}`;
    const res = await call('POST', '/api/service-workflow/start-conversation', { customerId: c.customerId, serviceVehicleId: null, serviceType: 'OIL_CHANGE' });
    expect(res.status, await res.clone().text()).toBe(200);
    const r = workflowInitiateResultSchema.parse(await res.json());
    expect(r).toMatchObject({ outcome: 'QUEUED', message: INITIATE_TEXT.initiated });
    const [f] = await h.db.sql`select conversation_initiated, customer_id from future_service_interaction where id = ${r.interactionId}`;
    expect(f).toMatchObject({ conversationInitiated: true, customerId: c.customerId });
  });

  it('refuses with the spec’s text when another conversation is open, then a forced start starts that same interaction', async () => {
    const c = await createConversation(h, { firstName: 'Busy' });
    await h.db.sql`update future_service_interaction set conversation_initiated = true where id = ${c.interactionId}`;
    const body = { customerId: c.customerId, serviceVehicleId: null, serviceType: 'STATE_INSPECTION' };
    const refused = await call('POST', '/api/service-workflow/start-conversation', body);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(INITIATE_TEXT.otherInitiated);
    const forced = workflowInitiateResultSchema.parse(await (await call('POST', '/api/service-workflow/start-conversation', { ...body, isForced: true })).json());
    expect(forced.outcome).toBe('QUEUED');
    const rows = await h.db.sql`select id from future_service_interaction where customer_id = ${c.customerId} and service_type = 'STATE_INSPECTION'`;
    expect(rows.map((r) => r.id)).toEqual([forced.interactionId]);
    // Started once: a second forced start writes nothing more.
    const again = workflowInitiateResultSchema.parse(await (await call('GET', `/api/service-workflow/initiate?id=${forced.interactionId}&isForced=true`)).json());
    expect(again.outcome).toBe('ALREADY_INITIATED');
  });

  it('a store user cannot start one at another store', async () => {
    const c = await createConversation(h, { storeId: 2 });
    const token = await h.login('office_user');
    expect((await call('GET', `/api/service-workflow/initiate?id=${c.interactionId}`, undefined, token)).status).toBe(403);
    expect((await call('POST', '/api/service-workflow/start-conversation', { customerId: c.customerId, serviceVehicleId: null, serviceType: 'OIL_CHANGE' }, token)).status).toBe(403);
  });

  it('finds customers with their vehicles', async () => {
    const c = await createConversation(h, { firstName: 'Pickable' });
    const rows = await (await call('GET', '/api/service-workflow/customers?storeId=1&search=Pickable')).json();
    expect(rows.map((r: { id: number }) => r.id)).toContain(c.customerId);
  });
});

describe('follow-ups', () => {
  it('plans a follow-up once per code and sends it when due, through the outbox', async () => {
    const c = await createConversation(h, { firstName: 'Follow' });
    const first = followUpSchema.parse(await (await call('POST', `/api/service-workflow/follow-up/initiate?future-service-interaction-id=${c.interactionId}&followupType=S1`)).json());
    const second = followUpSchema.parse(await (await call('POST', `/api/service-workflow/follow-up/initiate?future-service-interaction-id=${c.interactionId}&followupType=S1`)).json());
    expect(second.id).toBe(first.id);
    await sendDueFollowUps(deps(), { now: new Date(Date.now() + 25 * 3_600_000) });
    const [u] = await h.db.sql`select status, message_instance_id from lead_follow_up where id = ${first.id}`;
    expect(u!.status).toBe('SENT');
    const [o] = await h.db.sql`select count(*)::int as n from message_outbox where message_instance_id = ${u!.messageInstanceId}`;
    expect(o!.n).toBe(1);
    // Sent once: another sweep sends nothing.
    expect((await sendDueFollowUps(deps(), { now: new Date(Date.now() + 26 * 3_600_000) })).sent).toBe(0);
  });

  it('never sends a follow-up to a customer who opted out', async () => {
    const c = await createConversation(h, { firstName: 'Stopped' });
    const f = followUpSchema.parse(await (await call('POST', `/api/service-workflow/follow-up/initiate?future-service-interaction-id=${c.interactionId}&followupType=FU1`)).json());
    await h.db.sql`insert into mark (target, customer_id, intent_type) values ('CUSTOMER', ${c.customerId}, 'SMS_OPT_OUT')`;
    await sendDueFollowUps(deps(), { now: new Date(Date.now() + 25 * 3_600_000) });
    const [u] = await h.db.sql`select status, outcome, message_instance_id from lead_follow_up where id = ${f.id}`;
    expect(u).toMatchObject({ status: 'SKIPPED', outcome: 'Opted out', messageInstanceId: null });
    const [m] = await h.db.sql`select count(*)::int as n from message_instance where future_service_interaction_id = ${c.interactionId}`;
    expect(m!.n).toBe(0);
  });

  it('a userFollowup plans its follow-up and shows the lead in the follow-up list', async () => {
    const c = await createConversation(h, { firstName: 'Later' });
    const res = await call('PUT', '/api/future-service-interaction/user-followup', { futureServiceInteractionId: c.interactionId, userFollowup: 'day1' });
    expect((await res.json()).followUp.followupType).toBe('USER');
    const page = await (await call('POST', '/api/future-service-interaction/followup?size=100', { storeId: 1, search: 'Later' })).json();
    expect(page.content.map((r: { id: number }) => r.id)).toContain(c.interactionId);
    const cleared = await (await call('PUT', '/api/future-service-interaction/user-followup', { futureServiceInteractionId: c.interactionId, userFollowup: null })).json();
    expect(cleared.followUp).toBeNull();
  });

  it('bulk plans follow-ups and refuses interactions outside the scope', async () => {
    const a = await createConversation(h);
    const other = await createConversation(h, { storeId: 2 });
    const token = await h.login('office_user');
    const r = await (await call('POST', '/api/service-workflow/bulk/initiate', { futureServiceInteractionIds: [a.interactionId, other.interactionId], followupType: 'E1' }, token)).json();
    expect(r.queued).toBe(1);
    expect(r.refused.map((x: { id: number }) => x.id)).toEqual([other.interactionId]);
  });
});

describe('the automated lead-manager job', () => {
  it('looks up zones, stores, types and customer types, runs as a job, keeps failures and reports today', async () => {
    const zones = await (await call('GET', '/api/store/brand-timezone', undefined, admin, { enterpriseid: '1' })).json();
    const zone = zones.find((z: { timezone: string }) => z.timezone === 'America/New_York') ?? zones[0];
    const stores = await (await call('GET', `/api/store/brands-timezone?zone=${encodeURIComponent(zone.timezone)}&${zone.brands.map((b: string) => `brands=${encodeURIComponent(b)}`).join('&')}`, undefined, admin, { enterpriseid: '1' })).json();
    expect(stores.length).toBeGreaterThan(0);
    const storeIds = stores.map((s: { id: number }) => s.id);
    const ok = await createConversation(h, { storeId: storeIds[0], firstName: 'Auto' });
    const noPhone = await createConversation(h, { storeId: storeIds[0], firstName: 'Auto', phone: null });
    await h.db.sql`update customer set customer_type = 'FLEET' where id in (${ok.customerId}, ${noPhone.customerId})`;
    const types = await (await call('POST', '/api/lisa/service-interactions/stores', { storeIds }, admin, { enterpriseid: '1' })).json();
    expect(types.map((t: { interactionType: string }) => t.interactionType)).toContain('OIL_CHANGE');
    const customerTypes = await (await call('GET', `/api/lisa/service-interactions/customer-type/OIL_CHANGE?storeIds=${storeIds.join(',')}`, undefined, admin, { enterpriseid: '1' })).json();
    expect(customerTypes.map((t: { customerType: string }) => t.customerType)).toContain('FLEET');

    const start = { timezone: zone.timezone, brands: zone.brands, storeIds, interactionType: 'OIL_CHANGE', customerTypes: ['FLEET'] };
    const run = automatedRunSchema.parse(await (await call('POST', '/api/lisa/automated/lead-manager/start', start, admin, { enterpriseid: '1' })).json());
    expect(run.status).toBe('QUEUED');
    expect(run.total).toBe(1); // the customer without a mobile number cannot be texted, so is not taken
    expect((await call('POST', '/api/lisa/automated/lead-manager/start', start, admin, { enterpriseid: '1' })).status).toBe(409);
    // A customer who opts out between the start and the job is a failed item.
    await h.db.sql`update customer set block_sms = true where id = ${ok.customerId}`;
    const done = await runAutomatedRun(deps(), run.id);
    expect(done).toMatchObject({ status: 'COMPLETED', failed: 1 });
    const status = await (await call('GET', '/api/lisa/automated/lead-manager/status', undefined, admin, { enterpriseid: '1' })).json();
    expect(status.status).toBe('COMPLETED');
    const failed = await (await call('GET', '/api/lisa/automated/lead-manager/failed', undefined, admin, { enterpriseid: '1' })).json();
    expect(failed.map((f: { futureServiceInteractionId: number }) => f.futureServiceInteractionId)).toEqual([ok.interactionId]);
    const report = await (await call('GET', '/api/lisa/automated/lead-manager/today-report?zone=America/New_York', undefined, admin, { enterpriseid: '1' })).json();
    expect(report).toMatchObject({ runs: 1, total: 1, failed: 1 });
  });

  it('refuses a store outside the chosen brands and zone, and another enterprise', async () => {
    const res = await call('POST', '/api/lisa/automated/lead-manager/start', { timezone: 'Mars/Base', brands: ['Toyota'], storeIds: [1], interactionType: 'OIL_CHANGE', customerTypes: ['INDIVIDUAL'] }, admin, { enterpriseid: '1' });
    expect(res.status).toBe(400);
    const token = await h.login('office_user');
    expect((await call('GET', '/api/lisa/automated/lead-manager/status', undefined, token, { enterpriseid: '999' })).status).toBe(403);
  });

  it('every (ent) call checks the enterpriseId header: malformed 400, not the user’s 403, stores of another enterprise 400', async () => {
    const token = await h.login('office_user');
    const malformed = await call('GET', '/api/store/brand-timezone', undefined, token, { enterpriseId: 'one' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain('header.enterpriseid');
    expect((await call('GET', '/api/store/brand-timezone', undefined, token, { enterpriseId: '2' })).status).toBe(403);
    expect((await call('POST', '/api/lisa/service-interactions/stores', { storeIds: [1] }, token, { enterpriseId: '2' })).status).toBe(403);
    // A super user may name any enterprise, but the stores must then be of it.
    const [other] = await h.db.sql<{ id: number }[]>`insert into enterprise (name) values ('Elsewhere Motors') returning id`;
    const mismatch = await call('POST', '/api/lisa/service-interactions/stores', { storeIds: [1] }, admin, { enterpriseId: String(other!.id) });
    expect([mismatch.status, (await mismatch.json()).details[0].field]).toEqual([400, 'header.enterpriseId']);
    const types = await call('GET', '/api/lisa/service-interactions/customer-type/OIL_CHANGE?storeIds=1', undefined, admin, { enterpriseId: String(other!.id) });
    expect(types.status).toBe(400);
    const c = await createConversation(h, { firstName: 'Bulk' });
    const bulk = await (await call('POST', '/api/service-workflow/bulk/initiate', { futureServiceInteractionIds: [c.interactionId], followupType: 'S1' }, admin, { enterpriseId: String(other!.id) })).json();
    expect(bulk).toMatchObject({ queued: 0, refused: [{ id: c.interactionId }] });
    expect((await call('POST', '/api/service-workflow/bulk/initiate', { futureServiceInteractionIds: [c.interactionId], followupType: 'S1' }, token, { enterpriseId: '1' })).status).toBe(200);
  });

  it('the (ent) workflow track checks the header against the user and the conversation’s store', async () => {
    const token = await h.login('office_manager');
    const c = await createConversation(h, { firstName: 'Tracked' });
    const track = (t: string, enterpriseId?: string) =>
      call('POST', `/api/future-service-interaction/workflow/track?future-service-interaction-id=${c.interactionId}&track=FOLLOW_UP_EMAIL`, undefined, t, enterpriseId ? { enterpriseId } : {});
    const malformed = await track(token, 'x1');
    expect([malformed.status, JSON.stringify(await malformed.json())]).toEqual([400, expect.stringContaining('header.enterpriseid')]);
    expect((await track(token, '2')).status).toBe(403);
    const [other] = await h.db.sql<{ id: number }[]>`insert into enterprise (name) values ('Elsewhere Tracks') returning id`;
    const mismatch = await track(admin, String(other!.id));
    expect([mismatch.status, (await mismatch.json()).details[0].field]).toEqual([400, 'header.enterpriseId']);
    const posted = async () => (await h.db.sql`select track from workflow_track_event where future_service_interaction_id = ${c.interactionId} and source = 'USER'`).map((r) => r.track);
    // Nothing refused was recorded.
    expect(await posted()).toEqual([]);
    const ok = await track(token, '1');
    expect(ok.status, await ok.clone().text()).toBe(200);
    // Without the header the call is the conversation's own form and stands as sent.
    expect((await track(token)).status).toBe(200);
    expect(await posted()).toEqual(['FOLLOW_UP_EMAIL', 'FOLLOW_UP_EMAIL']);
  });
});
