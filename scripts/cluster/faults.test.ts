// The cluster shape under faults: 2 API and 2 sync processes behind Debian's nginx on PostgreSQL
// and Redis. A sync process killed with SIGKILL while twenty people edit boards and read inboxes;
// PostgreSQL restarted under load. Nothing acknowledged may be lost.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { boardDocName, inboxDocName, keyForDrop, moveCard, readBoard, readCard, readInboxRow, readInboxRows } from '@drivebay/shared/docs';
import type { RoStatusCode } from '@drivebay/shared';
import { createTestDatabase } from '../../api/src/db/testing';
import type { Database } from '../../api/src/db/database';
import { seedDemo } from '../../api/src/seed/demo';
import { twilioSignature } from '../../api/src/services/carriers/twilio-signature';
import { redisAnswers, TEST_REDIS_URL } from '../../sync-server/src/cluster/redis-probe';
import { startCluster, type Cluster } from './cluster';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { openDatabase } from '../../api/src/db/database';
import { migrate } from '../../api/src/db/migrate';

const onPostgres = !!process.env.DATABASE_URL;
const hasNginx = spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
const redisUp = await redisAnswers();
const why = !onPostgres ? 'they need PostgreSQL (set DATABASE_URL)' : !redisUp ? `no Redis answers at ${TEST_REDIS_URL}` : !hasNginx ? 'nginx is not installed (.ci/run installs it)' : null;
if (why) console.warn(`SKIPPED the cluster fault tests: ${why}`);

const STORE = 1;
const STORE_NUMBER = '+17185550101';
const BOARD_CLIENTS = 10;
const INBOX_CLIENTS = 10;

type Person = { doc: Y.Doc; provider: HocuspocusProvider; socket: HocuspocusProviderWebsocket };

let db: Database;
let cluster: Cluster;
const people: Person[] = [];

/** A browser-like client through nginx that reconnects by itself, as the app does. */
function join_(url: string, name: string, token: string): Person {
  const socket = new HocuspocusProviderWebsocket({ url: `${url.replace('http', 'ws')}/collab?store=${STORE}`, WebSocketPolyfill: WebSocket, maxDelay: 3_000 });
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, token, document: doc });
  provider.attach();
  const person = { doc, provider, socket };
  people.push(person);
  return person;
}

async function login(url: string, username: string, n: number): Promise<string> {
  const res = await fetch(`${url}/user/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${n}.1` },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  if (res.status !== 200) throw new Error(`login ${res.status}`);
  return ((await res.json()) as { authToken: string }).authToken;
}

/** The sync process holding store 1's documents (the one nginx sends the store to). */
async function holderOfStore(): Promise<number> {
  for (const m of cluster.members.filter((x) => x.kind === 'sync')) {
    const res = await fetch(`http://127.0.0.1:${m.port}/health`).catch(() => null);
    const body = res ? ((await res.json()) as { documents: number }) : { documents: 0 };
    if (body.documents > 0) return m.index;
  }
  throw new Error('no sync process holds the store');
}

async function inbound(customerPhone: string, body: string): Promise<number> {
  const [account] = await db.sql<{ accountSid: string; authToken: string }[]>`select account_sid, auth_token from carrier_simulator_account`;
  const url = `${cluster.url}/api/webhooks/twilio/sms`;
  const sid = `SM${Date.now()}${Math.random().toString(16).slice(2, 14)}`.padEnd(34, '0').slice(0, 34);
  const params = { MessageSid: sid, SmsSid: sid, AccountSid: account!.accountSid, From: customerPhone, To: STORE_NUMBER, Body: body, NumMedia: '0', ApiVersion: '2010-04-01' };
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(account!.authToken, url, params) },
    body: new URLSearchParams(params).toString(),
  }).catch(() => null);
  if (res) await res.arrayBuffer();
  return res?.status ?? 0;
}

