// Webhook-to-client latency: Hocuspocus provider clients on the inbox documents of several stores
// (spread evenly); signed inbound webhooks are posted to the stores' numbers in turn, and each
// client of the store a text went to records when the row carrying that text arrives. Includes
// signature check, the transaction, the notifier's batching window, the inbox refresh from
// PostgreSQL and the WebSocket fan-out. The clients live in the same process as the server (one
// event loop for both, on loopback).
//
//   node --import tsx bench/latency.ts [messages=100] [clients=200] [gapMs=100] [stores=3]
import { appendFileSync, existsSync } from 'node:fs';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createSession } from '@drivebay/api';
import { inboxDocName, observeInbox, readInboxRow, readInboxRows } from '@drivebay/shared/docs';
import { WEBHOOK_PATHS } from '../api/src/routes/webhooks';
import { prepareInbound, stackDatabase, startStack } from './ingest';
import { machine } from './support';

const messages = Number(process.argv[2] ?? 100);
const clientCount = Number(process.argv[3] ?? 200);
const gapMs = Number(process.argv[4] ?? 100);
const storeCount = Number(process.argv[5] ?? 3);
const WARM_UP = 6;

const stack = await startStack();
// A user of the whole enterprise, so one session opens every store's inbox.
const [user] = await stack.db.sql<{ id: number }[]>`select id from app_user where username = 'corporate_admin'`;
const { token } = await createSession(stack.db.sql, { userId: user!.id, ip: '127.0.0.1', userAgent: 'bench/latency' });
const wsUrl = `${stack.baseUrl.replace('http', 'ws')}/collab`;
const stores = (
  await stack.db.sql<{ storeId: number; number: string }[]>`
    select store_id, agent_phone_number as number from assistant where agent_phone_number is not null order by store_id`
).slice(0, storeCount);
if (stores.length < storeCount) throw new Error(`the demo has ${stores.length} stores with a number, not ${storeCount}`);

type Client = { storeId: number; doc: Y.Doc; destroy: () => void; arrived: Map<string, number> };
const marker = (content: string) => /\[lat-(\d+)\]/.exec(content)?.[0] ?? null;

async function connect(storeId: number): Promise<Client> {
  const socket = new HocuspocusProviderWebsocket({ url: wsUrl, WebSocketPolyfill: WebSocket });
  const doc = new Y.Doc();
  const arrived = new Map<string, number>();
  const client: Client = { storeId, doc, destroy: () => {}, arrived };
  const synced = new Promise<void>((resolve, reject) => {
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: inboxDocName(storeId),
      token,
      document: doc,
      onSynced: () => resolve(),
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
    });
    provider.attach();
    client.destroy = () => {
      provider.destroy();
      socket.destroy();
    };
  });
  observeInbox(doc, ({ upserted }) => {
    const now = performance.now();
    for (const id of upserted) {
      const m = marker(readInboxRow(doc, id)?.latestMessage?.content ?? '');
      if (m && !arrived.has(m)) arrived.set(m, now);
    }
  });
  await synced;
  return client;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const clients: Client[] = [];
  for (let i = 0; i < clientCount; i++) clients.push(await connect(stores[i % stores.length]!.storeId));
  for (const { storeId } of stores) {
    if (readInboxRows(clients.find((c) => c.storeId === storeId)!.doc).length === 0) throw new Error(`store ${storeId}'s inbox did not load`);
  }

  const all = await prepareInbound(stack, (messages + WARM_UP) * 3, (i) => `On my way, be there at ${(i % 12) + 1} [lat-${i}]`);
  // The prepared mix goes round the three demo stores; the chosen stores' texts, in that order.
  const storeOf = new Map(stores.map((s) => [s.number, s.storeId]));
  const chosen = all.filter((r) => storeOf.has(new URLSearchParams(r.form).get('To') ?? ''));
  const url = `${stack.baseUrl}${WEBHOOK_PATHS.twilioSms}`;
  // A few texts first, not measured: the first requests of a fresh process pay for compiling and
  // preparing what every later one reuses.
  for (const r of chosen.slice(0, WARM_UP)) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': r.signature }, body: r.form });
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  await stack.settle();
  const requests = chosen.slice(WARM_UP, WARM_UP + messages);
  const sentAt = new Map<string, { at: number; storeId: number }>();
  for (const r of requests) {
    const form = new URLSearchParams(r.form);
    const m = marker(form.get('Body') ?? '')!;
    sentAt.set(m, { at: performance.now(), storeId: storeOf.get(form.get('To')!)! });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': r.signature }, body: r.form });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  await stack.settle();
  await new Promise((resolve) => setTimeout(resolve, 500));

  const latencies: number[] = [];
  let missing = 0;
  for (const c of clients) {
    for (const [m, sent] of sentAt) {
      if (sent.storeId !== c.storeId) continue;
      const t1 = c.arrived.get(m);
      if (t1 === undefined) missing += 1;
      else latencies.push(t1 - sent.at);
    }
  }
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const max = latencies.at(-1)!;
  const load = `${clientCount} Hocuspocus provider clients on the inboxes of ${stores.length} stores (${stores.map((st) => clients.filter((c) => c.storeId === st.storeId).length).join(' + ')}), ${messages} signed inbound webhooks ${gapMs} ms apart to the stores' numbers in turn (after ${WARM_UP} not measured); the clients in the same process as the server, on loopback`;
  console.info(`database: ${stack.db.kind}; ${load}; ${machine()}`);
  console.info(`webhook -> every client: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms; missing ${missing}`);

  const file = new URL('./RESULTS.md', import.meta.url);
  if (!existsSync(file)) appendFileSync(file, '# Benchmark results\n\nAppended by the scripts in this folder; newest last.\n');
  appendFileSync(
    file,
    `\n## latency — ${new Date().toISOString()}\n\n` +
      `- Machine: ${machine()}\n- Database: ${stackDatabase(stack)}; ` +
      `${load}\n` +
      `- Webhook sent -> row with the text in the document of each client of that store (includes the notifier's batching window): ` +
      `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms; deliveries missing: ${missing}\n`,
  );
  for (const c of clients) c.destroy();
  console.info(JSON.stringify({ bench: 'latency', database: stack.db.kind, clients: clientCount, stores: stores.length, messages, p50Ms: Number(p50.toFixed(1)), p95Ms: Number(p95.toFixed(1)), maxMs: Number(max.toFixed(1)), missing }));
} finally {
  await stack.close();
}
