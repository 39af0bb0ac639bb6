// Webhook-to-client latency: 20 Hocuspocus provider clients on one store's inbox document; a
// signed inbound webhook is posted, and each client records when the row carrying that text
// arrives. Includes signature check, the transaction, the notifier's batching window, the inbox
// refresh from PostgreSQL and the WebSocket fan-out.
//
//   node --import tsx bench/latency.ts [messages=100] [clients=20] [gapMs=100]
import { appendFileSync, existsSync } from 'node:fs';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createSession } from '@drivebay/api';
import { inboxDocName, observeInbox, readInboxRow, readInboxRows } from '@drivebay/shared/docs';
import { WEBHOOK_PATHS } from '../api/src/routes/webhooks';
import { prepareInbound, startStack } from './ingest';
import { machine } from './support';

const messages = Number(process.argv[2] ?? 100);
const clientCount = Number(process.argv[3] ?? 20);
const gapMs = Number(process.argv[4] ?? 100);
const STORE = 1;
const STORE_NUMBER = '+17185550101';

const stack = await startStack();
const [user] = await stack.db.sql<{ id: number }[]>`select id from app_user where username = 'office_manager'`;
const { token } = await createSession(stack.db.sql, { userId: user!.id, ip: '127.0.0.1', userAgent: 'bench/latency' });
const wsUrl = `${stack.baseUrl.replace('http', 'ws')}/collab`;

type Client = { doc: Y.Doc; destroy: () => void; arrived: Map<string, number> };
const marker = (content: string) => /\[lat-(\d+)\]/.exec(content)?.[0] ?? null;

async function connect(): Promise<Client> {
  const socket = new HocuspocusProviderWebsocket({ url: wsUrl, WebSocketPolyfill: WebSocket });
  const doc = new Y.Doc();
  const arrived = new Map<string, number>();
  const client: Client = { doc, destroy: () => {}, arrived };
  const synced = new Promise<void>((resolve, reject) => {
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: inboxDocName(STORE),
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
  for (let i = 0; i < clientCount; i++) clients.push(await connect());
  if (readInboxRows(clients[0]!.doc).length === 0) throw new Error('the inbox did not load');

  const all = await prepareInbound(stack, messages * 3, (i) => `On my way, be there at ${(i % 12) + 1} [lat-${i}]`);
  // Store 1's texts only: the prepared mix goes round the three demo stores.
  const requests = all.filter((r) => new URLSearchParams(r.form).get('To') === STORE_NUMBER).slice(0, messages);
  const url = `${stack.baseUrl}${WEBHOOK_PATHS.twilioSms}`;
  const sentAt = new Map<string, number>();
  for (const r of requests) {
    const m = marker(new URLSearchParams(r.form).get('Body') ?? '')!;
    sentAt.set(m, performance.now());
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
    for (const [m, t0] of sentAt) {
      const t1 = c.arrived.get(m);
      if (t1 === undefined) missing += 1;
      else latencies.push(t1 - t0);
    }
  }
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const max = latencies.at(-1)!;
  console.info(`database: ${stack.db.kind}; ${clientCount} clients, ${messages} webhooks ${gapMs} ms apart; ${machine()}`);
  console.info(`webhook -> every client: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms; missing ${missing}`);

  const file = new URL('./RESULTS.md', import.meta.url);
  if (!existsSync(file)) appendFileSync(file, '# Benchmark results\n\nAppended by the scripts in this folder; newest last.\n');
  appendFileSync(
    file,
    `\n## latency — ${new Date().toISOString()}\n\n` +
      `- Machine: ${machine()}\n- Database: ${stack.db.kind}${stack.db.kind === 'pglite' ? ' (one pooled connection)' : ''}; ` +
      `${clientCount} Hocuspocus provider clients on store ${STORE}'s inbox, ${messages} signed inbound webhooks ${gapMs} ms apart\n` +
      `- Webhook sent -> row with the text in a client's document (includes the notifier's 50 ms batching window): ` +
      `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms; deliveries missing: ${missing}\n`,
  );
  for (const c of clients) c.destroy();
  console.info(JSON.stringify({ bench: 'latency', database: stack.db.kind, clients: clientCount, messages, p50Ms: Number(p50.toFixed(1)), p95Ms: Number(p95.toFixed(1)), maxMs: Number(max.toFixed(1)), missing }));
} finally {
  await stack.close();
}