describe.skipIf(why !== null)('a cluster of 2 API and 2 sync processes behind nginx', () => {
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemo(db.sql);
    // The simulated carrier's account, as the first process to text would create it.
    await db.sql`insert into carrier_simulator_account (account_sid, auth_token)
      values (${`AC${'c1'.repeat(16)}`}, ${'cluster-test-token'}) on conflict (id) do nothing`;
    cluster = await startCluster({ apis: 2, syncs: 2, port: 0, databaseUrl: db.url!, redisUrl: TEST_REDIS_URL, dataDir: mkdtempSync(join(tmpdir(), 'drivebay-cluster-')), output: process.env.CLUSTER_OUTPUT === 'inherit' ? 'inherit' : 'ignore', logLevel: 'info' });
  }, 420_000);

  afterAll(async () => {
    for (const p of people.splice(0)) {
      p.provider.destroy();
      p.socket.destroy();
    }
    await cluster?.stop();
    await db?.close();
  }, 60_000);

  it('loses nothing acknowledged when the sync process holding a store is killed with SIGKILL', async () => {
    const tokens = await Promise.all(Array.from({ length: 4 }, (_, i) => login(cluster.url, 'office_manager', i)));
    const boards = Array.from({ length: BOARD_CLIENTS }, (_, i) => join_(cluster.url, boardDocName(STORE), tokens[i % tokens.length]!));
    const inboxes = Array.from({ length: INBOX_CLIENTS }, (_, i) => join_(cluster.url, inboxDocName(STORE), tokens[i % tokens.length]!));
    await vi.waitFor(() => expect(boards.every((b) => Object.values(readBoard(b.doc)).flat().length > 0)).toBe(true), { timeout: 30_000, interval: 100 });
    await vi.waitFor(() => expect(inboxes.every((b) => readInboxRows(b.doc).length > 0)).toBe(true), { timeout: 30_000, interval: 100 });

    // One open card per lane, each reordered by its own person (the others watch): two people
    // dropping two cards on the same spot of one lane at once would get the same position, which
    // the board then settles for them.
    const cards = await db.sql<{ id: number; statusCode: RoStatusCode }[]>`
      select distinct on (status_code) id, status_code from repair_order
      where store_id = ${STORE} and status_code in ('UNASSIGNED','PREASSIGNED','ASSIGNED','HOLD','COMPLETE','BOOKED')
      order by status_code, id`;
    expect(cards.length).toBeGreaterThanOrEqual(3);
    const lastKey = new Map<number, string>();
    const reorder = (i: number) => {
      const card = cards[i]!;
      const b = boards[i]!;
      const lane = readBoard(b.doc)[card.statusCode];
      const key = keyForDrop(lane, lane.length, card.id);
      moveCard(b.doc, card.id, card.statusCode, key);
      lastKey.set(card.id, key);
    };
    for (let i = 0; i < cards.length; i++) reorder(i);
    // Acknowledged: projected into PostgreSQL.
    await vi.waitFor(async () => {
      const rows = await db.sql<{ id: number; orderKey: string }[]>`select id, order_key from repair_order where id in ${db.sql(cards.map((c) => c.id))}`;
      for (const r of rows) expect(r.orderKey).toBe(lastKey.get(r.id));
    }, { timeout: 15_000, interval: 100 });

    // And stored: the board's document in PostgreSQL holds the moves (a process stores a board
    // right after projecting its moves), so whichever process takes the board over loads them.
    await vi.waitFor(async () => {
      const [row] = await db.sql<{ state: Uint8Array }[]>`select state from yjs_document where name = ${boardDocName(STORE)}`;
      const doc = new Y.Doc();
      if (row) Y.applyUpdate(doc, row.state);
      for (const card of cards) expect(readCard(doc, card.id)?.orderKey).toBe(lastKey.get(card.id));
    }, { timeout: 15_000, interval: 100 });

    const customers = await db.sql<{ cellular: string }[]>`
      select cellular from customer where store_id = ${STORE} and cellular is not null and not block_sms order by id limit 20`;
    const victim = await holderOfStore();
    await cluster.kill('sync', victim);

    // While the store's documents move to the other process: more edits, and texts arriving.
    for (let i = 0; i < cards.length; i++) reorder(i);
    const acked: string[] = [];
    for (const [i, c] of customers.entries()) {
      const marker = `after-kill-${i}-${Date.now()}`;
      if ((await inbound(c.cellular, `Running late ${marker}`)) === 200) acked.push(marker);
    }
    expect(acked.length).toBe(customers.length);

    // Everyone is back through nginx on the surviving process, with every edit and every text.
    await vi.waitFor(() => expect(people.every((p) => p.provider.isSynced)).toBe(true), { timeout: 30_000, interval: 100 });
    await vi.waitFor(async () => {
      const rows = await db.sql<{ id: number; orderKey: string }[]>`select id, order_key from repair_order where id in ${db.sql(cards.map((c) => c.id))}`;
      for (const r of rows) expect(r.orderKey).toBe(lastKey.get(r.id));
      for (const b of boards) for (const card of cards) expect(readCard(b.doc, card.id)?.orderKey).toBe(lastKey.get(card.id));
    }, { timeout: 30_000, interval: 200 });
    const [stored] = await db.sql<{ n: number }[]>`select count(*)::int as n from message_instance where content like 'Running late after-kill-%'`;
    expect(stored!.n).toBe(acked.length);
    // Every conversation that got one of those texts shows its inbound count on every screen (the
    // assistant's answer may be the newest message by now).
    const touched = await db.sql<{ id: number; inbound: number }[]>`
      select distinct f.id, f.total_inbound_count as inbound from future_service_interaction f
      join message_instance m on m.future_service_interaction_id = f.id
      where m.content like 'Running late after-kill-%' and not f.conv_closed`;
    expect(touched.length).toBeGreaterThan(0);
    // A screen opening the inbox now (as the app does after a reload) shows every one of them.
    const fresh = join_(cluster.url, inboxDocName(STORE), tokens[0]!);
    await vi.waitFor(() => {
      for (const t of touched) expect(readInboxRow(fresh.doc, t.id)?.totalInboundCount).toBe(t.inbound);
    }, { timeout: 30_000, interval: 200 });
    // And every screen that stayed open through the kill shows exactly the same rows: whatever the
    // dead process wrote and never stored was handed back on reconnect and overwritten with
    // PostgreSQL's rows (see docs/scale.md).
    await vi.waitFor(() => {
      const expected = JSON.stringify(readInboxRows(fresh.doc));
      for (const i of inboxes) expect(JSON.stringify(readInboxRows(i.doc))).toBe(expected);
    }, { timeout: 15_000, interval: 200 });
    expect(inboxes.every((i) => i.provider.isSynced)).toBe(true);

    await cluster.restart('sync', victim);
  }, 180_000);
});

