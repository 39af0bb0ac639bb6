import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artResultSchema, plannerResultSchema, type PlannerRun } from '@drivebay/shared';
import { startConversationHarness, testPhone, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';
import { createPlannerTestStore, finishedRun } from '../testing/planner-runs';
import { assistantControlRoutes } from './assistant-controls';
import { leadListRoutes } from './lead-lists';

let h: ConversationHarness;
let token: string;
let storeId: number;
const v: Record<string, { customerId: number; vehicleId: number }> = {};

const HAND_OFF = '/api/lisa/hand-off/manual-hand-off';
const ART = '/api/lisa/art';
const DATE = '23.11.2026';

/**
 * A New York store of its own: 'hand' was sold 20.11.2025 and driven little (its 10K service is
 * due by time on 20.11.2026); 'fresh' was sold new 24.10.2026 without readings, so it is due on
 * two tabs, 0.5K (500 miles at the fallback rate, 07.11.2026) and 30 days (23.11.2026).
 */
beforeAll(async () => {
  h = await startConversationHarness();
  // The conversation form of manual hand-off, and the handoff list, as the product mounts them.
  h.app.route('/', assistantControlRoutes(h.deps));
  h.app.route('/', leadListRoutes(h.deps));
  token = await h.login('corporate_admin');
  const sql = h.db.sql;
  storeId = await createPlannerTestStore(sql, { code: 'PLN02', name: 'Hand-off Test Toyota', address: '2 Main St, Albany, NY 12207', agent: ['Hana', 'Handoff'] });
  for (const [k, [name, sold]] of [['hand', '2025-11-20'], ['fresh', '2026-10-24']].entries()) {
    const [c] = await sql<{ id: number }[]>`
      insert into customer (boc_id, store_id, custno, first_name, last_name, cellular)
      values (1, ${storeId}, ${`HND-${k}`}, ${name!}, 'Tester', ${testPhone()}) returning id`;
    const [veh] = await sql<{ id: number }[]>`
      insert into service_vehicle (customer_id, vin, make, model, year) values (${c!.id}, ${`HNDVIN0000000000${k}`}, 'Toyota', 'Camry', 2025) returning id`;
    await sql`insert into sale (store_id, customer_id, service_vehicle_id, sold_date, deal_type) values (${storeId}, ${c!.id}, ${veh!.id}, ${sold!}, 'New')`;
    v[name!] = { customerId: c!.id, vehicleId: veh!.id };
  }
  await sql`insert into odometer_reading (service_vehicle_id, read_on, odometer) values (${v.hand!.vehicleId}, '2026-10-25', 2000)`;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const finished = (runId: number): Promise<PlannerRun> => finishedRun(h, token, runId);

describe('the planner form of manual hand-off', () => {
  it('views the planner’s due list like the planner itself', async () => {
    const res = await h.call(HAND_OFF, { token, json: { planner: '10K', store_id: storeId, plannerDate: DATE } });
    expect(res.status).toBe(200);
    const r = expectContract(plannerResultSchema, await res.json());
    expect(r.content.map((x) => x.firstName)).toEqual(['hand']);
    expect(r.run).toMatchObject({ planner: '10K', transfer: false, dueCount: 1 });
  });

  it('refuses a body without a planner or with a bad date, and a call with neither body nor conversation, naming the field', async () => {
    const noPlanner = await h.call(HAND_OFF, { token, json: { store_id: storeId } });
    expect(noPlanner.status).toBe(400);
    expect(((await noPlanner.json()) as { details: { field: string }[] }).details.map((d) => d.field)).toContain('body.planner');
    const badDate = await h.call(HAND_OFF, { token, json: { planner: '10K', store_id: storeId, plannerDate: '2026-11-23' } });
    expect(((await badDate.json()) as { details: { field: string }[] }).details[0]!.field).toBe('body.plannerDate');
    const nothing = await h.call(HAND_OFF, { token, method: 'POST' });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { details: { field: string }[] }).details[0]!.field).toBe('body');
  });

  it('leaves the conversation form to the conversation’s Manual Handoff', async () => {
    const res = await h.call(`${HAND_OFF}?future-service-interaction-id=99999999`, { token, method: 'POST' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/Interaction 99999999/);
  });

  it('hands the due vehicles to people: assistant off, in the handoff list, no text; once; not for office users', async () => {
    const body = { planner: '10K', store_id: storeId, plannerDate: DATE, transfer: true };
    const refused = await h.call(HAND_OFF, { token: await h.login('office_user'), json: body });
    expect(refused.status).toBe(403);

    const res = await h.call(HAND_OFF, { token, json: body });
    expect(res.status).toBe(200);
    const started = expectContract(plannerResultSchema, await res.json());
    expect(started.run).toMatchObject({ mode: 'HAND_OFF', transfer: true });
    const run = await finished(started.run!.id);
    expect(run).toMatchObject({ status: 'COMPLETED', mode: 'HAND_OFF', dueCount: 1, transferredCount: 1 });

    const rows = await h.db.sql<{ id: number; aiEnabled: boolean; conversationInitiated: boolean; serviceType: string; track: string | null }[]>`
      select f.id, f.ai_enabled, f.conversation_initiated, f.service_type,
        (select w.track from workflow_track_event w where w.future_service_interaction_id = f.id) as track
      from future_service_interaction f where f.customer_id = ${v.hand!.customerId}`;
    expect(rows).toEqual([expect.objectContaining({ aiEnabled: false, conversationInitiated: false, serviceType: 'OIL_CHANGE_10K', track: 'CUSTOMER_A_HANDOFF' })]);
    const [texts] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from message_instance where customer_id = ${v.hand!.customerId}`;
    expect(texts!.n).toBe(0);

    // It waits in the store's handoff list for a person.
    const list = await h.call('/api/lisa/custom-search/leadManager?tab=HANDOFF&size=100', { token, json: { storeId } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { content: { id: number }[] }).content.map((r) => r.id)).toContain(rows[0]!.id);

    // The same planner, store and date again: nothing new, and a transfer now leaves it out as open.
    const again = await finished(expectContract(plannerResultSchema, await (await h.call(HAND_OFF, { token, json: body })).json()).run!.id);
    expect(again.transferredCount).toBe(0);
    expect(again.leftOut).toMatchObject({ OPEN_INTERACTION: 1 });
  }, 60_000);
});

describe('the all-tabs run (ART)', () => {
  it('counts each tab’s due list in view mode', async () => {
    const res = await h.call(ART, { token, json: { store_id: storeId, plannerDate: DATE, planners: ['0_5K', '30_DAYS', '10K'] } });
    expect(res.status).toBe(200);
    const r = expectContract(artResultSchema, await res.json());
    expect(r).toMatchObject({ plannerDate: '2026-11-23', transfer: false, artId: null });
    expect(r.tabs.map((t) => [t.planner, t.due])).toEqual([['0_5K', 1], ['10K', 0], ['30_DAYS', 1]]);
    expect(r.tabs.find((t) => t.planner === '10K')!.leftOut).toMatchObject({ OPEN_INTERACTION: 1 });
  });

  it('transfers the tabs one after another: a vehicle due on two tabs gets one conversation', async () => {
    const res = await h.call(ART, { token, json: { store_id: storeId, plannerDate: DATE, transfer: true, planners: ['0_5K', '30_DAYS', '25K'] } });
    expect(res.status).toBe(200);
    const r = expectContract(artResultSchema, await res.json());
    expect(r.artId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.tabs.every((t) => t.run?.artId === r.artId && t.skipped === null)).toBe(true);
    const runs = [];
    for (const t of r.tabs) runs.push(await finished(t.run!.id));
    expect(runs.map((x) => [x.planner, x.status, x.transferredCount])).toEqual([['0_5K', 'COMPLETED', 1], ['25K', 'COMPLETED', 0], ['30_DAYS', 'COMPLETED', 0]]);
    expect(runs[2]!.leftOut).toMatchObject({ OPEN_INTERACTION: 1 });
    const made = await h.db.sql<{ serviceType: string }[]>`select service_type from future_service_interaction where customer_id = ${v.fresh!.customerId}`;
    expect(made.map((m) => m.serviceType)).toEqual(['SALES_TITLE']);
  }, 60_000);

  it('skips a 15K, 20K or 25K tab already transferred for the date unless hardRun; refuses a bad body', async () => {
    const again = expectContract(artResultSchema, await (await h.call(ART, { token, json: { store_id: storeId, plannerDate: DATE, transfer: true, planners: ['25K'] } })).json());
    expect(again.tabs).toEqual([expect.objectContaining({ planner: '25K', skipped: 'ALREADY_TRANSFERRED', run: null })]);
    const hard = expectContract(artResultSchema, await (await h.call(ART, { token, json: { store_id: storeId, plannerDate: DATE, transfer: true, hardRun: true, planners: ['25K'] } })).json());
    expect((await finished(hard.tabs[0]!.run!.id)).status).toBe('COMPLETED');

    const bad = await h.call(ART, { token, json: { store_id: storeId, planners: ['12K'] } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { field: string }[] }).details[0]!.field).toBe('body.planners.0');
    const outside = await h.call(ART, { token: await h.login('office_manager'), json: { store_id: storeId } });
    expect(outside.status).toBe(403);
  }, 60_000);
});
