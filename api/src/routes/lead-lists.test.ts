import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadListPageSchema, leadPipelineSchema, type LeadListPage } from '@drivebay/shared';
import { createApp, type App } from '../app';
import { createLogger } from '../lib/logger';
import { TRUST_ANY_PROXY } from '../middleware/client-address';
import { checkDocumented } from '../testing/contract';
import { createConversation, startConversationHarness, type ConversationHarness } from '../testing/conversation-harness';

let h: ConversationHarness;
let app: App;
let admin: string;
const HOUR = 3_600_000;
const TAG = 'Listcase';

beforeAll(async () => {
  h = await startConversationHarness();
  app = createApp({ sql: h.db.sql, logger: createLogger('silent'), conversations: h.deps, proxyTrust: TRUST_ANY_PROXY });
  admin = await h.login('super_user');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await checkDocumented(app, method, path, res);
  return res;
}

async function list(path: string, filter: Record<string, unknown> = {}, token = admin, query = 'size=100'): Promise<LeadListPage> {
  const res = await call('POST', `${path}?${query}`, token, { storeId: 1, search: TAG, ...filter });
  expect(res.status, await res.clone().text()).toBe(200);
  return leadListPageSchema.parse(await res.json());
}

/** A lead of store 1 named for the search, with its interaction (and customer) columns set. */
async function lead(fsi: Record<string, unknown> = {}, customer: Record<string, unknown> = {}): Promise<{ id: number; customerId: number }> {
  const sql = h.db.sql;
  const c = await createConversation(h, { firstName: TAG });
  await sql`update future_service_interaction set ${sql({ conversation_initiated: true, last_message_received_date: new Date(), ...fsi })} where id = ${c.interactionId}`;
  if (Object.keys(customer).length) await sql`update customer set ${sql(customer)} where id = ${c.customerId}`;
  return { id: c.interactionId, customerId: c.customerId };
}

const ids = (p: LeadListPage) => p.content.map((r) => r.id);

describe('each list holds what its definition says (docs/lead-lists.md)', () => {
  const FSI = '/api/future-service-interaction';
  const cases: [string, string, () => Promise<{ inn: number[]; out: number[] }>][] = [
    ['consolidated', '/api/lisa/custom-search/leadManager?tab=CONSOLIDATED&', async () => ({
      inn: [(await lead()).id], out: [(await lead({ conversation_initiated: false })).id, (await lead({ conv_closed: true })).id],
    })],
    ['new', '/api/lisa/custom-search/leadManager?tab=NEW&', async () => ({
      inn: [(await lead({ conversation_initiated: false, last_message_received_date: null })).id], out: [(await lead()).id],
    })],
    ['SMT', '/api/lisa/custom-search/leadManager?tab=SMT&', async () => ({
      inn: [(await lead({ service_type: 'CV_LEAD_SMT_1' })).id], out: [(await lead()).id],
    })],
    ['NRAA', `${FSI}/nraa-search?`, async () => ({
      inn: [(await lead({ last_message_received_date: new Date(Date.now() - 30 * HOUR) })).id],
      out: [(await lead({ last_message_received_date: new Date(Date.now() - 2 * HOUR) })).id, (await lead({ last_message_received_date: new Date(Date.now() - 30 * HOUR), total_inbound_count: 1 })).id],
    })],
    ['global inbox 0', `${FSI}/gi0?`, async () => ({ inn: [(await lead({ response_reqd: true, total_inbound_count: 1 })).id], out: [(await lead()).id] })],
    ['MRT', '/api/lisa/custom-search/leadManager?tab=MRT&', async () => ({ inn: [(await lead({ response_reqd: true, total_inbound_count: 1 })).id], out: [(await lead()).id] })],
    ['lead at risk', `${FSI}/lead-at-risk?`, async () => ({
      inn: [
        (await lead({ response_reqd: true, total_inbound_count: 1, last_message_received_date: new Date(Date.now() - 10 * 60_000) })).id,
        (await lead({ total_inbound_count: 2, response_insight: 'CC' })).id,
      ],
      out: [
        (await lead({ response_reqd: true, total_inbound_count: 1, last_message_received_date: new Date(Date.now() - 60_000) })).id,
        (await lead({ response_reqd: true, total_inbound_count: 1, appointment_set: true, last_message_received_date: new Date(Date.now() - HOUR) })).id,
      ],
    })],
    ['TCPA', `${FSI}/tcpa-search?`, async () => ({ inn: [(await lead({}, { block_sms: true })).id], out: [(await lead()).id] })],
    ['archived', `${FSI}/archived-screen?`, async () => ({ inn: [(await lead({ conv_closed: true })).id], out: [(await lead()).id] })],
    ['contact later (LM_2)', `${FSI}/contact-later-lm2-search?`, async () => {
      const inn = await lead();
      await h.db.sql`insert into mark (target, future_service_interaction_id, intent_type, value) values ('FUTURE_SERVICE_INTERACTION', ${inn.id}, 'CL', '2026-12-01')`;
      return { inn: [inn.id], out: [(await lead()).id] };
    }],
    ['follow-up', `${FSI}/followup?`, async () => ({ inn: [(await lead({ user_followup: 'day1' })).id], out: [(await lead()).id] })],
    ['smart follow-up', '/api/lisa/custom-search/follow-up?', async () => {
      const old = new Date(Date.now() - 72 * HOUR);
      const planned = await lead({ total_inbound_count: 1, last_message_received_date: old });
      await h.db.sql`insert into lead_follow_up (future_service_interaction_id, store_id, followup_type, due_on) values (${planned.id}, 1, 'S1', now())`;
      return { inn: [(await lead({ total_inbound_count: 1, last_message_received_date: old })).id], out: [planned.id, (await lead({ total_inbound_count: 1 })).id] };
    }],
    ['GM handoff', `${FSI}/gmhandoff?`, async () => {
      const inn = await lead();
      await h.db.sql`insert into workflow_track_event (future_service_interaction_id, track, source) values (${inn.id}, 'CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK', 'ASSISTANT')`;
      const other = await lead();
      await h.db.sql`insert into workflow_track_event (future_service_interaction_id, track, source) values (${other.id}, 'CUSTOMER_A_HANDOFF', 'ASSISTANT')`;
      return { inn: [inn.id], out: [other.id] };
    }],
    ['handoff', '/api/lisa/custom-search/leadManager?tab=HANDOFF&', async () => {
      const inn = await lead();
      await h.db.sql`insert into workflow_track_event (future_service_interaction_id, track, source) values (${inn.id}, 'CUSTOMER_A_HANDOFF', 'ASSISTANT')`;
      return { inn: [inn.id], out: [(await lead()).id] };
    }],
  ];

  it.each(cases)('%s', async (_name, path, seed) => {
    const { inn, out } = await seed();
    const [base, query] = path.split('?') as [string, string];
    const got = ids(await list(base, {}, admin, `${query}size=500`));
    for (const id of inn) expect(got).toContain(id);
    for (const id of out) expect(got).not.toContain(id);
  });
});

describe('paging, filters and scope', () => {
  it('pages are zero-based, disjoint and counted; past the end is empty', async () => {
    for (let i = 0; i < 5; i++) await lead();
    const all = await list('/api/future-service-interaction/v3/custom-search', { sort: 'createdOn', direction: 'asc' }, admin, 'page=0&size=500');
    const first = await list('/api/future-service-interaction/v3/custom-search', { sort: 'createdOn', direction: 'asc' }, admin, 'page=0&size=2');
    const second = await list('/api/future-service-interaction/v3/custom-search', { sort: 'createdOn', direction: 'asc' }, admin, 'page=1&size=2');
    expect(first.totalElements).toBe(all.totalElements);
    expect(ids(first)).toEqual(ids(all).slice(0, 2));
    expect(ids(second)).toEqual(ids(all).slice(2, 4));
    const past = await list('/api/future-service-interaction/v3/custom-search', {}, admin, `page=${Math.ceil(all.totalElements / 2) + 1}&size=2`);
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(all.totalElements);
  });

  it('counts to 1,000 and says there are more; a page further on counts to its own end', async () => {
    const TALL = 'Talllist';
    const c = await createConversation(h, { firstName: TALL });
    await h.db.sql`insert into future_service_interaction (store_id, company_id, customer_id, service_type, conversation_initiated, last_message_received_date)
      select store_id, company_id, customer_id, service_type, true, now() - g * interval '1 minute'
      from future_service_interaction, generate_series(1, 1029) g where id = ${c.interactionId}`;
    const path = '/api/future-service-interaction/v3/custom-search';
    const first = await list(path, { search: TALL }, admin, 'page=0&size=25');
    expect([first.content.length, first.totalElements, first.totalCapped]).toEqual([25, 1000, true]);
    const deep = await list(path, { search: TALL }, admin, 'page=40&size=25');
    expect([deep.content.length, deep.totalElements, deep.totalCapped]).toEqual([25, 1025, true]);
    const last = await list(path, { search: TALL }, admin, 'page=41&size=25');
    expect([last.content.length, last.totalElements, last.totalCapped]).toEqual([5, 1030, false]);
    const small = await list(path, { search: TAG }, admin, 'page=0&size=25');
    expect(small.totalCapped).toBe(false);
  });

  it('refuses a negative page, an oversized page and a backwards range with a 400 naming the field', async () => {
    for (const q of ['page=-1', 'size=0', 'size=501']) {
      const res = await call('POST', `/api/future-service-interaction/v3/custom-search?${q}`, admin, { storeId: 1 });
      expect(res.status).toBe(400);
    }
    const res = await call('POST', '/api/future-service-interaction/v3/custom-search', admin, { storeId: 1, from: '2026-05-02', to: '2026-05-01' });
    expect(res.status).toBe(400);
    expect((await res.json()).details[0].field).toBe('body.from');
  });

  it('filters on service type, stage and flags on the server', async () => {
    const smt = await lead({ service_type: 'STATE_INSPECTION', lead_stage: 'ENGAGED', ai_enabled: false });
    const got = ids(await list('/api/future-service-interaction/v3/custom-search', { serviceTypes: ['STATE_INSPECTION'], stages: ['ENGAGED'], aiEnabled: false }));
    expect(got).toEqual([smt.id]);
  });

  it('a store user sees only their store, and another store is forbidden', async () => {
    const token = await h.login('office_user');
    const mine = await list('/api/future-service-interaction/v3/custom-search', { storeId: undefined }, token);
    expect(mine.content.every((r) => r.storeId === 1)).toBe(true);
    expect((await call('POST', '/api/future-service-interaction/v3/custom-search', token, { storeId: 2 })).status).toBe(403);
    expect((await call('POST', '/api/future-service-interaction/v3/custom-search', token, { bocId: 1 })).status).toBe(403);
  });

  it('the (ent) lists check the enterpriseId header: malformed 400, not the user’s 403, another place named 400', async () => {
    const path = '/api/lisa/custom-search/follow-up';
    const send = (token: string, enterpriseId: string, filter: Record<string, unknown> = {}) =>
      app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', enterpriseId }, body: JSON.stringify({ search: TAG, ...filter }) });
    const token = await h.login('office_user');
    expect((await send(token, '1')).status).toBe(200);
    const malformed = await send(token, '1x');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain('header.enterpriseid');
    expect((await send(token, '2')).status).toBe(403);
    const [other] = await h.db.sql<{ id: number }[]>`insert into enterprise (name) values ('Other Auto Group') returning id`;
    for (const filter of [{ storeId: 1 }, { bocId: 1 }, { enterpriseId: 1 }]) {
      const res = await send(admin, String(other!.id), filter);
      expect([res.status, (await res.json()).details[0].field]).toEqual([400, 'header.enterpriseId']);
    }
    const none = leadListPageSchema.parse(await (await send(admin, String(other!.id))).json());
    expect(none.totalElements).toBe(0);
  });

  it('follow-ups due later today and overdue ones, in the store’s day', async () => {
    const sql = h.db.sql;
    // The end of today in store 1's zone, from the database's clock, so the test holds at any hour.
    const [day] = await sql<{ eod: Date }[]>`select (date_trunc('day', now() at time zone office_time_zone) + interval '1 day') at time zone office_time_zone as eod from store where id = 1`;
    const eod = day!.eod;
    const now = Date.now();
    const at = async (due: Date, status = 'PENDING') => {
      const l = await lead();
      await sql`insert into lead_follow_up (future_service_interaction_id, store_id, followup_type, due_on, status) values (${l.id}, 1, 'FU1', ${due}, ${status})`;
      return l.id;
    };
    const today = await at(new Date(now + (eod.getTime() - now) / 2 + 30_000));
    const tomorrow = await at(new Date(eod.getTime() + HOUR));
    const overdue = await at(new Date(now - 26 * HOUR));
    const sent = await at(new Date(now - HOUR), 'SENT');
    const FSI = '/api/future-service-interaction';
    const dueToday = ids(await list(`${FSI}/followup`, { followUpsDue: 'today' }));
    expect(dueToday).toContain(today);
    for (const id of [tomorrow, overdue, sent]) expect(dueToday).not.toContain(id);
    const late = ids(await list(`${FSI}/followup`, { followUpsDue: 'overdue' }));
    expect(late).toContain(overdue);
    for (const id of [today, tomorrow, sent]) expect(late).not.toContain(id);
    const all = ids(await list(`${FSI}/followup`));
    for (const id of [today, tomorrow, overdue]) expect(all).toContain(id);
    expect(all).not.toContain(sent);
    const bad = await call('POST', `${FSI}/followup`, admin, { storeId: 1, followUpsDue: 'yesterday' });
    expect([bad.status, (await bad.json()).details[0].field]).toEqual([400, 'body.followUpsDue']);
  });

  it('the LM_2 contact-later search needs a store', async () => {
    expect((await call('POST', '/api/future-service-interaction/contact-later-lm2-search', admin, {})).status).toBe(400);
  });
});

describe('the lead pipeline on a lead', () => {
  it('moves along allowed stages with its history, and refuses the rest', async () => {
    const l = await lead({ lead_stage: 'INITIATED' });
    const set = (stage: string, reason: string | null) =>
      call('PUT', '/api/future-service-interaction/lead-stage', admin, { 'future-service-interaction-id': l.id, stage, reason });
    expect((await set('RESPONDED', 'NEED_MORE_TIME')).status).toBe(200);
    const refused = await set('SHOW_OR_NO_SHOW', 'SHOW');
    expect(refused.status).toBe(400);
    expect((await refused.json()).details[0].field).toBe('body.stage');
    expect((await set('ENGAGED', 'INVALID_CONTACT_INFO')).status).toBe(400);
    expect((await set('ENGAGED', 'PRICE_HIGH')).status).toBe(200);
    const p = leadPipelineSchema.parse(await (await call('GET', `/api/future-service-interaction/lead-stage?future-service-interaction-id=${l.id}`, admin)).json());
    expect(p).toMatchObject({ stage: 'ENGAGED', reason: 'PRICE_HIGH' });
    expect(p.history.map((e) => [e.fromStage, e.toStage, e.reason])).toEqual([
      ['RESPONDED', 'ENGAGED', 'PRICE_HIGH'],
      ['INITIATED', 'RESPONDED', 'NEED_MORE_TIME'],
    ]);
    expect(p.history[0]!.changedBy).toBeTruthy();
    expect(p.nextStages).toContain('APPOINTMENT_SET');
  });
});

describe('lead actions', () => {
  it('closes and reopens, flags response required, and blocks texts', async () => {
    const l = await lead();
    const FSI = '/api/future-service-interaction';
    expect((await (await call('PUT', `${FSI}/conversationClosed?future-service-interaction-id=${l.id}&conversationClosed=true`, admin)).json()).convClosed).toBe(true);
    expect(ids(await list(`${FSI}/archived-screen`))).toContain(l.id);
    expect((await (await call('PUT', `${FSI}/response-required?future-service-interaction-id=${l.id}&responseReqd=true`, admin)).json()).responseReqd).toBe(true);
    expect((await (await call('POST', `${FSI}/update-appointment-set?id=${l.id}&appointment-set=true`, admin)).json()).appointmentSet).toBe(true);
    expect((await (await call('PUT', `${FSI}/sms-block?customerId=${l.customerId}&blockSms=true`, admin)).json()).blockSms).toBe(true);
    expect(ids(await list(`${FSI}/tcpa-search`))).toContain(l.id);
    const link = await (await call('GET', `${FSI}/conversation-link?future-service-interaction-id=${l.id}`, admin)).json();
    expect(link.link).toMatch(new RegExp(`/leadmanager\\?fsi=${l.id}$`));
    expect((await call('GET', `${FSI}/metadata?future-service-interaction-id=${l.id}`, admin)).status).toBe(200);
    expect((await call('GET', `${FSI}/otherInteraction?future-service-interaction-id=${l.id}`, admin)).status).toBe(200);
  });
});
