// Report latency on a large enterprise: 200,000 conversations and 2,000,000 messages (plus
// appointments) on PostgreSQL. For one month it measures the dashboard's summary (counters by
// day and store, median first answer per store, insight entries), read from the per-conversation
// report rows the triggers keep, against a straightforward GROUP BY over the raw messages and
// appointments computing only the four counters; and the appointment-status summary against the
// same GROUP BY written plainly. Both run in the same process on the same database.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/reports.ts [conversations=200000] [reps=20]
//
// The data is loaded with the report triggers off and the report rows then built by the
// migration's own backfill (as on an existing database); the cost of the triggers on writes is
// measured separately on 20,000 messages with and without them.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@drivebay/api/testing';
import type { Sql } from '@drivebay/api';
import type { SessionUser } from '../api/src/services/auth/sessions';
import { appointmentSummary } from '../api/src/services/reports/appointment-status';
import { dashboardSummary } from '../api/src/services/reports/dashboard';
import { rawDashboardCounters } from '../api/src/services/reports/raw-baseline';
import { machine } from './support';

const conversations = Number(process.argv[2] ?? 200_000);
const reps = Number(process.argv[3] ?? 20);
const MESSAGES_PER = 10;
const STORES = 10;

if (!process.env.DATABASE_URL) {
  console.error('bench:reports needs PostgreSQL: set DATABASE_URL');
  process.exit(1);
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm
  const out: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const TRIGGERS = [
  ['future_service_interaction', 'report_fact_interaction_insert'],
  ['future_service_interaction', 'report_fact_interaction_update'],
  ['message_instance', 'report_fact_messages'],
  ['appointment', 'report_fact_appointment'],
] as const;

async function load(sql: Sql): Promise<{ enterpriseId: number; storeIds: number[]; loadMs: number }> {
  const t = performance.now();
  const [e] = await sql<{ id: number }[]>`insert into enterprise (name) values ('Bench Motors') returning id`;
  const [b] = await sql<{ id: number }[]>`insert into boc (enterprise_id, boc_code, boc_name) values (${e!.id}, 'BM', 'Bench BOC') returning id`;
  const storeIds: number[] = [];
  for (let i = 0; i < STORES; i++) {
    const [s] = await sql<{ id: number }[]>`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display)
      values (${b!.id}, ${`BM${i}`}, ${`Bench Store ${i}`}, 'America/New_York', 'Eastern Time (ET)') returning id`;
    storeIds.push(s!.id);
  }
  for (const [table, trigger] of TRIGGERS) await sql.unsafe(`alter table ${table} disable trigger ${trigger}`);
  await sql`insert into customer (boc_id, store_id, custno, first_name, last_name)
    select ${b!.id}, (${storeIds}::bigint[])[1 + g % ${STORES}], 'BC' || g, 'Bench', 'Customer ' || g from generate_series(1, ${conversations}) g`;
  await sql`insert into future_service_interaction (store_id, company_id, customer_id, service_type, response_insight, created_on)
    select c.store_id, c.boc_id, c.id,
      (array['SALES_THANKS', 'OIL_CHANGE', 'OIL_CHANGE_10K', 'CHECK_UP', 'STATE_INSPECTION', 'SVC_7500'])[1 + c.id % 6],
      (array[null, 'APPT_SET', 'CL', 'STOP', 'SPA-SS', 'HO', null, 'CQ'])[1 + c.id % 8],
      timestamptz '2026-01-01' + (c.id % 180) * interval '1 day'
    from customer c where c.boc_id = ${b!.id}`;
  // Ten messages per conversation: the store writes first, the customer answers in two of three.
  await sql`insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
    select i.id, i.store_id, i.customer_id, 'bench message ' || k,
      case when k % 2 = 1 and i.id % 3 <> 0 then 'RECEIVED' else 'SENT' end, 'SMS',
      i.created_on + k * interval '7 minutes' + (i.id % 97) * interval '1 second'
    from future_service_interaction i cross join generate_series(0, ${MESSAGES_PER - 1}) k
    where i.company_id = ${b!.id}`;
  await sql`insert into appointment (store_id, future_service_interaction_id, customer_id, appt_status, start_date, end_date, created_on)
    select i.store_id, i.id, i.customer_id,
      (array['BOOKED', 'CONFIRMED', 'CHECKED_IN', 'COMPLETED', 'CANCELLED', 'NO_SHOW'])[1 + (i.id / 5) % 6],
      i.created_on + interval '3 days', i.created_on + interval '3 days 1 hour', i.created_on + interval '2 hours'
    from future_service_interaction i where i.company_id = ${b!.id} and i.id % 5 = 0`;
  for (const [table, trigger] of TRIGGERS) await sql.unsafe(`alter table ${table} enable trigger ${trigger}`);
  // The migration's backfill builds the report rows of what exists.
  const migration = readFileSync(new URL('../api/migrations/00020_report_interaction_fact.sql', import.meta.url), 'utf8');
  await sql.unsafe(migration.slice(migration.lastIndexOf('INSERT INTO report_interaction_fact')));
  await sql`analyze`;
  return { enterpriseId: e!.id, storeIds, loadMs: performance.now() - t };
}

/** What the triggers cost a writer: 20,000 messages inserted with the report triggers on, then off. */
async function writeCost(sql: Sql, storeIds: number[]): Promise<{ withMs: number; withoutMs: number }> {
  const ids = await sql<{ id: number; storeId: number; customerId: number }[]>`
    select id, store_id, customer_id from future_service_interaction where store_id = any(${storeIds}) order by id limit 2000`;
  const rows = (tag: string) =>
    ids.flatMap((i) => Array.from({ length: 10 }, (_, k) => ({ future_service_interaction_id: i.id, store_id: i.storeId, customer_id: i.customerId, content: `${tag} ${k}`, direction: k % 2 ? 'RECEIVED' : 'SENT', message_type: 'SMS', created_on: new Date(Date.UTC(2026, 7, 1, 0, k)) })));
  const insert = async (tag: string) => {
    const all = rows(tag);
    const t = performance.now();
    for (let i = 0; i < all.length; i += 500) await sql`insert into message_instance ${sql(all.slice(i, i + 500))}`;
    return performance.now() - t;
  };
  const withMs = await insert('with');
  await sql`alter table message_instance disable trigger report_fact_messages`;
  const withoutMs = await insert('without');
  await sql`alter table message_instance enable trigger report_fact_messages`;
  return { withMs, withoutMs };
}

const db = await createTestDatabase();
try {
  const sql = db.sql;
  console.info(`loading ${conversations} conversations, ${conversations * MESSAGES_PER} messages...`);
  const { enterpriseId, storeIds, loadMs } = await load(sql);
  const [counts] = await sql<{ messages: number; interactions: number; appointments: number }[]>`
    select (select count(*) from message_instance)::int as messages, (select count(*) from future_service_interaction)::int as interactions,
      (select count(*) from appointment)::int as appointments`;
  console.info(`loaded in ${(loadMs / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);

  const user = { empLevel: 'SUPER', enterpriseId, bocId: null, storeId: null, userId: 0, username: 'bench', firstName: 'B', lastName: 'B', roles: ['SUPER_USER'], tokenHash: '', expiresOn: new Date() } as unknown as SessionUser;
  const month = { enterpriseId, storeIds, startDate: '2026-03-01', endDate: '2026-03-31' };
  const from = new Date('2026-03-01T00:00:00Z');
  const to = new Date('2026-04-01T00:00:00Z');

  const product = await dashboardSummary(sql, user, { ...month, tab: 'SERVICE' });
  const raw = await rawDashboardCounters(sql, { enterpriseId, storeIds, tab: 'SERVICE', from, to });
  const agree = JSON.stringify(product.counters) === JSON.stringify(raw);
  console.info(`counters: report rows ${JSON.stringify(product.counters)}, raw ${JSON.stringify(raw)}, equal: ${agree}`);

  const dashboard = await time(() => dashboardSummary(sql, user, { ...month, tab: 'SERVICE' }));
  const dashboardRaw = await time(() => rawDashboardCounters(sql, { enterpriseId, storeIds, tab: 'SERVICE', from, to }));
  const allTypes = ['SALES_THANKS', 'OIL_CHANGE', 'OIL_CHANGE_10K', 'CHECK_UP', 'STATE_INSPECTION', 'SVC_7500'] as const;
  const appointments = await time(() => appointmentSummary(sql, user, { ...month, serviceTypes: [...allTypes] }, 'status'));
  const appointmentsRaw = await time(
    () => sql`select a.store_id, i.service_type, a.appt_status, count(*) from appointment a
      join future_service_interaction i on i.id = a.future_service_interaction_id
      where a.store_id = any(${storeIds}) and a.start_date >= ${from} and a.start_date < ${to} and i.service_type = any(${[...allTypes]})
      group by 1, 2, 3`,
  );
  const write = await writeCost(sql, storeIds);

  const figures = {
    bench: 'reports',
    database: db.kind,
    conversations: counts!.interactions,
    messages: counts!.messages,
    appointments: counts!.appointments,
    dashboardP95Ms: Number(p95(dashboard).toFixed(1)),
    dashboardRawGroupByP95Ms: Number(p95(dashboardRaw).toFixed(1)),
    dashboardRatio: Number((p95(dashboardRaw) / p95(dashboard)).toFixed(1)),
    appointmentSummaryP95Ms: Number(p95(appointments).toFixed(1)),
    appointmentRawGroupByP95Ms: Number(p95(appointmentsRaw).toFixed(1)),
    appointmentRatio: Number((p95(appointmentsRaw) / p95(appointments)).toFixed(2)),
    countersEqualRaw: agree,
    write20kMessagesWithTriggersMs: Math.round(write.withMs),
    write20kMessagesWithoutTriggersMs: Math.round(write.withoutMs),
  };
  const line = `- Dashboard summary of a month (report rows): p95 ${figures.dashboardP95Ms} ms (median ${median(dashboard).toFixed(1)}); straightforward GROUP BY over the raw messages and appointments (counters only): p95 ${figures.dashboardRawGroupByP95Ms} ms (median ${median(dashboardRaw).toFixed(1)}); ratio ${figures.dashboardRatio}x; counters equal: ${agree}\n` +
    `- Appointment-status summary of a month: p95 ${figures.appointmentSummaryP95Ms} ms; plain GROUP BY: p95 ${figures.appointmentRawGroupByP95Ms} ms; ratio ${figures.appointmentRatio}x (both read the appointments; the summary adds the scope checks and report-row join)\n` +
    `- Cost on writes: 20,000 messages in 500-row statements took ${figures.write20kMessagesWithTriggersMs} ms with the report trigger, ${figures.write20kMessagesWithoutTriggersMs} ms without\n`;
  console.info(line);
  const file = new URL('./RESULTS.md', import.meta.url);
  if (!existsSync(file)) appendFileSync(file, '# Benchmark results\n\nAppended by the scripts in this folder; newest last.\n');
  appendFileSync(
    file,
    `\n## reports — ${new Date().toISOString()}\n\n- Machine: ${machine()}\n- Database: ${db.kind}; one enterprise, ${STORES} stores, ${counts!.interactions} conversations, ${counts!.messages} messages, ${counts!.appointments} appointments over six months; ${reps} runs each, one month (March 2026)\n` +
      line + `\n${JSON.stringify(figures)}\n`,
  );
  console.info(JSON.stringify(figures));
} finally {
  await db.close();
}
