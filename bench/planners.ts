// Predictive planners on a large store, against hand-written SQL.
//
//   npm run bench:planners [vehicles=200000] [repairOrdersPerVehicle=5]
//
// On PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres): a fresh
// database with the demo data and two generated stores, one a quarter the size of the other.
// Measured in the same process, alternating product and baseline:
//  - the first page of a 10K view run (the product's call: due list, counts, run record) against
//    one hand-written query that computes the same due list's first page and total;
//  - a full 10K transfer run (classified list, claims, interactions in batches) against one
//    hand-written statement inserting the same due list as interactions into a copy of the table;
//  - the process's peak memory during each run, on the small and the large store: it should not
//    grow with the store (the due list is paged and streamed in batches, never loaded whole).
import { appendFileSync, existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parsePlannerDate, type PlannerRunParams } from '@drivebay/shared';
import { createTestDatabase } from '@drivebay/api/testing';
import { seedDemo } from '../api/src/seed/demo';
import { generateLargeStore } from '../api/src/seed/planners-large';
import { runPlanner } from '../api/src/services/planners/run-planner';
import { executeTransfer } from '../api/src/services/planners/transfer';
import { withoutJit } from '../api/src/services/planners/due-query';
import type { SessionUser } from '../api/src/services/auth/sessions';
import { machine } from './support';
import { handWritten } from './planners-baseline';

