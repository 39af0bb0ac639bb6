// Two sync processes on one PostgreSQL and one Redis: what one process's clients do reaches the
// other's, stored states merge, and a Redis outage leaves each process working on its own.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { boardDocName, inboxDocName, keyForDrop, moveCard, readBoard, readCard, readInboxRow } from '@drivebay/shared/docs';
import { refreshInboxRows } from '../extensions/inbox-projection';
import { connect, seed, silent, startSync, type Client, type Running, type Seed } from '../testing';
import { TEST_REDIS_URL, hasRedisServer, redisAnswers, startOwnRedis, type OwnRedis } from './redis-probe';

// Processes hear each other's store changes through PostgreSQL notifications, which the embedded
// PGlite engine does not deliver between connections: these tests need a PostgreSQL server.
const onPostgres = !!process.env.DATABASE_URL;
const redisUp = await redisAnswers();
const canRunRedis = hasRedisServer();
if (!onPostgres) console.warn('SKIPPED cross-process sync tests: they need PostgreSQL (set DATABASE_URL)');
else if (!redisUp) console.warn(`SKIPPED cross-process sync tests over Redis: no Redis answers at ${TEST_REDIS_URL} (set REDIS_URL or start redis-server)`);
if (onPostgres && !canRunRedis) console.warn('SKIPPED the Redis outage test: redis-server is not installed');

let db: Database;
let data: Seed;
const clients: Client[] = [];
const servers: Running[] = [];
const soon = { timeout: 5_000, interval: 20 };
const ro: Record<string, number> = {};

function open(server: Running, name: string, token: string): Client {
  const client = connect(server.url, name, token);
  clients.push(client);
  return client;
}

async function start(o: { redisUrl?: string; prefix?: string } = {}): Promise<Running> {
  const r = await startSync(db.sql, { redisUrl: o.redisUrl, redisPrefix: o.prefix, crossProcess: onPostgres });
  servers.push(r);
  return r;
}

async function stored(name: string): Promise<Y.Doc | null> {
  const [row] = await db.sql<{ state: Uint8Array }[]>`select state from yjs_document where name = ${name}`;
  if (!row) return null;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, row.state);
  return doc;
}

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
  const [advisor] = await db.sql<{ id: number }[]>`
    insert into service_advisor (store_id, advisor_no, name) values (${data.store1}, '101', 'Grace Hopper') returning id`;
  for (const [name, lane, key] of [['checkedIn', 'UNASSIGNED', 'V'], ['working', 'ASSIGNED', 'V'], ['ready', 'BOOKED', 'V']] as const) {
    const [row] = await db.sql<{ id: number }[]>`
      insert into repair_order (store_id, ro_number, customer_id, advisor_id, status_code, order_key)
      values (${data.store1}, ${`RO-${name}`}, ${data.customers.ada}, ${advisor!.id}, ${lane}, ${key}) returning id`;
    ro[name] = row!.id;
  }
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) await server.close();
});

afterAll(async () => {
  await db?.close();
});

describe.skipIf(!onPostgres || !redisUp)('two sync processes sharing Redis', () => {
  it('show one store’s board moves and presence to advisors connected to different processes', async () => {
    const prefix = `t-${randomUUID()}`;
    const a = await start({ redisUrl: TEST_REDIS_URL, prefix });
    const b = await start({ redisUrl: TEST_REDIS_URL, prefix });
    const name = boardDocName(data.store1);
    const onA = open(a, name, data.tokens.advisor);
    const onB = open(b, name, data.tokens.colleague);
    await vi.waitFor(() => expect(readCard(onB.doc, ro.checkedIn!)).not.toBeNull(), soon);
    await vi.waitFor(() => expect(readCard(onA.doc, ro.checkedIn!)).not.toBeNull(), soon);

    const key = keyForDrop(readBoard(onA.doc).ASSIGNED, 1, ro.checkedIn);
    const movedAt = Date.now();
    moveCard(onA.doc, ro.checkedIn!, 'ASSIGNED', key);
    await vi.waitFor(() => expect(readCard(onB.doc, ro.checkedIn!)).toMatchObject({ lane: 'ASSIGNED', orderKey: key }), soon);
    expect(Date.now() - movedAt).toBeLessThan(5_000);
    // Projected once, by the process the mover is connected to.
    await vi.waitFor(async () => {
      const moves = await db.sql`select 1 from repair_order_move where repair_order_id = ${ro.checkedIn!}`;
      expect(moves).toHaveLength(1);
    }, soon);

    const [advisor] = await db.sql<{ id: number }[]>`select id from app_user where username = 'advisor'`;
    onA.provider.setAwarenessField('user', { id: advisor!.id, name: 'advisor Tester' });
    onA.provider.setAwarenessField('viewing', ro.working);
    await vi.waitFor(() => {
      const states = [...(onB.provider.awareness?.getStates().values() ?? [])].filter((s) => s.user);
      expect(states.map((s) => s.viewing)).toContain(ro.working);
    }, soon);
  });

  it('passes a server-side write made on one process to the clients of the other', async () => {
    const prefix = `t-${randomUUID()}`;
    const a = await start({ redisUrl: TEST_REDIS_URL, prefix });
    const b = await start({ redisUrl: TEST_REDIS_URL, prefix });
    const name = inboxDocName(data.store1);
    const onA = open(a, name, data.tokens.advisor);
    const onB = open(b, name, data.tokens.colleague);
    await vi.waitFor(() => expect(readInboxRow(onB.doc, data.interactions.quiet)).not.toBeNull(), soon);
    await onA.outcome;

    await db.sql`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
      values (${data.interactions.quiet}, ${data.store1}, ${data.customers.alan}, 'Running late, sorry', 'RECEIVED', 'SMS', now())`;
    // Only process A hears of the change (as if B's notification were lost): Redis carries it to B.
    await refreshInboxRows(a.sync.hocuspocus, data.store1, [data.interactions.quiet], db.sql, silent);
    await vi.waitFor(() => expect(readInboxRow(onB.doc, data.interactions.quiet)?.latestMessage?.content).toBe('Running late, sorry'), soon);
  });
});

