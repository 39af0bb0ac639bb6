import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannerResultSchema, type PlannerResult, type PlannerRun } from '@drivebay/shared';
import { startConversationHarness, testPhone, waitFor, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';
import { createPlannerTestStore, finishedRun, seedRefusedCustomers } from '../testing/planner-runs';

let h: ConversationHarness;
let token: string;
let storeId: number;
const v: Record<string, { customerId: number; vehicleId: number; phone: string | null }> = {};

/**
 * A store of its own in the demo enterprise (New York), with one vehicle per case, each sold
 * 20.11.2025 and driven little, so its 10K service is due by time on 20.11.2026.
 */
beforeAll(async () => {
  h = await startConversationHarness();
  token = await h.login('corporate_admin');
  const sql = h.db.sql;
  storeId = await createPlannerTestStore(sql, { code: 'PLN01', name: 'Planner Test Toyota', address: '1 Main St, Albany, NY 12207', agent: ['Paula', 'Planner'] });
  const cases = ['due', 'fast', 'optedOut', 'noMobile', 'performed', 'open', 'nlo', 'zone', 'texted', 'talking'];
  for (const [k, name] of cases.entries()) {
    const phone = name === 'noMobile' ? null : testPhone();
    const [c] = await sql<{ id: number }[]>`
      insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, block_sms)
      values (1, ${storeId}, ${`PLN-${k}`}, ${name}, 'Tester', ${phone}, ${name === 'optedOut'}) returning id`;
    const [veh] = await sql<{ id: number }[]>`
      insert into service_vehicle (customer_id, vin, make, model, year) values (${c!.id}, ${`PLNVIN0000000000${k}`}, 'Toyota', 'Camry', 2025) returning id`;
    await sql`insert into sale (store_id, customer_id, service_vehicle_id, sold_date, deal_type) values (${storeId}, ${c!.id}, ${veh!.id}, '2025-11-20', 'New')`;
    const odometer = name === 'fast' ? 8700 : 2000;
    await sql`insert into odometer_reading (service_vehicle_id, read_on, odometer) values (${veh!.id}, '2026-10-25', ${odometer})`;
    v[name] = { customerId: c!.id, vehicleId: veh!.id, phone };
  }
  await sql`insert into mark (target, service_vehicle_id, intent_type, value) values ('SERVICE_VEHICLE', ${v.nlo!.vehicleId}, 'NLO', 'true')`;
  // Opted out, an open conversation, texted two days ago; and another conversation the store
  // started (about no vehicle) that is still open: each would be refused a new start.
  await seedRefusedCustomers(sql, storeId, { optedOut: v.optedOut!, open: v.open!, texted: v.texted! });
  await sql`insert into future_service_interaction (store_id, company_id, customer_id, service_type, conversation_initiated)
    values (${storeId}, 1, ${v.talking!.customerId}, 'OIL_CHANGE', true)`;
  // The 10K service done after the sale; and one closed 20.11.2025 at 03:00 UTC, which is the
  // evening of 19.11.2025 in New York: before the sale there, so not this owner's 10K service.
  await sql`insert into repair_order (store_id, ro_number, customer_id, service_vehicle_id, status_code, order_key, close_date, service_types)
    values (${storeId}, 'PLN-RO-1', ${v.performed!.customerId}, ${v.performed!.vehicleId}, 'CLOSED', 'a0', '2026-11-02T15:00:00Z', ${['OIL_CHANGE_10K']}),
           (${storeId}, 'PLN-RO-2', ${v.zone!.customerId}, ${v.zone!.vehicleId}, 'CLOSED', 'a1', '2025-11-20T03:00:00Z', ${['OIL_CHANGE_10K']})`;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const q = (params: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(params).map(([k, x]) => [k, String(x)])).toString();
const TENK = '/api/future-service-interaction/run-future-prediction-for-10k';

async function view(path: string, params: Record<string, string | number | boolean> = {}): Promise<PlannerResult> {
  const res = await h.call(`${path}?${q({ store_id: storeId, plannerDate: '23.11.2026', ...params })}`, { token });
  expect(res.status).toBe(200);
  return expectContract(plannerResultSchema, await res.json());
}

const finished = (runId: number): Promise<PlannerRun> => finishedRun(h, token, runId);

describe('the 10K planner in view mode', () => {
  it('lists the due vehicles with the why of each, and counts the left out by reason', async () => {
    const r = await view(TENK);
    expect(r.content.map((x) => x.firstName).sort()).toEqual(['due', 'fast', 'zone']);
    expect(r.totalElements).toBe(3);
    const due = r.content.find((x) => x.firstName === 'due')!;
    expect(due).toMatchObject({ serviceType: 'OIL_CHANGE_10K', dueDate: '2026-11-20', dueBy: 'TIME', rateSource: 'VEHICLE', lastReading: { readOn: '2026-10-25', odometer: 2000 } });
    const fast = r.content.find((x) => x.firstName === 'fast')!;
    expect(fast.dueBy).toBe('MILEAGE');
    expect(fast.targetOdometer).toBe(9000);
    expect(fast.estimatedMileage).toBeGreaterThan(9000);
    expect(r.run!.leftOut).toMatchObject({ OPTED_OUT: 1, NO_MOBILE: 1, SERVICE_PERFORMED: 1, OPEN_INTERACTION: 2, RECENTLY_CONTACTED: 1, NO_LONGER_OWN: 1, BLOCKED: 0 });
    expect(r.run!.dueCount).toBe(3);
  });

  it('pages on the server', async () => {
    const first = await view(TENK, { size: 2 });
    const second = await view(TENK, { size: 2, page: 1 });
    expect(first.content).toHaveLength(2);
    expect(second.content).toHaveLength(1);
    expect(second.totalElements).toBe(3);
    expect(second.run).toBeNull();
    expect(new Set([...first.content, ...second.content].map((x) => x.serviceVehicleId)).size).toBe(3);
  });

  it('refuses a date that is not DD.MM.YYYY, naming the field, and a store outside the scope', async () => {
    const bad = await h.call(`${TENK}?${q({ store_id: storeId, plannerDate: '2026-11-23' })}`, { token });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { field: string }[] }).details[0]!.field).toContain('plannerDate');
    const other = await h.call(`${TENK}?${q({ store_id: storeId, plannerDate: '23.11.2026' })}`, { token: await h.login('office_manager') });
    expect(other.status).toBe(403);
  });
});

