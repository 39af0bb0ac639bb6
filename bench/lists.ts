// Lead lists on a large enterprise: the first page of the lists under a realistic mix of filters,
// against a primary-key page read of the same table in the same run, on PostgreSQL.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:lists [interactions=1000000] [messages=5000000] [rounds=200]
//
// A fresh database is made on the server DATABASE_URL names and dropped afterwards. The data is
// generated inside PostgreSQL (generate_series), so a million interactions and five million messages
// take a few minutes here. Figures are appended to bench/RESULTS.md and end with one JSON line.
// LISTS_DATABASE=<name> keeps the seeded database under that name and reads it again on the next
// run (migrations applied), so a change to the lists is measured on the same data.
import { appendFileSync } from 'node:fs';
import postgres from 'postgres';
import type { LeadListFilter, LeadListKind } from '@drivebay/shared';
import { type SessionUser } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { openDatabase } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedListsEnterprise } from './lists-seed';
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

const KEEP = process.env.LISTS_DATABASE;
const db = KEEP ? await keptDatabase(KEEP) : await createTestDatabase();
const sql = db.sql;
const t0 = performance.now();
try {
  const seeded = (await sql<{ n: number }[]>`select count(*)::int as n from customer where custno like 'BENCH-%'`)[0]!.n > 0;
  if (!seeded) {
    await seedListsEnterprise(sql, { interactions: INTERACTIONS, messages: MESSAGES, stores: STORES, customers: CUSTOMERS });
    // As autovacuum leaves a table after a bulk load: statistics and the visibility map current.
    await sql`vacuum analyze`;
  }
  const seededMs = seeded ? 0 : performance.now() - t0;
  const [boc] = await sql<{ id: number; enterpriseId: number }[]>`select b.id, b.enterprise_id from boc b order by b.id limit 1`;
  const stores = (await sql<{ id: number }[]>`select s.id from store s join boc b on b.id = s.boc_id where b.enterprise_id = ${boc!.enterpriseId} order by s.id`).map((s) => s.id);
  const [{ flo, fhi } = { flo: 0, fhi: 0 }] = await sql<{ flo: number; fhi: number }[]>`
    select min(f.id)::int as flo, max(f.id)::int as fhi from future_service_interaction f join customer c on c.id = f.customer_id where c.custno like 'BENCH-%'`;
  const [counts] = await sql<{ interactions: number; messages: number; customers: number }[]>`
    select (select count(*)::int from future_service_interaction) as interactions, (select count(*)::int from message_instance) as messages,
      (select count(*)::int from customer where custno like 'BENCH-%') as customers`;

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
      `- Machine: ${machine()}\n- Database: postgres; one enterprise of ${stores.length} stores, ${counts!.interactions} interactions, ${counts!.messages} messages, ${counts!.customers} customers (${seeded ? 'seeded earlier, kept in ' + KEEP : `seeded in ${figures.seedSeconds} s`})\n` +
      `- First page (25 rows, with its total) of a mix of ${MIX.length} list searches (store tabs, searches, filtered custom searches, enterprise-wide lists), ${ROUNDS} rounds: ` +
      `p50 ${figures.productP50Ms} ms, p95 ${figures.productP95Ms} ms\n` +
      `- Primary-key page read of the same table (25 rows after a random id), interleaved: p50 ${figures.baselineP50Ms} ms, p95 ${figures.baselineP95Ms} ms\n` +
      `- Ratio (p95 list / p95 primary-key page): ${figures.p95Ratio}\n`,
  );
  console.info(JSON.stringify(figures));
} finally {
  if (KEEP) await db.sql.end();
  else await db.close();
}

/** A database kept between runs (LISTS_DATABASE names it): created once, migrated every run. */
async function keptDatabase(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('LISTS_DATABASE: a lower-case database name');
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  await migrate(db.sql);
  return db;
}
