import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../db/testing';
import { createInProcessNotifier, createPgNotifier, fanOutNotifier, listenForInboxChanges, type InboxNotification } from './notifier';

describe('in-process notifier', () => {
  it('batches changes per store within the window', async () => {
    const calls: [number, number[]][] = [];
    const n = createInProcessNotifier((storeId, ids) => void calls.push([storeId, ids.sort((a, b) => a - b)]), { delayMs: 30 });
    n.interactionsChanged(1, [5]);
    n.interactionsChanged(2, [7]);
    n.interactionsChanged(1, [5, 6]);
    n.interactionsChanged(1, [0, -3]);
    expect(calls).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls.sort((a, b) => a[0] - b[0])).toEqual([[1, [5, 6]], [2, [7]]]);
    n.interactionsChanged(1, [8]);
    await n.flush();
    expect(calls.at(-1)).toEqual([1, [8]]);
  });

  it('a change of the store alone (no ids, e.g. an appointment) still flushes once; a bad store id does not', async () => {
    const calls: [number, number[]][] = [];
    const n = createInProcessNotifier((storeId, ids) => void calls.push([storeId, ids]), { delayMs: 5 });
    n.interactionsChanged(3, []);
    n.interactionsChanged(3, []);
    n.interactionsChanged(0, [4]);
    await n.flush();
    expect(calls).toEqual([[3, []]]);
  });

  it('a failing refresh is logged, never thrown at the caller', async () => {
    const errors: unknown[] = [];
    const logger = { error: (o: unknown) => errors.push(o) } as unknown as import('../../lib/logger').Logger;
    const n = createInProcessNotifier(async () => {
      throw new Error('sync server down');
    }, { delayMs: 1, logger });
    const both = fanOutNotifier(n, n);
    expect(() => both.interactionsChanged(1, [1])).not.toThrow();
    await n.flush();
    expect(errors).toHaveLength(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL NOTIFY notifier', () => {
  it('delivers one notification per store batch to a listener in another connection', async () => {
    const db = await createTestDatabase();
    try {
      const got: InboxNotification[] = [];
      const { unlisten } = await listenForInboxChanges(db.sql, (n) => got.push(n));
      const notifier = createPgNotifier(db.sql, { delayMs: 10 });
      notifier.interactionsChanged(3, [11, 12]);
      notifier.interactionsChanged(3, [12, 13]);
      notifier.interactionsChanged(4, [1]);
      await notifier.flush();
      const until = Date.now() + 3000;
      while (got.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await unlisten();
      expect(got.sort((a, b) => a.storeId - b.storeId)).toEqual([
        { storeId: 3, interactionIds: [11, 12, 13] },
        { storeId: 4, interactionIds: [1] },
      ]);
    } finally {
      await db.close();
    }
  });
});
