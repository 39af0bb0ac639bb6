// Signed inbound webhooks per second, end to end (signature check, dedupe, persist, inbox
// notification into the sync server's documents), against a bare Hono + postgres.js insert handler
// on the same database in the same run. Both over real HTTP on loopback, from a load generator in
// its own thread, with bounded concurrency and a fixed count of requests.
//
//   node --import tsx bench/ingest.ts [requests=3000] [concurrency=16]
//
// PostgreSQL when DATABASE_URL is set (a fresh database, dropped afterwards), else embedded PGlite.
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { machine } from './support';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createTestDatabase } from '@drivebay/api/testing';
import { createApp, createLogger } from '@drivebay/api/server';
import { migrate, openDatabase, type Database } from '@drivebay/api';
import { createConsoleLogger, createSyncServer, refreshStore, type SyncServer } from '@drivebay/sync-server';
import { inboxDocName } from '@drivebay/shared/docs';
import { seedDemo } from '../api/src/seed/demo';
import { maintainEmbeddedDatabase } from '../api/src/db/maintenance';
import { conversationRoutes, type ConversationDeps } from '../api/src/routes/conversations';
import { simulatorRoutes } from '../api/src/routes/simulator';
import { EMPTY_TWIML, WEBHOOK_PATHS, webhookRoutes } from '../api/src/routes/webhooks';
import { twilioSignature } from '../api/src/services/carriers/twilio-signature';
import { startConversationCore } from '../api/src/services/conversations/core';
import type { createInProcessNotifier } from '../api/src/services/conversations/notifier';

export type Stack = {
  db: Database;
  baseUrl: string;
  sync: SyncServer;
  deps: ConversationDeps;
  /** Resolves when every inbox notification sent so far has been written into the documents. */
  settle: () => Promise<void>;
  /** Each inbox refresh written so far: when it finished (Date.now()) and which interactions it held. */
  refreshed: { at: number; ids: readonly number[] }[];
  close: () => Promise<void>;
};

/**
 * The embedded default as `npm start` runs it: the API with the conversation routes, the sync
 * server on /collab of the same port, the in-process notifier refreshing inbox rows, the outbox
 * worker. PGlite gets one pooled connection, as the product gives it: the engine is one session.
 */
