import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import { seedDemo } from '../../../seed/demo';
import { createTestDatabase } from '../../../db/testing';
import type { InboxNotifier } from '../notifier';
import { inMessageTx, writeInboundText, writeMessagesInBulk, writeNotification } from './index';

let db: Database;
let f: { id: number; storeId: number; customerId: number };
const announced: [number, number[]][] = [];
const notifier: InboxNotifier = { interactionsChanged: (storeId, ids) => void announced.push([storeId, ids]) };

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.sql);
  const [first] = await db.sql<{ id: number; storeId: number; customerId: number }[]>`select id, store_id, customer_id from future_service_interaction order by id limit 1`;
  f = first!;
});
afterAll(async () => {
  await db?.close();
});

const note = (content: string) => ({
  interactionId: f.id, storeId: f.storeId, customerId: f.customerId, content, notificationType: 'USER_INVITE' as const,
  fromName: 'Ann', toName: 'Bob', messageSentBy: 'Ann',
});

describe('the message writer', () => {
  it('announces what a transaction wrote only after it commits, and keeps the table defaults for what a kind leaves out', async () => {
    announced.length = 0;
    let seenInside = -1;
    const id = await inMessageTx({ sql: db.sql, notifier }, async (m) => {
      const written = await writeNotification(m, note('invited'));
      seenInside = announced.length;
      return written;
    });
    expect(seenInside).toBe(0);
    expect(announced).toEqual([[f.storeId, [f.id]]]);
    const [row] = await db.sql`select direction, message_type, read_status, archived, errors, media_urls, title, sent_by_user_id
      from message_instance where id = ${id}`;
    expect(row).toEqual({ direction: 'SENT', messageType: 'INTERNAL', readStatus: true, archived: false, errors: [], mediaUrls: [], title: null, sentByUserId: null });
  });

  it('announces nothing and writes nothing when the transaction rolls back', async () => {
    announced.length = 0;
    await expect(
      inMessageTx({ sql: db.sql, notifier }, async (m) => {
        await writeNotification(m, note('rolled back'));
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(announced).toEqual([]);
    expect(await db.sql`select 1 from message_instance where content = 'rolled back'`).toHaveLength(0);
  });

  it('writes a carrier redelivery once and counts it once', async () => {
    const text = {
      interactionId: f.id, storeId: f.storeId, customerId: f.customerId, content: 'see you then', from: '+12025550123', fromName: null,
      to: '+17185550101', toName: 'Agent', mediaUrls: [], carrierMessageId: 'SM-writer-test-1', keyword: null,
    };
    const [before] = await db.sql<{ totalInboundCount: number }[]>`select total_inbound_count from future_service_interaction where id = ${f.id}`;
    const first = await inMessageTx({ sql: db.sql, notifier }, (m) => writeInboundText(m, text));
    const again = await inMessageTx({ sql: db.sql, notifier }, (m) => writeInboundText(m, text));
    expect(first).toEqual(expect.any(Number));
    expect(again).toBeNull();
    const [after] = await db.sql<{ totalInboundCount: number }[]>`select total_inbound_count from future_service_interaction where id = ${f.id}`;
    expect(after!.totalInboundCount).toBe(before!.totalInboundCount + 1);
  });

  it('writes a batch whose rows set different columns, each row keeping the defaults of what it leaves out', async () => {
    const base = { futureServiceInteractionId: f.id, storeId: f.storeId, customerId: f.customerId, direction: 'SENT' as const, messageType: 'SMS' as const };
    await db.sql.begin((tx) =>
      writeMessagesInBulk(tx as never, [
        { ...base, content: 'bulk one', readStatus: true, errors: ['Carrier rejected the message (30007)'] },
        { ...base, content: 'bulk two', subject: 'Hello' },
      ]),
    );
    const rows = await db.sql`select content, read_status, errors, subject from message_instance where content like 'bulk %' order by id`;
    expect(rows).toEqual([
      { content: 'bulk one', readStatus: true, errors: ['Carrier rejected the message (30007)'], subject: null },
      { content: 'bulk two', readStatus: false, errors: [], subject: 'Hello' },
    ]);
  });
});
