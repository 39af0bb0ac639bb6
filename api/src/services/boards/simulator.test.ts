import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../db/testing';
import type { Database } from '../../db/database';
import { QUEUES } from '../../jobs/queues';
import { seedDemo } from '../../seed/demo';
import { waitFor } from '../../testing/conversation-harness';
import { startDealerFeedSimulator } from './simulator';

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.sql);
});
afterAll(async () => {
  await db?.close();
});

describe('the dealer feed on the job system', () => {
  it('ticks on its own at its interval, one tick at a time across two processes, and stops', async () => {
    const changed: number[] = [];
    // Each simulator started without a job system runs its own: two processes on one database.
    const feeds = [1, 2].map((seed) =>
      startDealerFeedSimulator({ sql: db.sql, onChanged: (id) => void changed.push(id), storeIds: [1], seed, intervalMs: 300 }),
    );
    try {
      await waitFor(async () => changed.length >= 4, 20_000, 'four ticks that changed the board');
    } finally {
      await Promise.all(feeds.map((f) => f.stop()));
    }
    const ticks = await db.sql<{ startedOn: Date; completedOn: Date }[]>`
      select started_on, completed_on from pgboss.job where name = ${QUEUES.dealerFeedTick} and state = 'completed' order by started_on`;
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.startedOn.getTime()).toBeGreaterThanOrEqual(ticks[i - 1]!.completedOn.getTime());
    // One tick waits for whoever starts next; nothing runs once both have stopped.
    const waiting = await db.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name = ${QUEUES.dealerFeedTick} and state in ('created', 'retry')`;
    expect(waiting[0]!.n).toBe(1);
    const after = changed.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(changed.length).toBe(after);
  }, 40_000);
});
