// What keeping the report rows costs a message writer. The same inserts run three ways in one
// process on one database: with no report trigger on message_instance (the floor), with the row
// trigger of migration 00020 (one PL/pgSQL call per message, the previous design), and with the
// statement trigger of 00046 (one call per INSERT, the statement's rows as a transition table).
// Two shapes: 20,000 messages in 500-row statements (the seed, imports, a thread written at once)
// and 1,000 one-message statements in one transaction (a send or a reply on the live path). Rounds rotate the order of
// the three ways; each way writes to its own conversations. At the end, the report rows the two
// triggers kept are compared with the plain computation over the raw messages.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/report-fact-writes.ts [rounds=5]
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@drivebay/api/testing';
import type { Sql } from '@drivebay/api';
import { machine } from './support';

const rounds = Number(process.argv[2] ?? 5);
const PER_SET = 2_000;
const WAYS = ['none', 'row', 'statement'] as const;
type Way = (typeof WAYS)[number];

if (!process.env.DATABASE_URL) {
  console.error('bench:report-fact-writes needs PostgreSQL: set DATABASE_URL');
  process.exit(1);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The row trigger of 00020, as it was, next to the statement trigger (both off until chosen). */
async function installRowTrigger(sql: Sql): Promise<void> {
  const migration = readFileSync(new URL('../api/migrations/00020_report_interaction_fact.sql', import.meta.url), 'utf8');
  const start = migration.indexOf('CREATE FUNCTION report_fact_on_message()');
  const end = migration.indexOf('-- The first appointment booked');
  await sql.unsafe(migration.slice(start, end));
  await sql`alter table message_instance disable trigger report_fact_message`;
}

async function choose(sql: Sql, way: Way): Promise<void> {
  await sql.unsafe(`alter table message_instance ${way === 'row' ? 'enable' : 'disable'} trigger report_fact_message`);
  await sql.unsafe(`alter table message_instance ${way === 'statement' ? 'enable' : 'disable'} trigger report_fact_messages`);
}

async function load(sql: Sql, sets: number): Promise<{ id: number; storeId: number; customerId: number }[][]> {
  const [e] = await sql<{ id: number }[]>`insert into enterprise (name) values ('Fact Bench Motors') returning id`;
  const [b] = await sql<{ id: number }[]>`insert into boc (enterprise_id, boc_code, boc_name) values (${e!.id}, 'FB', 'Fact Bench BOC') returning id`;
  const [s] = await sql<{ id: number }[]>`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display)
    values (${b!.id}, 'FB1', 'Fact Bench Store', 'America/New_York', 'Eastern Time (ET)') returning id`;
  const n = sets * PER_SET;
  await sql`insert into customer (boc_id, store_id, custno, first_name, last_name)
    select ${b!.id}, ${s!.id}, 'FB' || g, 'Fact', 'Customer ' || g from generate_series(1, ${n}) g`;
  await sql`insert into future_service_interaction (store_id, company_id, customer_id, service_type, created_on)
    select c.store_id, c.boc_id, c.id, 'OIL_CHANGE', timestamptz '2026-01-01' from customer c where c.boc_id = ${b!.id}`;
  // Each conversation starts with a first text and a reply, as a live conversation has.
  await sql`insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
    select i.id, i.store_id, i.customer_id, 'opening', d, 'SMS', timestamptz '2026-01-01' + (case when d = 'SENT' then 0 else 5 end) * interval '1 minute'
    from future_service_interaction i cross join (values ('SENT'), ('RECEIVED')) v(d) where i.company_id = ${b!.id}`;
  await sql`analyze`;
  const ids = await sql<{ id: number; storeId: number; customerId: number }[]>`
    select id, store_id, customer_id from future_service_interaction where company_id = ${b!.id} order by id`;
  return Array.from({ length: sets }, (_, k) => ids.slice(k * PER_SET, (k + 1) * PER_SET));
}

type Conv = { id: number; storeId: number; customerId: number };
const message = (c: Conv, k: number, tag: string) => ({
  future_service_interaction_id: c.id, store_id: c.storeId, customer_id: c.customerId, content: `${tag} ${k}`,
  direction: k % 2 ? 'RECEIVED' : 'SENT', message_type: 'SMS', created_on: new Date(Date.UTC(2026, 1, 1, 0, k)),
});

async function batches(sql: Sql, set: Conv[]): Promise<number> {
  const all = set.flatMap((c) => Array.from({ length: 10 }, (_, k) => message(c, k, 'batch')));
  const t = performance.now();
  for (let i = 0; i < all.length; i += 500) await sql`insert into message_instance ${sql(all.slice(i, i + 500))}`;
  return performance.now() - t;
}

// One transaction around the one-message statements: a commit's disk flush per message would
// dwarf (and, on a shared machine, drown) what the triggers cost.
async function singles(sql: Sql, set: Conv[]): Promise<number> {
  const t = performance.now();
  await sql.begin(async (tx) => {
    for (let i = 0; i < 1_000; i++) await tx`insert into message_instance ${tx(message(set[i % set.length]!, 20 + i, 'single'))}`;
  });
  return performance.now() - t;
}

const db = await createTestDatabase();
try {
  const sql = db.sql;
  await installRowTrigger(sql);
  // Per round and way: one set for the batches and one for the single messages.
  const sets = await load(sql, rounds * WAYS.length * 2);
  const batchMs: Record<Way, number[]> = { none: [], row: [], statement: [] };
  const singleMs: Record<Way, number[]> = { none: [], row: [], statement: [] };
  const kept: number[] = [];
  let next = 0;
  for (let r = 0; r < rounds; r++) {
    const order = WAYS.map((_, i) => WAYS[(i + r) % WAYS.length]!);
    for (const way of order) {
      await choose(sql, way);
      const [a, b] = [sets[next++]!, sets[next++]!];
      if (way !== 'none') kept.push(...a.map((c) => c.id), ...b.map((c) => c.id));
      batchMs[way].push(await batches(sql, a));
      singleMs[way].push(await singles(sql, b));
      console.info(`round ${r + 1} ${way}: batches ${batchMs[way].at(-1)!.toFixed(0)} ms, singles ${singleMs[way].at(-1)!.toFixed(0)} ms`);
    }
  }
  await choose(sql, 'statement');
  const [diff] = await sql<{ n: number }[]>`
    select count(*)::int as n from report_interaction_fact f
    join lateral (
      select min(x.created_on) filter (where x.direction <> 'RECEIVED') as contacted_on,
        min(x.created_on) filter (where x.direction = 'RECEIVED') as responded_on,
        (array_agg(x.created_on order by x.created_on) filter (where x.direction = 'RECEIVED'))[2] as engaged_on,
        count(*) filter (where x.direction = 'RECEIVED')::int as inbound_count,
        count(*) filter (where x.direction <> 'RECEIVED')::int as outbound_count
      from message_instance x where x.future_service_interaction_id = f.future_service_interaction_id and x.message_type in ('SMS', 'EMAIL')
    ) m on true
    where f.future_service_interaction_id = any(${kept})
      and (f.contacted_on, f.responded_on, f.engaged_on, f.inbound_count, f.outbound_count)
        is distinct from (m.contacted_on, m.responded_on, m.engaged_on, m.inbound_count, m.outbound_count)`;
  const m = (x: Record<Way, number[]>) => ({ none: Math.round(median(x.none)), row: Math.round(median(x.row)), statement: Math.round(median(x.statement)) });
  const batch = m(batchMs);
  const single = m(singleMs);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  console.info(`machine: ${machine()}`);
  console.info(`20,000 messages in 500-row statements (median of ${rounds}): none ${batch.none} ms, row trigger ${batch.row} ms, statement trigger ${batch.statement} ms`);
  console.info(`1,000 one-message statements (median of ${rounds}): none ${single.none} ms, row trigger ${single.row} ms, statement trigger ${single.statement} ms`);
  console.info(`report rows differing from the raw messages: ${diff!.n}`);
  console.info(
    JSON.stringify({
      bench: 'report-fact-writes',
      database: 'postgres',
      rounds,
      batch20kNoTriggerMs: batch.none,
      batch20kRowTriggerMs: batch.row,
      batch20kStatementTriggerMs: batch.statement,
      batchRowTriggerRatio: ratio(batch.row, batch.none),
      batchStatementTriggerRatio: ratio(batch.statement, batch.none),
      single1kNoTriggerMs: single.none,
      single1kRowTriggerMs: single.row,
      single1kStatementTriggerMs: single.statement,
      singleRowTriggerRatio: ratio(single.row, single.none),
      singleStatementTriggerRatio: ratio(single.statement, single.none),
      factsEqualRaw: diff!.n === 0,
    }),
  );
} finally {
  await db.close();
}