describe('stored state', () => {
  it('merges what two processes holding one document store, never keeping only the last', async () => {
    const a = await start();
    const b = await start();
    const name = boardDocName(data.store2);
    const onA = await a.sync.hocuspocus.openDirectConnection(name, {});
    const onB = await b.sync.hocuspocus.openDirectConnection(name, {});
    await onA.transact((doc) => doc.getMap('probe').set('fromA', 1));
    await onB.transact((doc) => doc.getMap('probe').set('fromB', 2));
    await onA.disconnect();
    await onB.disconnect();
    await vi.waitFor(async () => {
      const doc = await stored(name);
      expect(doc?.getMap('probe').toJSON()).toEqual({ fromA: 1, fromB: 2 });
    }, soon);
    const [row] = await db.sql<{ version: string }[]>`select version from yjs_document where name = ${name}`;
    expect(Number(row!.version)).toBeGreaterThanOrEqual(2);
  });
});

describe.skipIf(!onPostgres || !canRunRedis)('Redis unavailable', () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('keeps each process serving its clients, and the two converge when Redis returns', async () => {
    const prefix = `t-${randomUUID()}`;
    const a = await start({ redisUrl: redis.url, prefix });
    const b = await start({ redisUrl: redis.url, prefix });
    const name = boardDocName(data.store1);
    const onA = open(a, name, data.tokens.advisor);
    const alsoOnA = open(a, name, data.tokens.manager);
    const onB = open(b, name, data.tokens.colleague);
    await vi.waitFor(() => expect(readCard(onB.doc, ro.ready!)).not.toBeNull(), soon);
    await vi.waitFor(() => expect(readCard(alsoOnA.doc, ro.ready!)).not.toBeNull(), soon);

    await redis.stop();
    const key = keyForDrop(readBoard(onA.doc).CLOSED, 0);
    moveCard(onA.doc, ro.ready!, 'CLOSED', key);
    // The process holding the store still serves it: its other client sees the move, PostgreSQL has it.
    await vi.waitFor(() => expect(readCard(alsoOnA.doc, ro.ready!)?.lane).toBe('CLOSED'), soon);
    await vi.waitFor(async () => {
      const [row] = await db.sql<{ statusCode: string }[]>`select status_code from repair_order where id = ${ro.ready!}`;
      expect(row!.statusCode).toBe('CLOSED');
    }, soon);

    // PostgreSQL carries the projected move to the other process even without Redis.
    await vi.waitFor(() => expect(readCard(onB.doc, ro.ready!)).toMatchObject({ lane: 'CLOSED', orderKey: key }), soon);
    // A change only the document holds (presence-like state written by the server) waits for Redis.
    const direct = await a.sync.hocuspocus.openDirectConnection(name, {});
    await direct.transact((doc) => doc.getMap('probe').set('whileRedisWasDown', 1));
    await new Promise((r) => setTimeout(r, 300));
    expect(b.sync.hocuspocus.documents.get(name)?.getMap('probe').get('whileRedisWasDown')).toBeUndefined();

    await redis.start();
    await vi.waitFor(() => expect(b.sync.hocuspocus.documents.get(name)?.getMap('probe').get('whileRedisWasDown')).toBe(1), { timeout: 15_000, interval: 50 });
    await direct.disconnect();
  }, 30_000);
});
