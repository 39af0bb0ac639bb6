import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isoToSearchDate,
  nextIsoDay,
  RO_STATUS_CODES,
  serviceAdvisorSchema,
  serviceOrderDetailSchema,
  serviceOrderPageSchema,
  serviceOrderSchema,
  storeSchema,
} from '@drivebay/shared';
import { startDealerFeedSimulator } from '../services/boards/simulator';
import { startHarness, type Harness } from '../testing/app-harness';
import { boardRoutes } from './boards';
import { checkDocumented, expectContract } from '../testing/contract';

let h: Harness;
const tokens: Record<string, string> = {};
const orders = z.array(serviceOrderSchema);

async function get(path: string, token?: string): Promise<Response> {
  return h.get(path, token);
}
async function post(path: string, json: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await h.app.request(path, { method: 'POST', headers, body: JSON.stringify(json) });
  await checkDocumented(h.app, 'POST', path, res);
  return res;
}

/** Today in the store's office zone, YYYY-MM-DD. */
async function today(storeId: number): Promise<string> {
  const [row] = await h.db.sql<{ day: string }[]>`
    select to_char((now() at time zone office_time_zone)::date, 'YYYY-MM-DD') as day from store where id = ${storeId}`;
  return row!.day;
}

beforeAll(async () => {
  h = await startHarness();
  h.app.route('/', boardRoutes);
  for (const u of ['office_manager', 'division_manager', 'super_admin']) tokens[u] = await h.login(u);
  // Closed orders of the demo close a few hours after they open; put them firmly inside today.
  await h.db.sql`
    update repair_order ro set close_date = greatest(ro.open_date, ((now() at time zone s.office_time_zone)::date + time '00:05') at time zone s.office_time_zone)
    from store s where s.id = ro.store_id and ro.status_code = 'CLOSED'`;
});
afterAll(async () => {
  await h?.close();
});

