import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing';
import type { Database } from './database';
import { maintainEmbeddedDatabase, maintenanceSteps, readTableStats, startDatabaseMaintenance, type TableStats } from './maintenance';
import type { JobSystem } from '../jobs/job-system';
import { QUEUES } from '../jobs/queues';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const stats = (o: Partial<TableStats>): TableStats => ({
  schema: 'public', table: 't', reltuples: 1000, liveRows: 1000, deadRows: 0, modifiedSinceAnalyze: 0, insertedSinceVacuum: 0, analyzed: true, ...o,
});

describe('the embedded database maintenance rules', () => {
  it("follow PostgreSQL's autovacuum thresholds", () => {
    // 1,000 rows: vacuum past 250 dead rows or 1,200 inserted; analyze past 150 changed.
    expect(maintenanceSteps([stats({ deadRows: 250, modifiedSinceAnalyze: 150, insertedSinceVacuum: 1200 })])).toEqual([]);
    expect(maintenanceSteps([stats({ deadRows: 251 })])).toEqual([{ schema: 'public', table: 't', vacuum: true, analyze: false }]);
    expect(maintenanceSteps([stats({ insertedSinceVacuum: 1201 })])).toEqual([{ schema: 'public', table: 't', vacuum: true, analyze: false }]);
    expect(maintenanceSteps([stats({ modifiedSinceAnalyze: 151 })])).toEqual([{ schema: 'public', table: 't', vacuum: false, analyze: true }]);
  });

  it('analyze a table that has rows and was never analyzed, and size a never-vacuumed table by its live rows', () => {
    expect(maintenanceSteps([stats({ reltuples: -1, liveRows: 10, analyzed: false })])).toEqual([{ schema: 'public', table: 't', vacuum: false, analyze: true }]);
    expect(maintenanceSteps([stats({ reltuples: -1, liveRows: 0, analyzed: false })])).toEqual([]);
    // Never vacuumed, 100 live rows: 71 dead rows pass 50 + 20%.
    expect(maintenanceSteps([stats({ reltuples: -1, liveRows: 100, deadRows: 71 })])).toEqual([{ schema: 'public', table: 't', vacuum: true, analyze: false }]);
  });

  it('take the tables with the most dead rows first', () => {
    const order = maintenanceSteps([stats({ table: 'a', deadRows: 300 }), stats({ table: 'b', deadRows: 900 }), stats({ table: 'c', modifiedSinceAnalyze: 500 })]);
    expect(order.map((s) => s.table)).toEqual(['b', 'a', 'c']);
  });
});

describe('a maintenance round', () => {
  it('vacuums and analyzes a table full of replaced rows, after which nothing is due for it', async () => {
    const { sql } = db;
    await sql`create table maintenance_probe (id int primary key, n int not null)`;
    await sql`insert into maintenance_probe select g, 0 from generate_series(1, 2000) g`;
    await sql`update maintenance_probe set n = n + 1`;
    const before = (await readTableStats(sql)).find((t) => t.table === 'maintenance_probe')!;
    expect(before.deadRows).toBeGreaterThanOrEqual(2000);

    const done = await maintainEmbeddedDatabase(sql);
    expect(done).toContainEqual({ schema: 'public', table: 'maintenance_probe', vacuum: true, analyze: true });

    const after = (await readTableStats(sql)).find((t) => t.table === 'maintenance_probe')!;
    expect(after).toMatchObject({ deadRows: 0, reltuples: 2000, analyzed: true });
    expect(maintenanceSteps([after])).toEqual([]);
    // Planned with statistics: the planner knows the table's size.
    const [plan] = await sql.unsafe<Record<string, string>[]>(`explain select * from maintenance_probe`);
    expect(Object.values(plan!)[0]).toMatch(/rows=2000/);
  });
});

describe('starting the maintenance', () => {
  const recordingJobs = () => {
    const calls: string[] = [];
    const jobs = {
      work: async (queue: string) => {
        calls.push(`work ${queue}`);
        return async () => void calls.push(`stop ${queue}`);
      },
      schedule: async (queue: string, cron: string) => void calls.push(`schedule ${queue} ${cron}`),
    } as unknown as JobSystem;
    return { jobs, calls };
  };

  it('on the embedded database runs a round at once and then one every minute; on a PostgreSQL server leaves it to autovacuum', async () => {
    const { jobs, calls } = recordingJobs();
    const stop = await startDatabaseMaintenance({ db, jobs });
    await stop();
    if (db.kind === 'pglite') {
      expect(calls).toEqual([`work ${QUEUES.databaseMaintenance}`, `schedule ${QUEUES.databaseMaintenance} * * * * *`, `stop ${QUEUES.databaseMaintenance}`]);
      // The product's tables all have statistics (the round's own analyzes write to pg_statistic, which the next round takes).
      const never = (await readTableStats(db.sql)).filter((t) => t.schema === 'public' && !t.analyzed && t.liveRows > 0);
      expect(never).toEqual([]);
    } else {
      expect(calls).toEqual([]);
    }
  });
});