describe('transfer', () => {
  it('creates each interaction once, hands it to the first outreach, and never texts the opted-out customer', async () => {
    const res = await h.call(`${TENK}?${q({ store_id: storeId, plannerDate: '23.11.2026', transfer: true })}`, { token });
    expect(res.status).toBe(200);
    const started = expectContract(plannerResultSchema, await res.json());
    const run = await finished(started.run!.id);
    expect(run).toMatchObject({ status: 'COMPLETED', progress: 100, dueCount: 3, transferredCount: 3 });

    const rows = await h.db.sql<{ serviceType: string; plannedDate: string; estimatedDueDate: string; metadata: { plannerRunId: number } }[]>`
      select service_type, planned_date::text as planned_date, estimated_due_date::text as estimated_due_date, metadata
      from future_service_interaction where store_id = ${storeId} and metadata ? 'plannerRunId' order by id`;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ serviceType: 'OIL_CHANGE_10K', plannedDate: '2026-11-23', metadata: { plannerRunId: run.id } });

    // The first text is written at once; run at night it waits in the outbox for the end of the
    // customer's quiet hours, and the morning is brought forward here.
    const [queued] = await h.db.sql<{ id: number; held: boolean; lastError: string | null }[]>`
      select o.id, o.next_attempt_at > now() as held, o.last_error from message_outbox o
      join message_instance m on m.id = o.message_instance_id where m.customer_id = ${v.due!.customerId}`;
    expect(queued).toBeDefined();
    if (queued!.held) {
      expect(queued!.lastError).toMatch(/^Held for quiet hours until /);
      await h.db.sql`update message_outbox set next_attempt_at = now() where id = ${queued!.id}`;
    }
    // The outbox worker is told of queued texts by the app's entry point; here it is driven by hand.
    await h.worker.runOnce();
    // The assistant's first text reaches the due customers, never the opted-out one.
    await waitFor(async () => h.submissions.filter((m) => m.to === v.due!.phone).length > 0, 15_000, 'first text');
    expect(h.submissions.some((m) => m.to === v.optedOut!.phone)).toBe(false);
    const [texts] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from message_instance where customer_id = ${v.optedOut!.customerId}`;
    expect(texts!.n).toBe(0);

    // The same vehicles, service and planner date again: nothing new.
    const again = await h.call(`${TENK}?${q({ store_id: storeId, plannerDate: '23.11.2026', transfer: true })}`, { token });
    const second = await finished(expectContract(plannerResultSchema, await again.json()).run!.id);
    expect(second.transferredCount).toBe(0);
    const [count] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from future_service_interaction where store_id = ${storeId} and metadata ? 'plannerRunId'`;
    expect(count!.n).toBe(3);
  }, 60_000);

  it('an empty transfer completes with nothing transferred', async () => {
    const res = await h.call(`/api/future-service-interaction/run-future-prediction-25k?${q({ store_id: storeId, plannerDate: '23.11.2026', transfer: true })}`, { token });
    const run = await finished(expectContract(plannerResultSchema, await res.json()).run!.id);
    expect(run).toMatchObject({ status: 'COMPLETED', dueCount: 0, transferredCount: 0 });
  });

  it('a second 15K, 20K or 25K transfer for the same store and date answers 400 until it is a hard run', async () => {
    const path = `/api/future-service-interaction/run-future-prediction-25k?${q({ store_id: storeId, plannerDate: '23.11.2026', transfer: true })}`;
    const res = await h.call(path, { token });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: { field: string }[] }).details[0]!.field).toBe('hardRun');
    const hard = await h.call(`${path}&hardRun=true`, { token });
    expect(hard.status).toBe(200);
    await finished(expectContract(plannerResultSchema, await hard.json()).run!.id);
  });

  it('keeps the run history of the store with each run’s counts', async () => {
    const res = await h.call(`/api/future-service-interaction/planner-runs?${q({ store_id: storeId, planner: '10K' })}`, { token });
    const page = (await res.json()) as { content: PlannerRun[]; totalElements: number };
    expect(page.totalElements).toBeGreaterThanOrEqual(3);
    expect(page.content.some((r) => r.transfer && r.transferredCount === 3)).toBe(true);
  });
});