export async function startStack(): Promise<Stack> {
  // PGlite keeps its data in a folder of its own on disk, as `npm start` keeps it under DATA_DIR
  // (in memory, the engine's file system copies a whole file each time it outgrows its buffer).
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'drivebay-bench-'));
  const db = dataDir === null ? await createTestDatabase() : await openDatabase({ max: 1, dataDir });
  if (db.kind === 'pglite') await migrate(db.sql);
  await seedDemo(db.sql);
  // The tables as a running product has them after its first minute: vacuumed and analyzed by
  // autovacuum's rules. The same round runs on both databases here, since a server's autovacuum
  // would not yet have visited a database seeded a moment ago; the product runs it itself only on
  // the embedded engine, which has no autovacuum.
  await maintainEmbeddedDatabase(db.sql);
  const logger = createLogger('warn');
  const sync = createSyncServer({ sql: db.sql, logger: createConsoleLogger('warn') });

  let app: ReturnType<typeof createApp> | null = null;
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: (req, env) => app!.fetch(req, env), port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  server.on('upgrade', sync.handleUpgrade);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const refreshes = new Set<Promise<unknown>>();
  const refreshed: { at: number; ids: readonly number[] }[] = [];
  const core = startConversationCore({
    sql: db.sql,
    logger,
    env: {},
    publicUrl: baseUrl,
    refreshInbox: (storeId, ids) => {
      // As the product does: the store's inbox rows and, when a screen has it open, its board.
      const p = refreshStore(sync.hocuspocus, storeId, ids, db.sql).then(() => void refreshed.push({ at: Date.now(), ids }));
      refreshes.add(p);
      return p.finally(() => refreshes.delete(p));
    },
  });
  // Each store's inbox open, as on the advisors' screens during the day: the product keeps an open
  // inbox's rows current with every text (an inbox nobody has open is reconciled when it loads).
  // A server-side connection stands for the screens, so no client's work is counted.
  const stores = await db.sql<{ id: number }[]>`select id from store order by id`;
  const screens = await Promise.all(stores.map((s) => sync.hocuspocus.openDirectConnection(inboxDocName(s.id), {})));
  const deps = core.deps;
  const notifier = deps.notifier as ReturnType<typeof createInProcessNotifier>;
  app = createApp({ sql: db.sql, logger }).route('/', conversationRoutes(deps)).route('/', webhookRoutes(deps)).route('/', simulatorRoutes(deps));

  return {
    db,
    baseUrl,
    sync,
    deps,
    refreshed,
    settle: async () => {
      await notifier.flush();
      await Promise.all([...refreshes]);
    },
    close: async () => {
      for (const screen of screens) await screen.disconnect();
      await core.stop();
      await sync.close();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How a results entry names the stack's database: the embedded engine as {@link startStack} opens it. */
export const stackDatabase = (stack: Stack): string => (stack.db.kind === 'pglite' ? 'pglite (one pooled connection, data on disk)' : stack.db.kind);

/** A prepared request: the form body and, for the product, Twilio's signature of it. */
export type Prepared = { form: string; signature: string; sid: string };

let sidSeq = 0;
const newSid = () => `SM${(Date.now().toString(16) + (++sidSeq).toString(16).padStart(8, '0')).padStart(32, '0')}`;

/**
 * Inbound texts as Twilio sends them: to the three demo store numbers, mostly from the stores'
 * own customers, one in twenty from a number never seen before (a new customer and interaction).
 */
export async function prepareInbound(stack: Stack, count: number, body = (i: number) => `Can I bring the car in on day ${i % 28 + 1}?`): Promise<Prepared[]> {
  const { sql } = stack.db;
  const account = (await stack.deps.carrier.simulatorAccount())!;
  const stores = await sql<{ number: string; customers: string[] }[]>`
    select a.agent_phone_number as number, array_agg(c.cellular order by c.id) as customers
    from assistant a join customer c on c.store_id = a.store_id
    where a.agent_phone_number is not null and c.cellular is not null and not c.block_sms
    group by a.agent_phone_number order by a.agent_phone_number`;
  const url = `${stack.baseUrl}${WEBHOOK_PATHS.twilioSms}`;
  return Array.from({ length: count }, (_, i) => {
    const store = stores[i % stores.length]!;
    const from = i % 20 === 19 ? `+1646${String(2000000 + sidSeq + i).slice(-7)}` : store.customers[(i * 7) % store.customers.length]!;
    const sid = newSid();
    const params = { MessageSid: sid, SmsSid: sid, AccountSid: account.accountSid, From: from, To: store.number, Body: body(i), NumMedia: '0', ApiVersion: '2010-04-01' };
    return { form: new URLSearchParams(params).toString(), signature: twilioSignature(account.authToken, url, params), sid };
  });
}

// The load generator, in its own thread so its work does not share the servers' event loop.
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, requests, concurrency } = workerData;
let next = 0, failures = 0;
const started = performance.now();
const lane = async () => {
  while (next < requests.length) {
    const r = requests[next++];
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': r.signature }, body: r.form });
    await res.arrayBuffer();
    if (res.status !== 200) failures++;
  }
};
Promise.all(Array.from({ length: concurrency }, lane)).then(() => parentPort.postMessage({ ms: performance.now() - started, failures }));
`;

export function drive(url: string, requests: Prepared[], concurrency: number): Promise<{ ms: number; failures: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData: { url, requests, concurrency } });
    worker.once('message', (m) => {
      resolve(m as { ms: number; failures: number });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The baseline: parse the form, one insert, answer. No signature, no dedupe, no inbox. */
export async function startBare(stack: Stack): Promise<{ url: string; close: () => Promise<void> }> {
  const { sql } = stack.db;
  await sql`create table bench_inbound (id bigint generated by default as identity primary key, sid text not null,
    from_number text not null, to_number text not null, body text not null, created_on timestamptz not null default now())`;
  const app = new Hono();
  app.post('/bare/sms', async (c) => {
    const f = await c.req.parseBody();
    await sql`insert into bench_inbound (sid, from_number, to_number, body) values (${String(f.MessageSid)}, ${String(f.From)}, ${String(f.To)}, ${String(f.Body)})`;
    return c.body(EMPTY_TWIML, 200, { 'content-type': 'text/xml; charset=utf-8' });
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare/sms`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

async function main() {
  const count = Number(process.argv[2] ?? 3000);
  const concurrency = Number(process.argv[3] ?? 16);
  const stack = await startStack();
  const bare = await startBare(stack);
  const product = `${stack.baseUrl}${WEBHOOK_PATHS.twilioSms}`;
  try {
    // One unmeasured round of each side first, as long as a measured one (JIT, prepared
    // statements, the inbox documents' first load and rebuild): with 300 texts of warm-up the
    // first measured round of both sides still ran 20-40% slower than the second.
    await drive(bare.url, await prepareInbound(stack, count), concurrency);
    await drive(product, await prepareInbound(stack, count), concurrency);
    await stack.settle();

    const runs: { bare: number[]; product: number[]; failures: number } = { bare: [], product: [], failures: 0 };
    for (let round = 0; round < 2; round++) {
      const b = await drive(bare.url, await prepareInbound(stack, count), concurrency);
      runs.bare.push((count / b.ms) * 1000);
      const requests = await prepareInbound(stack, count);
      const p = await drive(product, requests, concurrency);
      // End to end: the run is over when the last inbox refresh has been written. Timed as the
      // bare side is, from the load generator's first request (its thread's start-up, 30-40 ms,
      // is in neither), plus the follow-up work still going on after the last answer.
      const answered = performance.now();
      await stack.settle();
      runs.product.push((count / (p.ms + performance.now() - answered)) * 1000);
      runs.failures += b.failures + p.failures;
      const stored = await stack.db.sql`select count(*)::int as n from message_instance where carrier_message_id = any(${requests.map((r) => r.sid)})`;
      if (stored[0]!.n !== count) throw new Error(`expected ${count} stored messages, found ${stored[0]!.n}`);
    }
    const best = (xs: number[]) => Math.max(...xs);
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const ratio = best(runs.product) / best(runs.bare);
    const date = new Date().toISOString();
    console.info(`database: ${stack.db.kind}; ${count} requests per run, concurrency ${concurrency}; ${machine()}`);
    console.info(`bare Hono + postgres.js insert: ${fmt(runs.bare)} req/s (best ${best(runs.bare).toFixed(0)})`);
    console.info(`signed inbound webhook, end to end: ${fmt(runs.product)} req/s (best ${best(runs.product).toFixed(0)})`);
    console.info(`ratio product/bare: ${ratio.toFixed(2)}; non-2xx answers: ${runs.failures}`);

    const file = new URL('./RESULTS.md', import.meta.url);
    if (!existsSync(file)) appendFileSync(file, '# Benchmark results\n\nAppended by the scripts in this folder; newest last.\n');
    appendFileSync(
      file,
      `\n## ingest — ${date}\n\n` +
        `- Machine: ${machine()}\n- Database: ${stackDatabase(stack)}; ` +
        `${count} requests per run, 2 runs each, concurrency ${concurrency}, loopback HTTP, load generator in its own thread\n` +
        `- Bare Hono + postgres.js single insert: ${fmt(runs.bare)} req/s\n` +
        `- Signed Twilio inbound webhook end to end (signature, dedupe, customer/interaction lookup, insert, counters, ` +
        `inbox rows and any open board refreshed in the sync server): ${fmt(runs.product)} req/s\n` +
        `- Ratio (best product / best bare): ${ratio.toFixed(2)}; non-2xx answers: ${runs.failures}\n`,
    );
    console.info(
      JSON.stringify({ bench: 'ingest', database: stack.db.kind, ratio: Number(ratio.toFixed(2)), productReqPerS: Math.round(best(runs.product)), bareReqPerS: Math.round(best(runs.bare)), requests: count, concurrency, failures: runs.failures }),
    );
  } finally {
    await bare.close();
    await stack.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
