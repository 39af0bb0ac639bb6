// Move-to-screen latency of the repair-order board: N people (Hocuspocus provider clients, each on
// its own WebSocket) on one store's board of ~500 cards, each moving a random card to another lane
// once a second for a bounded time; every other person's Y.Doc records when each move arrives.
// The same people and moves run against the product's sync server (authentication, the board
// projection validating every move and writing it to PostgreSQL with an audit row) and against a
// plain @y/websocket-server reference server relaying the same Yjs updates. "Screen" is the
// viewer's document: the moment the update is applied and the board observer fires, before any
// rendering. Everything shares one event loop, so the screens read a move one after another: the
// first screen's time is mostly the sender's and the server's share, and the step from one screen
// to the next is each screen's own; both are reported beside the percentiles.
//
//   node --import tsx bench/board.ts [seconds=30] [people=10] [cards=500] [rounds=10]
//
// The time is split into rounds that alternate between the product and the reference (both
// servers up, each with its own people), so a machine whose load changes during the run weighs on
// both alike. The rounds are short (3 s by default): on a shared virtual machine the speed drifts
// within seconds, and with three rounds of 10 s the ratio of one run to the next moved by 0.3.
//
// PostgreSQL when DATABASE_URL is set (a fresh database, dropped afterwards), else embedded PGlite.
// BENCH_LABEL, when set, is written with the results (which code a run measured, say).
import { appendFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { getYDoc, setupWSConnection } from '@y/websocket-server/utils';
import * as Y from 'yjs';
import { createSession, migrate, openDatabase, type Database, type Sql } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { createConsoleLogger, createSyncServer, type SyncServer } from '@drivebay/sync-server';
import {
  boardMoveProblem,
  keyForDrop,
  moveCard,
  observeBoard,
  parseBoardNotice,
  readBoard,
  readCard,
  upsertCards,
  type BoardCard,
} from '@drivebay/shared/docs';
import { seedDemo } from '../api/src/seed/demo';
import { createBoardProvider } from '../client/src/features/boards/collab/board-connection';
import { WORK_LANES, generator, machine, seedBoard } from './support';
import { queryBoardCards } from '../sync-server/src/extensions/board-cards';
import { BoardProjection } from '../sync-server/src/extensions/board-projection';

const seconds = Number(process.argv[2] ?? 30);
const peopleCount = Number(process.argv[3] ?? 10);
const cardCount = Number(process.argv[4] ?? 500);
const rounds = Math.max(1, Number(process.argv[5] ?? 10));
const STORE = 1;
// Lanes people move cards between: the open lanes, whose moves the lane rules all allow.

type Person = {
  doc: Y.Doc;
  /** Move key -> when this person's document had it. */
  arrived: Map<string, number>;
  rejected: number;
  destroy: () => void;
};

const moveKey = (card: BoardCard) => `${card.id}:${card.lane}:${card.orderKey}`;

function watch(person: Person): void {
  observeBoard(person.doc, ({ upserted }, origin) => {
    // Only what came from elsewhere counts as arriving on this screen.
    if (origin === 'self') return;
    const now = performance.now();
    for (const id of upserted) {
      const card = readCard(person.doc, id);
      if (card && !person.arrived.has(moveKey(card))) person.arrived.set(moveKey(card), now);
    }
  });
}

// --- The product: Hocuspocus with authentication and the board projection --------------------

async function startProduct(sql: Sql): Promise<{ url: string; sync: SyncServer; close: () => Promise<void> }> {
  const sync = createSyncServer({ sql, logger: createConsoleLogger('warn') });
  const extensions = sync.hocuspocus.configuration.extensions;
  if (!extensions.some((e) => e instanceof BoardProjection)) {
    extensions.splice(extensions.length - 1, 0, new BoardProjection({ sql, logger: createConsoleLogger('warn') }));
  }
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', sync.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/collab`,
    sync,
    close: async () => {
      await sync.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function productPerson(url: string, token: string, cards: number): Promise<Person> {
  const doc = new Y.Doc();
  const person: Person = { doc, arrived: new Map(), rejected: 0, destroy: () => {} };
  await new Promise<void>((resolve, reject) => {
    // The board screen's own socket and provider (client/src/features/boards/collab).
    const { socket, provider } = createBoardProvider({ url, storeId: STORE, doc, token: () => token, WebSocketPolyfill: WebSocket });
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => reject(new Error(reason)));
    provider.on('stateless', ({ payload }: { payload: string }) => {
      if (parseBoardNotice(payload)) person.rejected += 1;
    });
    provider.attach();
    person.destroy = () => {
      provider.destroy();
      socket.destroy();
    };
    const check = setInterval(() => {
      if (provider.isSynced && Object.values(readBoard(doc)).flat().length >= cards) {
        clearInterval(check);
        resolve();
      }
    }, 20);
  });
  watch(person);
  return person;
}

// --- The reference: @y/websocket-server relaying the same Yjs updates ----------------------------

const MESSAGE_SYNC = 0;
const REFERENCE_DOC = 'board';

/** The plain y-websocket server, holding the same initial board. */
async function startReference(initial: BoardCard[]): Promise<{ url: string; close: () => Promise<void> }> {
  upsertCards(getYDoc(REFERENCE_DOC), initial);
  const server: Server = createServer();
  const wss = new WebSocketServer({ server });
  wss.on('connection', (conn, req) => setupWSConnection(conn, req, { docName: REFERENCE_DOC }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/${REFERENCE_DOC}`,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A person speaking the y-websocket sync protocol (step 1, step 2, updates) over a plain socket. */
async function referencePerson(url: string, cards: number): Promise<Person> {
  const doc = new Y.Doc();
  const ws = new WebSocket(url);
  const person: Person = { doc, arrived: new Map(), rejected: 0, destroy: () => ws.terminate() };
  const send = (write: (encoder: encoding.Encoder) => void) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    write(encoder);
    if (ws.readyState === WebSocket.OPEN) ws.send(encoding.toUint8Array(encoder));
  };
  ws.on('open', () => send((e) => syncProtocol.writeSyncStep1(e, doc)));
  ws.on('message', (data: RawData) => {
    const decoder = decoding.createDecoder(new Uint8Array(data as Buffer));
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return;
    const reply = encoding.createEncoder();
    encoding.writeVarUint(reply, MESSAGE_SYNC);
    syncProtocol.readSyncMessage(decoder, reply, doc, 'remote');
    if (encoding.length(reply) > 1 && ws.readyState === WebSocket.OPEN) ws.send(encoding.toUint8Array(reply));
  });
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') send((e) => syncProtocol.writeUpdate(e, update));
  });
  await new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (Object.values(readBoard(doc)).flat().length >= cards) {
        clearInterval(check);
        resolve();
      }
    }, 20);
  });
  watch(person);
  return person;
}

// --- The run ------------------------------------------------------------------------------------

type Result = {
  p50: number;
  p95: number;
  max: number;
  moves: number;
  samples: number;
  missing: number;
  rejected: number;
  /** Medians over the moves: the first screen's time, and each further screen's time after it. */
  firstP50: number;
  perScreenP50: number;
};
/** Per move: when its first screen had it, and how much later each further screen had it on average. */
type Spread = { first: number; perScreen: number };
type Round = { latencies: number[]; spreads: Spread[]; moves: number; missing: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Every person moves a random card of a working lane to another working lane once a second. */
async function run(people: Person[], seed: number, ms: number): Promise<Round> {
  const random = generator(seed);
  const sentAt = new Map<string, { at: number; by: number }>();
  const until = performance.now() + ms;
  await Promise.all(
    people.map(async (person, index) => {
      // Staggered, so the moves of the people spread over each second.
      await new Promise((resolve) => setTimeout(resolve, (1000 / people.length) * index));
      while (performance.now() < until) {
        const board = readBoard(person.doc);
        const from = WORK_LANES[Math.floor(random() * WORK_LANES.length)]!;
        const to = WORK_LANES.filter((l) => l !== from)[Math.floor(random() * (WORK_LANES.length - 1))]!;
        const card = board[from][Math.floor(random() * board[from].length)];
        if (card && boardMoveProblem(from, to) === null) {
          const key = keyForDrop(board[to], Math.floor(random() * (board[to].length + 1)), card.id);
          sentAt.set(`${card.id}:${to}:${key}`, { at: performance.now(), by: index });
          person.doc.transact(() => moveCard(person.doc, card.id, to, key), 'self');
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const latencies: number[] = [];
  const spreads: Spread[] = [];
  let missing = 0;
  for (const [key, sent] of sentAt) {
    // The screens share one event loop with the server: they read a move one after another, so
    // the first screen's time is the server's share and the step between screens a screen's own.
    const times: number[] = [];
    people.forEach((person, index) => {
      if (index === sent.by) return;
      const at = person.arrived.get(key);
      if (at === undefined) missing += 1;
      else times.push(at - sent.at);
    });
    latencies.push(...times);
    times.sort((a, b) => a - b);
    if (times.length > 1) spreads.push({ first: times[0]!, perScreen: (times.at(-1)! - times[0]!) / (times.length - 1) });
  }
  return { latencies, spreads, moves: sentAt.size, missing };
}

function summarize(all: Round[], people: Person[]): Result {
  const latencies = all.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const spreads = all.flatMap((r) => r.spreads);
  const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
  return {
    firstP50: median(spreads.map((s) => s.first)),
    perScreenP50: median(spreads.map((s) => s.perScreen)),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? NaN,
    moves: all.reduce((n, r) => n + r.moves, 0),
    samples: latencies.length,
    missing: all.reduce((n, r) => n + r.missing, 0),
    rejected: people.reduce((n, p) => n + p.rejected, 0),
  };
}

const fmt = (r: Result) =>
  `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms ` +
  `(${r.moves} moves, ${r.samples} arrivals measured, ${r.missing} not arrived, ${r.rejected} refused by the server); ` +
  `first screen p50 ${r.firstP50.toFixed(2)} ms, each further screen ${(r.perScreenP50 * 1000).toFixed(0)} µs later (medians over the moves)`;

const db: Database = process.env.DATABASE_URL ? await createTestDatabase() : await openDatabase({ max: 1 });
try {
  if (db.kind === 'pglite') await migrate(db.sql);
  await seedDemo(db.sql);
  await seedBoard(db.sql, STORE, cardCount, 'BENCH');
  const initial = (await queryBoardCards(db.sql, { storeId: STORE })).filter((c) => c.onBoard).map((c) => c.card);
  const [user] = await db.sql<{ id: number }[]>`select id from app_user where username = 'office_manager'`;

  const product = await startProduct(db.sql);
  const productPeople: Person[] = [];
  for (let i = 0; i < peopleCount; i++) {
    const { token } = await createSession(db.sql, { userId: user!.id, ip: '127.0.0.1', userAgent: 'bench/board' });
    productPeople.push(await productPerson(product.url, token, initial.length));
  }
  const relay = await startReference(initial);
  const relayPeople: Person[] = [];
  for (let i = 0; i < peopleCount; i++) relayPeople.push(await referencePerson(relay.url, initial.length));

  // A round of each, not measured: the first moves run code neither server has run yet (the
  // people's sockets and documents, Yjs's update paths), and whichever side went first would pay
  // for warming what both share.
  const warmUpMs = Math.min(5000, seconds * 1000);
  await run(productPeople, 7, warmUpMs);
  await run(relayPeople, 7, warmUpMs);

  // Alternating rounds, the same moves (seed) for both in each round.
  const productRounds: Round[] = [];
  const relayRounds: Round[] = [];
  const roundMs = (seconds * 1000) / rounds;
  for (let r = 0; r < rounds; r++) {
    productRounds.push(await run(productPeople, 11 + r, roundMs));
    relayRounds.push(await run(relayPeople, 11 + r, roundMs));
  }
  const productResult = summarize(productRounds, productPeople);
  const relayResult = summarize(relayRounds, relayPeople);

  // The board and PostgreSQL agree once every check has run.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const stored = await db.sql<{ id: number; statusCode: string; orderKey: string }[]>`
    select id, status_code, order_key from repair_order where store_id = ${STORE} and status_code <> 'CLOSED'`;
  const shown = new Map(Object.values(readBoard(productPeople[0]!.doc)).flat().map((c) => [c.id, `${c.lane}:${c.orderKey}`]));
  const disagreements = stored.filter((r) => shown.get(r.id) !== `${r.statusCode}:${r.orderKey}`).length;
  for (const p of productPeople) p.destroy();
  await product.close();
  for (const p of relayPeople) p.destroy();
  await relay.close();

  const load = `${peopleCount} people on store ${STORE}'s board of ${initial.length} cards, each moving a card once a second for ${seconds} s, in ${rounds} rounds alternating with the reference, after a round of each not measured`;
  console.info(`database: ${db.kind}; ${load}; ${machine()}`);
  console.info(`product (Hocuspocus + validation + PostgreSQL projection): ${fmt(productResult)}; board vs PostgreSQL disagreements after: ${disagreements}`);
  console.info(`@y/websocket-server relaying the same Yjs updates: ${fmt(relayResult)}`);

  const ratioP50 = productResult.p50 / relayResult.p50;
  const ratioP95 = productResult.p95 / relayResult.p95;
  const file = new URL('./RESULTS.md', import.meta.url);
  if (!existsSync(file)) appendFileSync(file, '# Benchmark results\n\nAppended by the scripts in this folder; newest last.\n');
  appendFileSync(
    file,
    `\n## board — ${new Date().toISOString()}\n\n` +
      (process.env.BENCH_LABEL ? `- Label: ${process.env.BENCH_LABEL}\n` : '') +
      `- Machine: ${machine()}\n- Database: ${db.kind}${db.kind === 'pglite' ? ' (one pooled connection)' : ''}; ${load}; ` +
      `all clients and the server in one process, on loopback\n` +
      `- Move -> the card in every other person's document, product (Hocuspocus, authentication, every move validated and written ` +
      `to PostgreSQL with its audit row): ${fmt(productResult)}; board vs PostgreSQL disagreements after the run: ${disagreements}\n` +
      `- Same moves through the plain @y/websocket-server reference server: ` +
      `${fmt(relayResult)}\n` +
      `- Ratio product / reference: p50 ${ratioP50.toFixed(2)}, p95 ${ratioP95.toFixed(2)}\n`,
  );
  const r1 = (x: number) => Number(x.toFixed(1));
  const r2 = (x: number) => Number(x.toFixed(2));
  console.info(
    JSON.stringify({
      bench: 'board',
      ...(process.env.BENCH_LABEL ? { label: process.env.BENCH_LABEL } : {}),
      database: db.kind,
      ratio: r2(ratioP95),
      ratioP50: r2(ratioP50),
      productP50Ms: r1(productResult.p50),
      productP95Ms: r1(productResult.p95),
      relayP50Ms: r1(relayResult.p50),
      relayP95Ms: r1(relayResult.p95),
      productFirstScreenP50Ms: r2(productResult.firstP50),
      relayFirstScreenP50Ms: r2(relayResult.firstP50),
      productPerScreenUs: Math.round(productResult.perScreenP50 * 1000),
      relayPerScreenUs: Math.round(relayResult.perScreenP50 * 1000),
      disagreements,
    }),
  );
} finally {
  await db.close();
}
// Two client sockets are left half-closed once both servers have shut down, and would keep the
// process up; everything is measured, written and closed by now.
process.exit(process.exitCode ?? 0);