describe('service-closed and the audit planners', () => {
  it('finds closed repair orders by the store’s day, the end date included', async () => {
    const res = await h.call(`/api/future-service-interaction/service-closed?${q({ store_id: storeId, startDate: '19.11.2025', endDate: '19.11.2025' })}`, { token });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { content: { roNumber: string; closedOn: string }[] };
    // Closed 03:00 UTC on the 20th: the evening of the 19th in New York.
    expect(page.content).toEqual([expect.objectContaining({ roNumber: 'PLN-RO-2', closedOn: '2025-11-19' })]);
    const typed = await h.call(`/api/future-service-interaction/service-closed?${q({ store_id: storeId, startDate: '01.11.2026', endDate: '30.11.2026', serviceType: 'STATE_INSPECTION' })}`, { token });
    expect(((await typed.json()) as { totalElements: number }).totalElements).toBe(0);
  });

  it('audit planner 1 sums each transfer, audit planner 2 lists what it created', async () => {
    const one = await h.call('/api/future-service-interaction/audit-planner-search', { token, json: { store_id: storeId, auditType: 1 } });
    expect(one.status).toBe(200);
    const summary = ((await one.json()) as { summary: { planner: string; transferred: number; optedOut: number }[] }).summary;
    expect(summary.find((s) => s.planner === '10K')).toMatchObject({ transferred: 3, optedOut: 0 });
    const two = await h.call('/api/future-service-interaction/audit-planner-search', { token, json: { store_id: storeId, auditType: 2, planner: '10K' } });
    const detail = (await two.json()) as { content: { initiated: boolean; customerName: string }[]; totalElements: number };
    expect(detail.totalElements).toBe(3);
    expect(detail.content.every((d) => d.initiated)).toBe(true);
  });
});

describe('customer-vehicle leads', () => {
  it('imports a file, matches leads by VIN or mobile, transfers the matched once, and finds them', async () => {
    const csv = [
      'First Name,Last Name,Mobile,VIN,Make,Model,Year,Mileage',
      `Vin,Match,,PLNVIN00000000000,Toyota,Camry,2025,"2,100"`,
      `Phone,Match,${v.fast!.phone!.slice(2)},,Toyota,Camry,2025,`,
      'No,Match,2125550177,UNKNOWNVIN,Toyota,Corolla,2020,',
      'Bad,Number,12345,,Toyota,Corolla,2020,',
    ].join('\n');
    const form = new FormData();
    form.append('multipartFile', new File([csv], 'leads.csv', { type: 'text/csv' }));
    const res = await h.app.request(`/api/future-service-interaction/cv-leads-batchs/import?store_id=${storeId}&name=November`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(200);
    const batch = (await res.json()) as { id: number; rowCount: number; matched: number; rejected: { row: number; reason: string }[] };
    expect(batch).toMatchObject({ rowCount: 3, matched: 2, rejected: [{ row: 5, reason: 'Invalid Number: 12345' }] });

    const none = await h.app.request(`/api/future-service-interaction/cv-leads-batchs/import?store_id=${storeId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(none.status).toBe(400);

    const run = (extra = '') => h.call(`/api/future-service-interaction/run-future-prediction-for-cv-leads?store_id=${storeId}&batchId=${batch.id}${extra}`, { token });
    expect(((await (await run()).json()) as { totalElements: number }).totalElements).toBe(3);
    const first = (await (await run('&transfer=true')).json()) as { transferred: number; content: { interactionId: number | null }[] };
    expect(first.transferred).toBe(2);
    expect(first.content.filter((l) => l.interactionId !== null)).toHaveLength(2);
    expect(((await (await run('&transfer=true')).json()) as { transferred: number }).transferred).toBe(0);
    const [types] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from future_service_interaction where service_type = 'CV_LEAD_SMT_1' and store_id = ${storeId}`;
    expect(types!.n).toBe(2);

    const batches = await h.call(`/api/future-service-interaction/cv-leads-batchs?store_id=${storeId}`, { token });
    expect(((await batches.json()) as { content: { name: string; transferred: number }[] }).content[0]).toMatchObject({ name: 'November', transferred: 2 });
    const found = await h.call(`/api/list-of-customer-vehicle-lead/search?store_id=${storeId}&q=unknownvin`, { token });
    expect(((await found.json()) as { content: { lastName: string; matched: boolean }[] }).content).toEqual([expect.objectContaining({ lastName: 'Match', matched: false })]);
  });
});