describe('swimlane calls', () => {
  it('lists the stores and advisors a user may see', async () => {
    const stores = expectContract(z.array(storeSchema), await (await get('/api/getAllStores', tokens.division_manager)).json());
    expect(stores.map((s) => s.id)).toEqual([1, 2]);
    const mine = expectContract(z.array(storeSchema), await (await get('/api/getAllStores', tokens.office_manager)).json());
    expect(mine.map((s) => s.id)).toEqual([1]);

    const advisors = expectContract(z.array(serviceAdvisorSchema), await (await get('/api/getAdivsorByStore/1', tokens.office_manager)).json());
    expect(advisors.length).toBeGreaterThan(1);
    expect(advisors.every((a) => a.storeId === 1)).toBe(true);
    const same = expectContract(z.array(serviceAdvisorSchema), await (await get('/api/service-open/boc/1/store/1/advisor', tokens.office_manager)).json());
    expect(same).toEqual(advisors);
    expect((await get('/api/service-open/boc/2/store/1/advisor', tokens.office_manager)).status).toBe(400);
  });

  it('returns open orders by lanes and advisor, in board order', async () => {
    const all = expectContract(orders, await (await post('/api/getOpenRoBtStoreId', { statusCode: RO_STATUS_CODES, storeId: 1, advisorNo: 'ALL' }, tokens.office_manager)).json());
    expect(all.length).toBe(6 + 5 + 4 + 6 + 2 + 3 + 3);
    expect(all.some((o) => o.statusCode === 'CLOSED')).toBe(false);
    const lanes = all.map((o) => RO_STATUS_CODES.indexOf(o.statusCode));
    expect(lanes).toEqual([...lanes].sort((a, b) => a - b));
    const first = all.find((o) => o.advisor)!;
    expect(first.customer?.firstName).toBeTruthy();
    expect(first.vehicle?.vin).toHaveLength(17);

    const one = expectContract(orders, await (await post('/api/getOpenRoBtStoreId', { statusCode: ['ASSIGNED', 'HOLD'], storeId: 1, advisorNo: first.advisor!.advisorNo }, tokens.office_manager)).json());
    expect(one.every((o) => ['ASSIGNED', 'HOLD'].includes(o.statusCode) && o.advisor?.advisorNo === first.advisor!.advisorNo)).toBe(true);

    const working = expectContract(orders, await (await get('/api/future-service-interaction/openro/search-by-status?store_id_pk=1&statusCode=ASSIGNED', tokens.office_manager)).json());
    expect(working).toHaveLength(6);
    expect((await get('/api/future-service-interaction/openro/search-by-status?store_id_pk=1&statusCode=NOPE', tokens.office_manager)).status).toBe(400);
  });

  it('counts a customer’s unread messages in the store on their order', async () => {
    const [ro] = await h.db.sql<{ id: number; customerId: number }[]>`
      select id, customer_id from repair_order where store_id = 1 and status_code = 'ASSIGNED' order by id limit 1`;
    const [f] = await h.db.sql<{ id: number }[]>`
      insert into future_service_interaction (store_id, company_id, customer_id, service_type, total_unread_count, last_message_received_date)
      values (1, 1, ${ro!.customerId}, 'OIL_CHANGE', 4, now()) returning id`;
    const [expected] = await h.db.sql<{ n: number }[]>`
      select sum(total_unread_count)::int as n from future_service_interaction where customer_id = ${ro!.customerId} and store_id = 1`;
    const detail = expectContract(serviceOrderDetailSchema, await (await get(`/bridge/api/getOpenServiceOrderDetail/${ro!.id}`, tokens.office_manager)).json());
    expect(detail.unreadCount).toBe(expected!.n);
    expect(detail.futureServiceInteractionId).toBe(f!.id);
  });

  it('finds closed orders by day in both date formats, end day exclusive in the search', async () => {
    const day = await today(1);
    const byDay = expectContract(orders, await (await get(`/api/getClosedRoByStoreIdAndDateAndAdvisorNo/1/${day}/ALL`, tokens.office_manager)).json());
    const [closedToday] = await h.db.sql<{ n: number }[]>`
      select count(*)::int as n from repair_order ro join store s on s.id = ro.store_id
      where ro.store_id = 1 and ro.status_code = 'CLOSED' and (ro.close_date at time zone s.office_time_zone)::date = ${day}::date`;
    expect(closedToday!.n).toBeGreaterThan(0);
    expect(byDay).toHaveLength(closedToday!.n);
    const start = isoToSearchDate(day);
    const end = isoToSearchDate(nextIsoDay(day));
    const search = expectContract(orders, await (await get(`/api/future-service-interaction/closedro/search-by-closed-date?store_id_pk=1&startDate=${start}&endDate=${end}`, tokens.office_manager)).json());
    expect(search.map((o) => o.svcOpenRoIdPK).sort()).toEqual(byDay.map((o) => o.svcOpenRoIdPK).sort());
    const sameDay = expectContract(orders, await (await get(`/api/future-service-interaction/closedro/search-by-closed-date?store_id_pk=1&startDate=${start}&endDate=${start}`, tokens.office_manager)).json());
    expect(sameDay).toEqual([]);
    const advisor = byDay[0]!.advisor!.advisorNo;
    const theirs = expectContract(orders, await (await get(`/api/getClosedRoByStoreIdAndDateAndAdvisorNo/1/${day}/${advisor}`, tokens.office_manager)).json());
    expect(theirs.every((o) => o.advisor?.advisorNo === advisor)).toBe(true);
    expect((await get(`/api/getClosedRoByStoreIdAndDateAndAdvisorNo/1/${start}/ALL`, tokens.office_manager)).status).toBe(400);
  });

  it('pages orders opened in a day range', async () => {
    const day = await today(1);
    const q = `startDate=${isoToSearchDate(day)}&endDate=${isoToSearchDate(nextIsoDay(day))}`;
    const [count] = await h.db.sql<{ n: number }[]>`
      select count(*)::int as n from repair_order ro join store s on s.id = ro.store_id
      where ro.store_id = 1 and (ro.open_date at time zone s.office_time_zone)::date = ${day}::date`;
    const page = expectContract(serviceOrderPageSchema, await (await get(`/api/service-open/boc/1/store/1/search-by-date?${q}&size=10&page=0`, tokens.office_manager)).json());
    expect(page.totalElements).toBe(count!.n);
    expect(page.content.length).toBe(Math.min(10, count!.n));
  });

  it('keeps each user to the stores in scope', async () => {
    const [ro3] = await h.db.sql<{ id: number }[]>`select id from repair_order where store_id = 3 limit 1`;
    const day = await today(3);
    const paths: [string, unknown?][] = [
      ['/api/getAdivsorByStore/3'],
      ['/api/service-open/boc/2/store/3/advisor'],
      [`/api/service-open/boc/2/store/3/search-by-date?startDate=01.01.2026&endDate=02.01.2026`],
      [`/api/service-open/boc/2/store/3/getOpenRo/${ro3!.id}`],
      ['/api/future-service-interaction/openro/search-by-status?store_id_pk=3&statusCode=ASSIGNED'],
      ['/api/future-service-interaction/closedro/search-by-closed-date?store_id_pk=3&startDate=01.01.2026&endDate=02.01.2026'],
      ['/api/getOpenRoBtStoreId', { statusCode: ['ASSIGNED'], storeId: 3 }],
      [`/api/getClosedRoByStoreIdAndDateAndAdvisorNo/3/${day}/ALL`],
      [`/api/getAppointmentByStoreIdAndDate/3/${day}`],
      [`/bridge/api/getOpenServiceOrderDetail/${ro3!.id}`],
    ];
    for (const [path, body] of paths) {
      const res = body === undefined ? await get(path, tokens.office_manager) : await post(path, body, tokens.office_manager);
      expect(res.status, path).toBe(403);
      const anon = body === undefined ? await get(path) : await post(path, body);
      expect(anon.status, path).toBe(401);
    }
    // An order of store 3 asked for under store 1's path is simply not there.
    expect((await get(`/api/service-open/boc/1/store/1/getOpenRo/${ro3!.id}`, tokens.super_admin)).status).toBe(404);
  });
});

