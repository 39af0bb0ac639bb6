// Signed inbound webhooks at a fixed rate (an open loop: each request leaves on its schedule,
// whatever the answers before it), for a fixed time, through the whole product as `npm start`
// runs it (bench/ingest.ts's stack). Reports the carrier's acknowledgement times (p50, p99, max)
// and the follow-up work left behind: how long after its acknowledgement each text reached the
// inbox rows of the sync server's documents, and how long the work went on after the last request.
// The baseline, in the same run and on the same database, is the bare Hono + postgres.js insert
// handler at the same rate. Each run joins traffic already flowing: one second of it goes first.
//
//   node --expose-gc --import tsx bench/ingest-sustained.ts [rate=200] [seconds=60]
//
// PostgreSQL when DATABASE_URL is set (a fresh database, dropped afterwards), else embedded PGlite.
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WEBHOOK_PATHS } from '../api/src/routes/webhooks';
import { prepareInbound, stackDatabase, startBare, startStack, type Prepared } from './ingest';
import { machine } from './support';

// The open-loop load generator, in its own thread.
// `lead` requests go first on the same schedule and are not counted: the measured requests join
// traffic already flowing, from a client whose connections are open, as a carrier's are.
const OPEN_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, lead, requests, rate } = workerData;
const all = lead.concat(requests);
const started = performance.now();
const acks = new Array(requests.length);
const acked = new Array(requests.length);
let done = 0, failures = 0;
const gap = 1000 / rate;
for (let i = 0; i < all.length; i++) {
  const at = started + i * gap;
  setTimeout(async () => {
    const r = all[i];
    const t0 = performance.now();
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': r.signature }, body: r.form });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
    } catch { failures++; }
    if (i >= lead.length) {
      acks[i - lead.length] = performance.now() - t0;
      acked[i - lead.length] = Date.now();
    }
    if (++done === all.length) parentPort.postMessage({ acks, acked, failures, ms: performance.now() - started });
  }, Math.max(0, at - performance.now()));
}
`;

type OpenLoop = { acks: number[]; acked: number[]; failures: number; ms: number };

function openLoop(url: string, requests: Prepared[], rate: number, lead: Prepared[] = []): Promise<OpenLoop> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(OPEN_LOOP, { eval: true, workerData: { url, lead, requests, rate } });
    worker.once('message', (m) => {
      resolve(m as OpenLoop);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

async function main() {
  const rate = Number(process.argv[2] ?? 200);
  const seconds = Number(process.argv[3] ?? 60);
  const count = Math.round(rate * seconds);
  const stack = await startStack();
  const bare = await startBare(stack);
  const product = `${stack.baseUrl}${WEBHOOK_PATHS.twilioSms}`;
  try {
    await openLoop(bare.url, await prepareInbound(stack, 200), 100);
    await openLoop(product, await prepareInbound(stack, 200), 100);
    await stack.settle();

    // Each measured run is led by one second of the same traffic, not counted, and starts from a
    // collected heap (with --expose-gc, as the npm script runs it), so neither pays for the garbage
    // of the run before it: the product's process never runs the bare handler.
    const bareLead = await prepareInbound(stack, rate);
    const bareRequests = await prepareInbound(stack, count);
    globalThis.gc?.();
    const b = await openLoop(bare.url, bareRequests, rate, bareLead);
    const lead = await prepareInbound(stack, rate);
    const requests = await prepareInbound(stack, count);
    await stack.settle();
    globalThis.gc?.();
    const p = await openLoop(product, requests, rate, lead);
    const lastAck = Math.max(...p.acked);
    await stack.settle();
    const drainedMs = Math.max(0, Date.now() - lastAck);
    // When each text reached the inbox rows: the first refresh of its conversation that finished
    // after the request left.
    const stored = await stack.db.sql<{ sid: string; interactionId: number }[]>`
      select carrier_message_id as sid, future_service_interaction_id as interaction_id from message_instance
      where carrier_message_id = any(${requests.map((r) => r.sid)})`;
    if (stored.length !== count) throw new Error(`expected ${count} stored messages, found ${stored.length}`);
    const index = new Map(requests.map((r, i) => [r.sid, i]));
    const refreshLags: number[] = [];
    for (const m of stored) {
      const i = index.get(m.sid)!;
      const sentAt = p.acked[i]! - p.acks[i]!;
      const refresh = stack.refreshed.find((r) => r.at >= sentAt && r.ids.includes(m.interactionId));
      refreshLags.push(refresh ? Math.max(0, refresh.at - p.acked[i]!) : Infinity);
    }
    const figures = {
      bench: 'ingest-sustained',
      database: stack.db.kind,
      rate,
      seconds,
      requests: count,
      bareAckP50: +pct(b.acks, 50).toFixed(1),
      bareAckP99: +pct(b.acks, 99).toFixed(1),
      ackP50: +pct(p.acks, 50).toFixed(1),
      ackP99: +pct(p.acks, 99).toFixed(1),
      ackMax: +Math.max(...p.acks).toFixed(1),
      inboxLagP50: +pct(refreshLags, 50).toFixed(1),
      inboxLagP99: +pct(refreshLags, 99).toFixed(1),
      inboxLagMax: +Math.max(...refreshLags).toFixed(1),
      drainedAfterLastAckMs: drainedMs,
      failures: b.failures + p.failures,
      ratio: +(pct(b.acks, 99) / pct(p.acks, 99)).toFixed(2),
    };
    appendFileSync(
      new URL('./RESULTS.md', import.meta.url),
      `\n## ingest-sustained — ${new Date().toISOString()}\n\n` +
        `- Machine: ${machine()}\n- Database: ${stackDatabase(stack)}; ` +
        `${rate} signed Twilio inbound webhooks a second for ${seconds} s (open loop, after one second of the same traffic not counted), loopback HTTP, load generator in its own thread\n` +
        `- Bare Hono + postgres.js single insert at the same rate: ack p50 ${figures.bareAckP50} ms, p99 ${figures.bareAckP99} ms\n` +
        `- Product: ack p50 ${figures.ackP50} ms, p99 ${figures.ackP99} ms, max ${figures.ackMax} ms; non-2xx: ${figures.failures}\n` +
        `- Follow-up work: acknowledgement -> inbox rows refreshed p50 ${figures.inboxLagP50} ms, p99 ${figures.inboxLagP99} ms, ` +
        `max ${figures.inboxLagMax} ms; all work done ${drainedMs} ms after the last acknowledgement\n`,
    );
    console.info(JSON.stringify(figures));
  } finally {
    await bare.close();
    await stack.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