const noPrivatePostgres = why ?? privatePostgresUnavailable();
if (!why && noPrivatePostgres) console.warn(`SKIPPED the PostgreSQL restart test: ${noPrivatePostgres}`);

describe.skipIf(noPrivatePostgres !== null)('a cluster whose PostgreSQL restarts under load', () => {
  let pg: PrivatePostgres;
  let own: Database;
  let c: Cluster;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    own = await openDatabase({ url: pg.url });
    await migrate(own.sql);
    await seedDemo(own.sql);
    await own.sql`insert into carrier_simulator_account (account_sid, auth_token) values (${`AC${'d2'.repeat(16)}`}, 'restart-test-token')`;
    c = await startCluster({ apis: 2, syncs: 2, port: 0, databaseUrl: pg.url, redisUrl: TEST_REDIS_URL, dataDir: mkdtempSync(join(tmpdir(), 'drivebay-cluster-')) });
  }, 420_000);

  afterAll(async () => {
    for (const p of people.splice(0)) {
      p.provider.destroy();
      p.socket.destroy();
    }
    await c?.stop();
    await own?.close();
    pg?.stop();
  }, 60_000);

  it('recovers by itself and keeps every text it acknowledged, once', async () => {
    const [account] = await own.sql<{ accountSid: string; authToken: string }[]>`select account_sid, auth_token from carrier_simulator_account`;
    const customers = await own.sql<{ cellular: string }[]>`
      select cellular from customer where store_id = ${STORE} and cellular is not null and not block_sms order by id limit 40`;
    const url = `${c.url}/api/webhooks/twilio/sms`;
    const send = async (from: string, body: string) => {
      const sid = `SM${Date.now()}${Math.random().toString(16).slice(2, 14)}`.padEnd(34, '0').slice(0, 34);
      const params = { MessageSid: sid, SmsSid: sid, AccountSid: account!.accountSid, From: from, To: STORE_NUMBER, Body: body, NumMedia: '0', ApiVersion: '2010-04-01' };
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(account!.authToken, url, params) },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(20_000),
      }).catch(() => null);
      if (res) await res.arrayBuffer();
      return res?.status ?? 0;
    };

    // Texts keep arriving while the database restarts.
    const outcomes: { marker: string; status: number }[] = [];
    const load = (async () => {
      for (let i = 0; i < 60; i++) {
        const marker = `restart-${i}-${Date.now()}`;
        outcomes.push({ marker, status: await send(customers[i % customers.length]!.cellular, `See you soon ${marker}`) });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await new Promise((r) => setTimeout(r, 1_500));
    pg.restart();
    await load;

    const acked = outcomes.filter((o) => o.status === 200).map((o) => o.marker);
    expect(acked.length).toBeGreaterThan(0);
    // Refused while the database was away: the carrier would send those again.
    expect(outcomes.every((o) => o.status === 200 || o.status >= 500)).toBe(true);
    const stored = await own.sql<{ content: string; n: number }[]>`
      select content, count(*)::int as n from message_instance where content like 'See you soon restart-%' group by content`;
    const count = new Map(stored.map((r) => [r.content.replace('See you soon ', ''), r.n]));
    for (const marker of acked) expect(count.get(marker)).toBe(1);
    for (const n of count.values()) expect(n).toBe(1);

    // Every process answers again on its own, and a new text reaches a screen through the sync processes.
    for (const m of c.members) {
      const health = m.kind === 'api' ? `http://127.0.0.1:${m.port}/api/health` : `http://127.0.0.1:${m.port}/health`;
      await vi.waitFor(async () => expect((await fetch(health)).status).toBe(200), { timeout: 30_000, interval: 250 });
    }
    const token = await login(c.url, 'office_manager', 9);
    const inbox = join_(c.url, inboxDocName(STORE), token);
    await vi.waitFor(() => expect(readInboxRows(inbox.doc).length).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    const [f] = await own.sql<{ id: number; inbound: number }[]>`
      select f.id, f.total_inbound_count as inbound from future_service_interaction f join customer cu on cu.id = f.customer_id
      where cu.cellular = ${customers[0]!.cellular} and f.store_id = ${STORE} and not f.conv_closed order by f.id desc limit 1`;
    expect(await send(customers[0]!.cellular, 'After the restart')).toBe(200);
    await vi.waitFor(() => expect(readInboxRow(inbox.doc, f!.id)?.totalInboundCount).toBe(f!.inbound + 1), { timeout: 30_000, interval: 100 });
  }, 180_000);
});