describe('dealer feed simulator', () => {
  it('moves the day on in PostgreSQL, audits every move and reports the stores it changed', async () => {
    const changed: number[] = [];
    const before = await h.db.sql<{ id: number }[]>`select id from repair_order where store_id = 2 order by id`;
    const feed = startDealerFeedSimulator({ sql: h.db.sql, onChanged: (id) => void changed.push(id), storeIds: [2], seed: 7, autoStart: false });
    const events = [];
    for (let i = 0; i < 6; i++) events.push(...(await feed.tick()));
    await feed.stop();

    expect(events.length).toBeGreaterThan(3);
    expect(new Set(changed)).toEqual(new Set([2]));
    const moves = events.filter((e) => e.kind === 'moved');
    const audited = await h.db.sql<{ n: number }[]>`select count(*)::int as n from repair_order_move where store_id = 2 and source = 'DEALER_FEED'`;
    expect(audited[0]!.n).toBe(moves.length);
    for (const m of moves) {
      expect(m.from).not.toBe('CLOSED');
      if (m.to === 'CLOSED') expect(m.from).toBe('BOOKED');
    }
    const after = await h.db.sql<{ id: number; statusCode: string; closeDate: Date | null }[]>`
      select id, status_code, close_date from repair_order where store_id = 2 order by id`;
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    expect(after.filter((r) => r.statusCode === 'CLOSED').every((r) => r.closeDate !== null)).toBe(true);

    const moved = moves[0]!;
    const detail = expectContract(serviceOrderDetailSchema, await (await get(`/bridge/api/getOpenServiceOrderDetail/${moved.roId}`, tokens.super_admin)).json());
    expect(detail.moves.at(-1)).toMatchObject({ source: 'DEALER_FEED', userId: null, userName: null });
  });

  it('makes the same choices from the same seed and data', async () => {
    const orders3 = await h.db.sql<{ id: number; statusCode: string; orderKey: string; closeDate: Date | null; updatedOn: Date }[]>`
      select id, status_code, order_key, close_date, updated_on from repair_order where store_id = 3`;
    const appts3 = await h.db.sql<{ id: number; apptStatus: string }[]>`select id, appt_status from appointment where store_id = 3`;
    const restore = async () => {
      await h.db.sql`delete from repair_order_move where store_id = 3`;
      await h.db.sql`delete from repair_order where store_id = 3 and id <> all(${orders3.map((o) => o.id)}::bigint[])`;
      for (const o of orders3) {
        await h.db.sql`update repair_order set status_code = ${o.statusCode}, order_key = ${o.orderKey}, close_date = ${o.closeDate},
          updated_on = ${o.updatedOn} where id = ${o.id}`;
      }
      for (const a of appts3) await h.db.sql`update appointment set appt_status = ${a.apptStatus} where id = ${a.id}`;
    };
    const run = async () => {
      const feed = startDealerFeedSimulator({ sql: h.db.sql, onChanged: () => {}, storeIds: [3], seed: 99, autoStart: false });
      const events = [...(await feed.tick()), ...(await feed.tick())];
      await feed.stop();
      return events.map((e) => (e.kind === 'moved' ? `${e.roId}:${e.from}->${e.to}` : `${e.kind}:${e.to}`));
    };
    const first = await run();
    await restore();
    const second = await run();
    await restore();
    expect(first.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });

  it('pre-opens an order for each of today’s appointments', async () => {
    // Noon today in the store's zone: today's, whatever the hour of the run.
    const [slot] = await h.db.sql<{ start: Date }[]>`
      select (((now() at time zone office_time_zone)::date + time '12:00') at time zone office_time_zone) as start from store where id = 1`;
    const [c] = await h.db.sql<{ id: number; vehicle: number }[]>`
      select c.id, v.id as vehicle from customer c join service_vehicle v on v.customer_id = c.id where c.store_id = 1 order by c.id limit 1`;
    const [ap] = await h.db.sql<{ id: number }[]>`
      insert into appointment (store_id, customer_id, service_vehicle_id, start_date, end_date)
      values (1, ${c!.id}, ${c!.vehicle}, ${slot!.start}, ${new Date(slot!.start.getTime() + 1_800_000)}) returning id`;
    const feed = startDealerFeedSimulator({ sql: h.db.sql, onChanged: () => {}, storeIds: [1], seed: 3, autoStart: false });
    const events = await feed.tick();
    await feed.stop();
    const [ro] = await h.db.sql<{ id: number; statusCode: string }[]>`select id, status_code from repair_order where appointment_id = ${ap!.id}`;
    expect(events).toContainEqual({ storeId: 1, roId: ro!.id, kind: 'pre-opened', from: null, to: 'Appt' });
    expect(['Appt', 'UNASSIGNED']).toContain(ro!.statusCode);
  });
});
