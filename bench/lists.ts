// Lead lists on a large enterprise: the first page of the lists under a realistic mix of filters,
// against a primary-key page read of the same table in the same run, on PostgreSQL.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:lists [interactions=1000000] [messages=5000000] [rounds=200]
//
// A fresh database is made on the server DATABASE_URL names and dropped afterwards. The data is
// generated inside PostgreSQL (generate_series), so a million interactions and five million messages
// take a few minutes here. Figures are appended to bench/RESULTS.md and end with one JSON line.
import { appendFileSync } from 'node:fs';
import type { LeadListFilter, LeadListKind } from '@drivebay/shared';
import { type SessionUser } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { seedDemo } from '../api/src/seed/demo';
import { searchLeads } from '../api/src/services/lead-lists/search-leads';
import { generator, machine } from './support';

if (!process.env.DATABASE_URL) {
  console.error('bench:lists runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const INTERACTIONS = Number(process.argv[2] ?? 1_000_000);
const MESSAGES = Number(process.argv[3] ?? 5_000_000);
const ROUNDS = Number(process.argv[4] ?? 200);
const STORES = 10;
const CUSTOMERS = Math.max(1000, Math.floor(INTERACTIONS / 4));

const db = await createTestDatabase();
const sql = db.sql;
const t0 = performance.now();
try {
  await seedDemo(sql);
  const [boc] = await sql<{ id: number; enterpriseId: number }[]>`select b.id, b.enterprise_id from boc b order by b.id limit 1`;
  const have = (await sql<{ n: number }[]>`select count(*)::int as n from store`)[0]!.n;
  await sql`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display, brand)
    select ${boc!.id}, 'BENCH-' || g, 'Bench Motors ' || g, 'America/New_York', 'Eastern', 'Toyota' from generate_series(1, ${STORES - have}) g`;
  const stores = (await sql<{ id: number }[]>`select s.id from store s join boc b on b.id = s.boc_id where b.enterprise_id = ${boc!.enterpriseId} order by s.id`).map((s) => s.id);
  await sql`
    insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, email, block_sms, customer_type)
    select s.boc_id, s.id, 'BENCH-' || g,
      (array['James','Maria','Robert','Linda','Michael','Susan','David','Karen','Daniel','Nancy'])[1 + g % 10],
      (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Lopez','Wilson'])[1 + (g / 10) % 12] || (g % 1000),
      '+1646' || lpad((2000000 + g)::text, 7, '0'), 'bench' || g || '@example.com', g % 40 = 0, case when g % 9 = 0 then 'FLEET' else 'INDIVIDUAL' end
    from generate_series(1, ${CUSTOMERS}) g join store s on s.id = (${sql.array(stores)}::bigint[])[1 + g % ${stores.length}]`;
  const [{ lo, hi } = { lo: 0, hi: 0 }] = await sql<{ lo: number; hi: number }[]>`select min(id)::int as lo, max(id)::int as hi from customer where custno like 'BENCH-%'`;
  await sql`insert into service_vehicle (customer_id, vin, make, model, year, odometer)
    select id, 'VIN' || id, (array['Toyota','Chevrolet','Honda','GMC'])[1 + id % 4], 'Model ' || (id % 7), 2015 + id % 10, 1000 * (id % 90) from customer where custno like 'BENCH-%'`;
  await sql`
    insert into future_service_interaction (store_id, company_id, customer_id, service_vehicle_id, service_type, conversation_initiated, conv_closed,
      response_reqd, total_inbound_count, total_unread_count, last_message_received_date, appointment_set, lead_stage, response_insight, user_followup, ai_enabled, created_on)
    select c.store_id, c.boc_id, c.id, v.id,
      (array['OIL_CHANGE','CHECK_UP','OIL_CHANGE_10K','STATE_INSPECTION','SVC_OPEN_RO','CV_LEAD_SMT_1','SVC_CLOSED_RO','OIL_CHANGE_15K'])[1 + g % 8],
      g % 10 <> 0, g % 7 = 0, g % 11 = 0, case when g % 3 = 0 then 0 else 2 end, case when g % 11 = 0 then 1 else 0 end,
      now() - (g % 200000) * interval '3 minutes', g % 13 = 0,
      (array['INITIATED','RESPONDED','CONTACTED','ENGAGED','APPOINTMENT_SET'])[1 + g % 5],
      case when g % 50 = 0 then 'CC' when g % 51 = 0 then 'PRICE_CONCERN' else null end,
      case when g % 97 = 0 then 'day1' else null end, g % 17 <> 0, now() - (g % 300000) * interval '4 minutes'
    from generate_series(1, ${INTERACTIONS}) g
    join customer c on c.id = ${lo}::bigint + g % (${hi}::bigint - ${lo}::bigint + 1)
    left join service_vehicle v on v.customer_id = c.id`;
  const [{ flo, fhi } = { flo: 0, fhi: 0 }] = await sql<{ flo: number; fhi: number }[]>`
    select min(id)::int as flo, max(id)::int as fhi from future_service_interaction where customer_id >= ${lo}`;
  const perInteraction = Math.max(1, Math.round(MESSAGES / INTERACTIONS));
  await sql`
    insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
    select f.id, f.store_id, f.customer_id, 'Bench message ' || k || ' of ' || f.id,
      case when k % 2 = 1 and f.total_inbound_count > 0 then 'RECEIVED' else 'SENT' end, 'SMS',
      coalesce(f.last_message_received_date, f.created_on) - k * interval '1 hour'
    from future_service_interaction f cross join generate_series(0, ${perInteraction - 1}) k
    where f.id between ${flo}::bigint and ${fhi}::bigint`;
  await sql`insert into mark (target, future_service_interaction_id, intent_type, value)
    select 'FUTURE_SERVICE_INTERACTION', id, 'CL', to_char(now() + (id % 30) * interval '1 day', 'YYYY-MM-DD') from future_service_interaction where id % 100 = 0 and id >= ${flo}`;
  await sql`insert into workflow_track_event (future_service_interaction_id, track, source)
    select id, 'CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK', 'ASSISTANT' from future_service_interaction where id % 150 = 0 and id >= ${flo}`;
  await sql`insert into lead_follow_up (future_service_interaction_id, store_id, followup_type, due_on)
    select id, store_id, 'S1', now() + (id % 48) * interval '1 hour' from future_service_interaction where id % 120 = 0 and id >= ${flo}`;
  await sql`analyze`;
  const [counts] = await sql<{ interactions: number; messages: number }[]>`
    select (select count(*)::int from future_service_interaction) as interactions, (select count(*)::int from message_instance) as messages`;
  const seededMs = performance.now() - t0;

  const user: SessionUser = {
    userId: 1, username: 'bench', firstName: 'Bench', lastName: 'User', roles: ['ENTERPRISE_ADMIN'], tokenHash: '', expiresOn: new Date(Date.now() + 3_600_000),
    empLevel: 'ENTERPRISE', enterpriseId: boc!.enterpriseId, bocId: null, storeId: null,
  } as SessionUser;
  const rnd = generator(7);
  const store = () => stores[Math.floor(rnd() * stores.length)]!;
  // What advisors and managers open in a day: the lead manager's tabs of one store, searches,
  // filtered custom searches, and the enterprise-wide lists of managers.
  const MIX: (() => { kind: LeadListKind; filter: LeadListFilter })[] = [
    () => ({ kind: 'CONSOLIDATED', filter: { storeId: store() } }),
    () => ({ kind: 'CONSOLIDATED', filter: { storeId: store() } }),
    () => ({ kind: 'CUSTOM', filter: { storeId: store(), search: ['smith', 'garcia', 'maria', '4619'][Math.floor(rnd() * 4)] } }),
    () => ({ kind: 'CUSTOM', filter: { storeId: store(), serviceTypes: ['OIL_CHANGE', 'CHECK_UP'], stages: ['RESPONDED', 'ENGAGED'], aiEnabled: true } }),
    () => ({ kind: 'LEAD_AT_RISK', filter: { storeId: store() } }),
    () => ({ kind: 'MRT', filter: { storeId: store() } }),
    () => ({ kind: 'NEW', filter: { storeId: store() } }),
    () => ({ kind: 'FOLLOW_UP', filter: { storeId: store() } }),
    () => ({ kind: 'CONTACT_LATER', filter: { storeId: store() } }),
    () => ({ kind: 'GM_HANDOFF', filter: { storeId: store() } }),
    () => ({ kind: 'NRAA', filter: {} }),
    () => ({ kind: 'GLOBAL_INBOX_0', filter: { bocId: boc!.id } }),
    () => ({ kind: 'TCPA', filter: {} }),
    () => ({ kind: 'CUSTOM', filter: { sort: 'customerName', direction: 'asc' } }),
  ];
  const product = async () => {
    const q = MIX[Math.floor(rnd() * MIX.length)]!();
    await searchLeads(sql, user, { kind: q.kind, filter: q.filter, page: { page: 0, size: 25 } });
  };
  const baseline = async () => {
    const after = flo + Math.floor(rnd() * (fhi - flo));
    await sql`select * from future_service_interaction where id > ${after} order by id limit 25`;
  };
  for (let i = 0; i < 20; i++) {
    await product();
    await baseline();
  }
  const times = { product: [] as number[], baseline: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, run] of [['product', product], ['baseline', baseline]] as const) {
      const s = performance.now();
      await run();
      times[name].push(performance.now() - s);
    }
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  const r = (x: number) => Math.round(x * 10) / 10;
  const figures = {
    bench: 'lists', database: 'postgres', interactions: counts!.interactions, messages: counts!.messages, rounds: ROUNDS,
    productP50Ms: r(pct(times.product, 50)), productP95Ms: r(pct(times.product, 95)),
    baselineP50Ms: r(pct(times.baseline, 50)), baselineP95Ms: r(pct(times.baseline, 95)),
    p95Ratio: r(pct(times.product, 95) / pct(times.baseline, 95)), seedSeconds: Math.round(seededMs / 1000),
  };
  appendFileSync(
    new URL('./RESULTS.md', import.meta.url),
    `\n## lists — ${new Date().toISOString()}\n\n` +
      `- Machine: ${machine()}\n- Database: postgres; one enterprise of ${stores.length} stores, ${counts!.interactions} interactions, ${counts!.messages} messages, ${CUSTOMERS} customers (seeded in ${figures.seedSeconds} s)\n` +
      `- First page (25 rows, with its total) of a mix of ${MIX.length} list searches (store tabs, searches, filtered custom searches, enterprise-wide lists), ${ROUNDS} rounds: ` +
      `p50 ${figures.productP50Ms} ms, p95 ${figures.productP95Ms} ms\n` +
      `- Primary-key page read of the same table (25 rows after a random id), interleaved: p50 ${figures.baselineP50Ms} ms, p95 ${figures.baselineP95Ms} ms\n` +
      `- Ratio (p95 list / p95 primary-key page): ${figures.p95Ratio}\n`,
  );
  console.info(JSON.stringify(figures));
} finally {
  await db.close();
}
