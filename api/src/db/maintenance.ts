import type { Database, Sql } from './database';
import type { JobSystem } from '../jobs/job-system';
import { QUEUES } from '../jobs/queues';
import type { Logger } from '../lib/logger';

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL as one backend with no background
 * workers, so nothing vacuums or analyzes its tables: rows replaced by updates and deletes (every
 * text rewrites its conversation's row, the job queue churns all day) would stay on their pages
 * and in every index for good, and the planner would keep planning with no statistics at all
 * (it then reads a store's whole conversation list to find one customer's). This applies
 * PostgreSQL's own autovacuum rules, table by table, from the same statistics autovacuum reads:
 *
 *   vacuum   when dead rows > 50 + 20% of the table, or rows inserted since the last vacuum >
 *            1,000 + 20% (so the visibility map and index-only scans keep up with append-only tables);
 *   analyze  when rows changed since the last analyze > 50 + 10% of the table, or never analyzed.
 *
 * Each table is done by its own statement, so the engine is held for one table at a time and the
 * requests queued meanwhile go in between. PostgreSQL's server has its autovacuum and is left to it.
 */
export const MAINTENANCE_RULES = {
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertBase: 1000,
  insertScale: 0.2,
  analyzeBase: 50,
  analyzeScale: 0.1,
} as const;

export type TableStats = {
  schema: string;
  table: string;
  /** The planner's row estimate; -1 when the table was never vacuumed or analyzed. */
  reltuples: number;
  liveRows: number;
  deadRows: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
  analyzed: boolean;
};

export type MaintenanceStep = { schema: string; table: string; vacuum: boolean; analyze: boolean };

/** What the rules ask for each table, in the order it would be done (most dead rows first). */
export function maintenanceSteps(tables: TableStats[], rules = MAINTENANCE_RULES): MaintenanceStep[] {
  return tables
    .map((t) => {
      const rows = t.reltuples >= 0 ? t.reltuples : t.liveRows;
      const vacuum = t.deadRows > rules.vacuumBase + rules.vacuumScale * rows || t.insertedSinceVacuum > rules.insertBase + rules.insertScale * rows;
      const analyze = t.modifiedSinceAnalyze > rules.analyzeBase + rules.analyzeScale * rows || (!t.analyzed && t.liveRows > 0);
      return { step: { schema: t.schema, table: t.table, vacuum, analyze }, dead: t.deadRows };
    })
    .filter(({ step }) => step.vacuum || step.analyze)
    .sort((a, b) => b.dead - a.dead)
    .map(({ step }) => step);
}

/** The statistics autovacuum decides from, for every table of the database (catalogs included). */
export async function readTableStats(sql: Sql): Promise<TableStats[]> {
  // The backend hands its counters over at most once a second; this makes it do so now.
  await sql`select pg_stat_force_next_flush()`;
  return sql<TableStats[]>`
    select s.schemaname as schema, s.relname as table, c.reltuples::float8 as reltuples,
      s.n_live_tup::float8 as live_rows, s.n_dead_tup::float8 as dead_rows,
      s.n_mod_since_analyze::float8 as modified_since_analyze, s.n_ins_since_vacuum::float8 as inserted_since_vacuum,
      (s.last_analyze is not null or s.last_autoanalyze is not null) as analyzed
    from pg_stat_all_tables s
    join pg_class c on c.oid = s.relid
    where s.schemaname not in ('pg_toast', 'information_schema') and c.relpersistence = 'p'`;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * One round of the rules: reads the statistics and vacuums and/or analyzes each table that is due.
 * A table that cannot be done now (dropped meanwhile, locked) is skipped until the next round.
 */
export async function maintainEmbeddedDatabase(sql: Sql, logger?: Logger): Promise<MaintenanceStep[]> {
  const steps = maintenanceSteps(await readTableStats(sql));
  const done: MaintenanceStep[] = [];
  for (const step of steps) {
    const name = `${quoteIdent(step.schema)}.${quoteIdent(step.table)}`;
    const command = step.vacuum ? `vacuum ${step.analyze ? '(analyze) ' : ''}${name}` : `analyze ${name}`;
    try {
      await sql.unsafe(command);
      done.push(step);
    } catch (err) {
      logger?.warn({ err, table: name }, 'database maintenance skipped a table');
    }
  }
  if (done.length) logger?.debug({ tables: done.length }, 'database maintenance done');
  return done;
}

/**
 * Runs the rules once now (a fresh database gets its statistics before the first requests are
 * planned) and then every minute as a job: one round at a time across the process. Does nothing
 * on PostgreSQL's server.
 */
export async function startDatabaseMaintenance(o: { db: Database; jobs: JobSystem; logger?: Logger }): Promise<() => Promise<void>> {
  if (o.db.kind !== 'pglite') return async () => {};
  await maintainEmbeddedDatabase(o.db.sql, o.logger);
  const stop = await o.jobs.work(QUEUES.databaseMaintenance, async () => ({ tables: (await maintainEmbeddedDatabase(o.db.sql, o.logger)).length }));
  await o.jobs.schedule(QUEUES.databaseMaintenance, '* * * * *');
  return stop;
}