const VEHICLES = Number(process.argv[2] ?? 200_000);
const ROS = Number(process.argv[3] ?? 5);
const AS_OF = '2026-11-23';
const PLANNER_DATE = '23.11.2026';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `f`, sampling the process's resident memory; returns its time and the peak above the start. */
async function measure<T>(f: () => Promise<T>): Promise<{ ms: number; peakMiB: number; value: T }> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t0 = performance.now();
  const value = await f();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMiB: (peak - start) / 2 ** 20, value };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const db = await createTestDatabase();
  const sql = db.sql;
  try {
    await seedDemo(sql, new Date(`${AS_OF}T15:00:00Z`));
    const [u] = await sql<{ id: number }[]>`select id from app_user where username = 'super_user'`;
    const user = { userId: u!.id, username: 'super_user', firstName: 'Super', lastName: 'User', roles: ['SUPER_USER'], empLevel: 'SUPER', enterpriseId: 1, bocId: null, storeId: null, tokenHash: '', expiresOn: new Date() } as SessionUser;
    const t0 = performance.now();
    const small = await generateLargeStore(sql, { bocId: 1, code: 'BNS', vehicles: Math.round(VEHICLES / 4), repairOrdersPerVehicle: ROS, asOf: AS_OF });
    const large = await generateLargeStore(sql, { bocId: 1, code: 'BNL', vehicles: VEHICLES, repairOrdersPerVehicle: ROS, asOf: AS_OF });
    const generation = performance.now() - t0;
    const [counts] = await sql<{ ros: number }[]>`select count(*)::int as ros from repair_order where store_id = ${large} and close_date is not null`;
    console.info(`generated ${VEHICLES / 4} + ${VEHICLES} vehicles, ${counts!.ros} closed repair orders in the large store, in ${(generation / 1000).toFixed(0)} s`);

    let lastRun = 0;
    const runner = { submit: async (id: number) => void (lastRun = id), initiate: async () => {} };
    const params = (storeId: number, transfer: boolean): PlannerRunParams => ({
      store_id: storeId, transfer, page: 0, size: 25, hardRun: true, minimumDays: -30, maximumDays: 30, plannerDate: parsePlannerDate(PLANNER_DATE)!,
    });

    // View: the product's first page against the hand-written query, alternating, three times.
    const view: { product: number[]; baseline: number[]; peak: Record<string, number> } = { product: [], baseline: [], peak: {} };
    let same = true;
    for (let i = 0; i < 3; i++) {
      const p = await measure(() => runPlanner(sql, runner, user, '10K', params(large, false)));
      // The same session settings as the product's statement (no just-in-time compilation).
      const b = await measure(() =>
        withoutJit(sql, (tx) => tx`with due as (${handWritten(tx, large)}) select vehicle_id, count(*) over ()::int as total from due order by due_date, vehicle_id limit 25`),
      );
      view.product.push(p.ms);
      view.baseline.push(b.ms);
      same &&= JSON.stringify(p.value.content.map((r) => r.serviceVehicleId)) === JSON.stringify(b.value.map((r) => Number(r.vehicleId))) && p.value.totalElements === Number(b.value[0]?.total ?? 0);
      view.peak.large = Math.max(view.peak.large ?? 0, p.peakMiB);
    }
    const smallView = await measure(() => runPlanner(sql, runner, user, '10K', params(small, false)));
    view.peak.small = smallView.peakMiB;
    const due = (await runPlanner(sql, runner, user, '10K', params(large, false))).totalElements;

    // Transfer: the hand-written insert into a copy of the interactions table first (it leaves the
    // real one alone), then the product's transfer job on the same store.
    await sql`create table fsi_copy (like future_service_interaction including all)`;
    const [store] = await sql<{ bocId: number }[]>`select boc_id from store where id = ${large}`;
    const baseline = await measure(() => withoutJit(sql, (tx) => tx`
      insert into fsi_copy (store_id, company_id, customer_id, service_vehicle_id, service_type, planned_service_type, planned_date, estimated_due_date, metadata)
      select ${large}, ${store!.bocId}, d.customer_id, d.vehicle_id, 'OIL_CHANGE_10K', 'OIL_CHANGE_10K', ${AS_OF}::date, d.due_date, '{"planner":"10K"}'::jsonb
      from (${handWritten(tx, large)}) d`));
    let initiated = 0;
    const deps = { sql, initiate: async (ids: number[]) => void (initiated += ids.length) };
    await runPlanner(sql, runner, user, '10K', params(small, true));
    const smallTransfer = await measure(() => executeTransfer(deps, lastRun));
    await runPlanner(sql, runner, user, '10K', params(large, true));
    const largeRun = lastRun;
    const product = await measure(() => executeTransfer(deps, largeRun));
    const [run] = await sql<{ transferredCount: number; dueCount: number }[]>`select transferred_count, due_count from planner_run where id = ${largeRun}`;
    const baselineRows = baseline.value.count;

    const viewRatio = median(view.product) / median(view.baseline);
    const transferRatio = product.ms / baseline.ms;
    const figures = {
      bench: 'planners',
      vehicles: VEHICLES,
      closedRepairOrders: counts!.ros,
      due10k: due,
      viewFirstPageMs: Math.round(median(view.product)),
      viewBaselineMs: Math.round(median(view.baseline)),
      viewRatio: Number(viewRatio.toFixed(2)),
      viewSameAsBaseline: same,
      transferMs: Math.round(product.ms),
      transferBaselineMs: Math.round(baseline.ms),
      transferRatio: Number(transferRatio.toFixed(2)),
      transferred: run!.transferredCount,
      baselineRows,
      peakMiBViewSmall: Number(view.peak.small!.toFixed(1)),
      peakMiBViewLarge: Number(view.peak.large!.toFixed(1)),
      peakMiBTransferSmall: Number(smallTransfer.peakMiB.toFixed(1)),
      peakMiBTransferLarge: Number(product.peakMiB.toFixed(1)),
    };
    const file = new URL('./RESULTS.md', import.meta.url);
    if (!existsSync(file)) appendFileSync(file, '# Benchmark results\n\nAppended by the scripts in this folder; newest last.\n');
    appendFileSync(
      file,
      [
        '',
        `## planners — ${new Date().toISOString()}`,
        '',
        `- Machine: ${machine()}`,
        `- Database: postgres; a store of ${VEHICLES} vehicles and ${counts!.ros} closed repair orders (and one of ${VEHICLES / 4}), generated in ${(generation / 1000).toFixed(0)} s; 10K planner on ${PLANNER_DATE}, window -30..30: ${due} due`,
        `- First page of a view run (due list, counts by reason, run record), median of 3: ${figures.viewFirstPageMs} ms; hand-written query for the same first page and total (same session settings): ${figures.viewBaselineMs} ms; ratio ${figures.viewRatio} (same rows and total: ${same})`,
        `- Full 10K transfer (classified list, claims, ${run!.transferredCount} interactions in batches of 500): ${figures.transferMs} ms; hand-written insert of the same due list (${baselineRows} rows) into a copy of the interactions table: ${figures.transferBaselineMs} ms; ratio ${figures.transferRatio}`,
        `- Peak resident memory above the start of each run: view ${figures.peakMiBViewSmall} MiB (${VEHICLES / 4} vehicles) and ${figures.peakMiBViewLarge} MiB (${VEHICLES}); transfer ${figures.peakMiBTransferSmall} MiB and ${figures.peakMiBTransferLarge} MiB`,
        `- The assistant's first outreach is queued per batch (a job each); ${initiated} interactions were handed to it here and not texted, as the product does it on its own queue.`,
        '',
        JSON.stringify(figures),
        '',
      ].join('\n'),
    );
    console.info(JSON.stringify(figures));
  } finally {
    await db.close();
  }
}

await main();
