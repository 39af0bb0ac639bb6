// The cluster shape against one process of each: 2 API + 2 sync processes behind nginx vs 1 + 1,
// on the machine's PostgreSQL and Redis. For each: signed inbound webhooks at a fixed rate through
// nginx to 20 inbox clients of one store (ack throughput, webhook-to-screen p50/p95), and board
// moves by 10 people (move-to-other-screens p50/p95). With 2 sync processes, half the clients are
// connected to each process directly, so every delivery to the second half crosses Redis: the
// cross-process latency.
//
//   npm run bench:cluster [messages=150] [gapMs=40]
import { appendFileSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { boardDocName, inboxDocName, keyForDrop, moveCard, observeBoard, observeInbox, readBoard, readInboxRow, type BoardCard } from '@drivebay/shared/docs';
import { openDatabase } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedDemo } from '../api/src/seed/demo';
import { twilioSignature } from '../api/src/services/carriers/twilio-signature';
import { startCluster, type Cluster } from '../scripts/cluster/cluster';
import { machine } from './support';

const messages = Number(process.argv[2] ?? 150);
const gapMs = Number(process.argv[3] ?? 40);
const STORE = 1;
const STORE_NUMBER = '+17185550101';
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

type Figures = { acksPerSecond: number; inboxP50: number; inboxP95: number; crossP95: number | null; boardP50: number; boardP95: number; missing: number };

async function freshDatabase(name: string): Promise<string> {
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  await migrate(db.sql);
  await seedDemo(db.sql);
  await db.sql`insert into carrier_simulator_account (account_sid, auth_token) values (${`AC${'be'.repeat(16)}`}, 'bench-token') on conflict (id) do nothing`;
  await db.close();
  return url.toString();
}

function client(url: string, name: string, token: string, onDoc: (doc: Y.Doc) => void): Promise<{ destroy: () => void }> {
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
  const doc = new Y.Doc();
  onDoc(doc);
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      websocketProvider: socket, name, token, document: doc,
      onSynced: () => resolve({ destroy: () => (provider.destroy(), socket.destroy()) }),
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
    });
    provider.attach();
  });
}

