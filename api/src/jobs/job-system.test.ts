import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../db/testing';
import type { Database } from '../db/database';
import { waitFor } from '../testing/conversation-harness';
import { createJobSystem, type JobSystem } from './job-system';

let db: Database;
// Two pg-boss instances on one database: two API processes, as far as the jobs can tell.
let one: JobSystem;
let two: JobSystem;

beforeAll(async () => {
  db = await createTestDatabase();
  one = createJobSystem({ sql: db.sql });
  two = createJobSystem({ sql: db.sql });
  await Promise.all([one.start(), two.start()]);
}, 30_000);
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await db?.close();
});

describe('the job system', () => {
  it('hands each job to one process only, however many work the queue', async () => {
    const queue = 'test-each-once';
    const seen: { by: string; n: number }[] = [];
    const handler = (by: string) => async (data: { n: number }) => {
      seen.push({ by, n: data.n });
      await new Promise((r) => setTimeout(r, 5));
    };
    const stops = await Promise.all([one.work(queue, handler('one'), { pollingIntervalSeconds: 0.5 }), two.work(queue, handler('two'), { pollingIntervalSeconds: 0.5 })]);
    try {
      const n = 24;
      const ids = await Promise.all(Array.from({ length: n }, (_, i) => (i % 2 ? one : two).send(queue, { n: i })));
      await waitFor(async () => seen.length >= n, 40_000, 'every job handled');
      // Anything handled twice would show up after the last first run.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(seen.map((s) => s.n).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(new Set(seen.map((s) => s.by))).toEqual(new Set(['one', 'two']));
      for (const id of ids) expect((await one.jobState(queue, id!))?.state).toBe('completed');
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  }, 60_000);

  it('retries a failed run with backoff and reports the state at each step', async () => {
    const queue = 'test-retry';
    let runs = 0;
    const stop = await one.work(
      queue,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('the carrier is down');
        return { sent: true };
      },
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, pollingIntervalSeconds: 0.5 },
    );
    try {
      const id = (await one.send(queue, { to: 'someone' }))!;
      const retry = await waitFor(async () => {
        const s = await one.jobState(queue, id);
        return s?.state === 'retry' ? s : null;
      }, 10_000, 'the retry');
      // pg-boss counts a retry when the run starts, so the waiting retry still says 0.
      expect(retry).toMatchObject({ retryCount: 0, retryLimit: 2 });
      expect(retry.startAfter.getTime()).toBeGreaterThan(Date.now() - 500);
      expect(JSON.stringify(retry.output)).toContain('the carrier is down');
      const done = await waitFor(async () => {
        const s = await two.jobState(queue, id);
        return s?.state === 'completed' ? s : null;
      }, 30_000, 'completion');
      expect(done).toMatchObject({ retryCount: 1, output: { sent: true } });
      expect(runs).toBe(2);
    } finally {
      await stop();
    }
  }, 60_000);

  it('knows nothing of a job that is not there', async () => {
    expect(await one.jobState('test-retry', '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await one.jobState('no-such-queue', '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await one.jobState('test-retry', 'not-an-id')).toBeNull();
  });
});