async function run(size: number): Promise<Figures> {
  const url = await freshDatabase(`drivebay_bench_cluster_${size}`);
  const cluster: Cluster = await startCluster({ apis: size, syncs: size, port: 0, databaseUrl: url, redisUrl: REDIS, dataDir: mkdtempSync(join(tmpdir(), 'drivebay-bench-')) });
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const res = await fetch(`${cluster.url}/user/v2/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'office_manager', password: 'demo' }) });
    const { authToken } = (await res.json()) as { authToken: string };
    const syncs = cluster.members.filter((m) => m.kind === 'sync');
    // Half the clients on each sync process when there are two (deliveries to the second half cross Redis).
    const address = (i: number) => (size > 1 ? `ws://127.0.0.1:${syncs[i % 2]!.port}/collab` : `${cluster.url.replace('http', 'ws')}/collab?store=${STORE}`);

    const arrivals: { marker: string; at: number; crossed: boolean }[] = [];
    const inbox = [];
    for (let i = 0; i < 20; i++) {
      inbox.push(
        await client(address(i), inboxDocName(STORE), authToken, (doc) =>
          observeInbox(doc, ({ upserted }) => {
            const at = performance.now();
            for (const id of upserted) {
              const m = /\[c-(\d+)\]/.exec(readInboxRow(doc, id)?.latestMessage?.content ?? '')?.[0];
              if (m) arrivals.push({ marker: m, at, crossed: size > 1 && i % 2 === 1 });
            }
          }),
        ),
      );
    }
    const boardDocs: Y.Doc[] = [];
    const boardSeen: { id: string; at: number }[] = [];
    const board = [];
    for (let i = 0; i < 10; i++) {
      board.push(
        await client(address(i), boardDocName(STORE), authToken, (doc) => {
          boardDocs.push(doc);
          observeBoard(doc, (change) => {
            const at = performance.now();
            for (const id of change.upserted) boardSeen.push({ id: `${id}:${(doc.getMap('cards').get(String(id)) as BoardCard | undefined)?.orderKey}`, at });
          });
        }),
      );
    }

    const [account] = await sql<{ accountSid: string; authToken: string }[]>`select account_sid as "accountSid", auth_token as "authToken" from carrier_simulator_account`;
    const customers = await sql<{ cellular: string }[]>`select cellular from customer where store_id = ${STORE} and cellular is not null and not block_sms order by id`;
    const hook = `${cluster.url}/api/webhooks/twilio/sms`;
    const sent = new Map<string, number>();
    let acked = 0;
    const started = performance.now();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < messages; i++) {
      const marker = `[c-${i}]`;
      const sid = `SM${String(Date.now()).padStart(16, '0')}${String(i).padStart(16, '0')}`;
      const params = { MessageSid: sid, SmsSid: sid, AccountSid: account!.accountSid, From: customers[i % customers.length]!.cellular, To: STORE_NUMBER, Body: `On my way ${marker}`, NumMedia: '0', ApiVersion: '2010-04-01' };
      sent.set(marker, performance.now());
      inflight.push(
        fetch(hook, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(account!.authToken, hook, params) }, body: new URLSearchParams(params).toString() })
          .then(async (r) => void (await r.arrayBuffer(), r.status === 200 && acked++))
          .catch(() => undefined),
      );
      await new Promise((r) => setTimeout(r, gapMs));
    }
    await Promise.all(inflight);
    const acksPerSecond = acked / ((performance.now() - started) / 1000);

    // Board: each of the 10 people reorders a card of their lane in turn.
    const movedAt = new Map<string, number>();
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < boardDocs.length; i++) {
        const doc = boardDocs[i]!;
        const lanes = readBoard(doc);
        const lane = lanes.ASSIGNED.length ? lanes.ASSIGNED : lanes.UNASSIGNED;
        const card = lane[i % lane.length];
        if (!card) continue;
        const key = keyForDrop(lane, lane.length, card.id);
        movedAt.set(`${card.id}:${key}`, performance.now());
        moveCard(doc, card.id, card.lane, key);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await new Promise((r) => setTimeout(r, 2_000));

    const inboxLat: number[] = [];
    const cross: number[] = [];
    const firstAt = new Map<string, number>();
    for (const a of arrivals) {
      const t0 = sent.get(a.marker);
      if (t0 === undefined) continue;
      const key = `${a.marker}:${a.crossed}:${inbox.length}`;
      void key;
      inboxLat.push(a.at - t0);
      if (a.crossed) cross.push(a.at - t0);
      firstAt.set(a.marker, Math.min(firstAt.get(a.marker) ?? Infinity, a.at));
    }
    const boardLat = boardSeen.filter((s) => movedAt.has(s.id)).map((s) => s.at - movedAt.get(s.id)!);
    for (const c of [...inbox, ...board]) c.destroy();
    return {
      acksPerSecond, inboxP50: pct(inboxLat, 50), inboxP95: pct(inboxLat, 95), crossP95: size > 1 ? pct(cross, 95) : null,
      boardP50: pct(boardLat, 50), boardP95: pct(boardLat, 95), missing: messages - firstAt.size,
    };
  } finally {
    await sql.end();
    await cluster.stop();
  }
}

const one = await run(1);
const two = await run(2);
const f = (n: number | null) => (n === null || Number.isNaN(n) ? 'n/a' : n.toFixed(1));
const line = (name: string, x: Figures) =>
  `- ${name}: webhooks acknowledged ${x.acksPerSecond.toFixed(1)}/s (offered ${(1000 / gapMs).toFixed(0)}/s); webhook -> inbox screen p50 ${f(x.inboxP50)} ms, p95 ${f(x.inboxP95)} ms` +
  `${x.crossP95 !== null ? ` (across processes through Redis p95 ${f(x.crossP95)} ms)` : ''}; board move -> other screens p50 ${f(x.boardP50)} ms, p95 ${f(x.boardP95)} ms; texts never shown: ${x.missing}\n`;
appendFileSync(
  new URL('./RESULTS.md', import.meta.url),
  `\n## cluster — ${new Date().toISOString()}\n\n- Machine: ${machine()}; load average at the end ${loadavg()[0]!.toFixed(1)}\n- PostgreSQL ${new URL(SERVER).host}, Redis, Debian's nginx; ${messages} signed inbound webhooks ${gapMs} ms apart through nginx to 20 inbox clients of store 1; 10 people reordering board cards (50 moves)\n` +
    line('1 API + 1 sync', one) + line('2 API + 2 sync (half the clients on each sync process)', two),
);
console.info(JSON.stringify({ bench: 'cluster', ratio: Number((two.acksPerSecond / one.acksPerSecond).toFixed(3)), one, two }));
process.exit(0);
