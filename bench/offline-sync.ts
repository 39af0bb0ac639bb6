// A service drive's Wi-Fi comes back: N tablets (Hocuspocus provider clients, each on its own
// WebSocket, each signed in with its own session) have the store's repair-order board open, lose
// the connection, make E board edits each while offline, and reconnect at the same moment. Measured:
// the time until every tablet and the server hold the same document, and the bytes on the wire
// during that catch-up (counted on each tablet's WebSocket, both ways), against what sending the
// full document state would cost (each tablet uploading its whole document and downloading the
// server's). Runs the board screen's own socket and provider (`createBoardProvider`) against the
// product's sync server (authentication, every move validated and projected into PostgreSQL with
// its audit row). Going offline and back is the socket's disconnect() and connect(), as the
// screen's 'online' handler does.
//
//   node --import tsx bench/offline-sync.ts [tablets=20] [edits=50] [cards=500]
//
// PostgreSQL when DATABASE_URL is set (a fresh database, dropped afterwards), else embedded PGlite.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketStatus, type HocuspocusProvider, type HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket, type RawData } from 'ws';
import * as Y from 'yjs';
import { createSession, migrate, openDatabase, type Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { createConsoleLogger, createSyncServer } from '@drivebay/sync-server';
import { boardDocName, keyForDrop, moveCard, readBoard } from '@drivebay/shared/docs';
import { createBoardProvider } from '../client/src/features/boards/collab/board-connection';
import { seedDemo } from '../api/src/seed/demo';
import { WORK_LANES, generator, machine, seedBoard } from './support';
import { queryBoardCards } from '../sync-server/src/extensions/board-cards';

const tabletCount = Number(process.argv[2] ?? 20);
const editsEach = Number(process.argv[3] ?? 50);
const cardCount = Number(process.argv[4] ?? 500);
const STORE = 1;
// Moves between these lanes are all allowed by the lane rules, so no edit is refused on purpose.
// Converged means: identical for this long (a server repair of a conflicting move would show).
const STABLE_MS = 500;
const CONVERGE_TIMEOUT_MS = 120_000;

type Wire = { sent: number; received: number };

/** The `ws` WebSocket, counting every byte this tablet sends and receives. */
function countingWebSocket(wire: Wire) {
  return class CountingWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.on('message', (data: RawData) => {
        wire.received += Array.isArray(data) ? data.reduce((n, b) => n + b.byteLength, 0) : (data as Buffer | ArrayBuffer).byteLength;
      });
    }

    override send(data: unknown, ...rest: unknown[]): void {
      if (data instanceof Uint8Array || data instanceof ArrayBuffer) wire.sent += data.byteLength;
      else if (typeof data === 'string') wire.sent += Buffer.byteLength(data);
      (super.send as (...a: unknown[]) => void)(data, ...rest);
    }
  };
}

type Tablet = { doc: Y.Doc; socket: HocuspocusProviderWebsocket; provider: HocuspocusProvider; wire: Wire };

async function tablet(url: string, token: string, cardCount: number): Promise<Tablet> {
  const wire: Wire = { sent: 0, received: 0 };
  const doc = new Y.Doc();
  // The board screen's own socket and provider (client/src/features/boards/collab).
  const { socket, provider } = createBoardProvider({ url, storeId: STORE, doc, token: () => token, WebSocketPolyfill: countingWebSocket(wire) });
  provider.attach();
  await until(() => provider.isSynced && Object.values(readBoard(doc)).flat().length >= cardCount, 'the first sync', 60_000);
  return { doc, socket, provider, wire };
}

async function until(check: () => boolean, what: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sameVector = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const db: Database = process.env.DATABASE_URL ? await createTestDatabase() : await openDatabase({ max: 1 });
try {
  if (db.kind === 'pglite') await migrate(db.sql);
  await seedDemo(db.sql);
  await seedBoard(db.sql, STORE, cardCount, 'SYNC');
  const onBoard = (await queryBoardCards(db.sql, { storeId: STORE })).filter((c) => c.onBoard).length;
  const [user] = await db.sql<{ id: number }[]>`select id from app_user where username = 'office_manager'`;

  const sync = createSyncServer({ sql: db.sql, logger: createConsoleLogger('warn') });
  const http = createServer((_req, res) => res.writeHead(404).end());
  http.on('upgrade', sync.handleUpgrade);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/collab`;

  const tablets: Tablet[] = [];
  for (let i = 0; i < tabletCount; i++) {
    const { token } = await createSession(db.sql, { userId: user!.id, ip: '127.0.0.1', userAgent: 'bench/offline-sync' });
    tablets.push(await tablet(url, token, onBoard));
  }
  const cards = Object.values(readBoard(tablets[0]!.doc)).flat().length;

  const serverDoc = () => sync.hocuspocus.documents.get(boardDocName(STORE));
  const serverBefore = Y.encodeStateVector(serverDoc()!);

  // The Wi-Fi drops: every tablet keeps working on its own copy.
  for (const t of tablets) t.socket.disconnect();
  await until(() => tablets.every((t) => t.socket.status === WebSocketStatus.Disconnected), 'every tablet offline', 10_000);
  const random = generator(7);
  let edits = 0;
  for (const t of tablets) {
    for (let e = 0; e < editsEach; e++) {
      const board = readBoard(t.doc);
      const from = WORK_LANES[Math.floor(random() * WORK_LANES.length)]!;
      const to = WORK_LANES.filter((l) => l !== from)[Math.floor(random() * (WORK_LANES.length - 1))]!;
      const card = board[from][Math.floor(random() * board[from].length)];
      if (!card) continue;
      moveCard(t.doc, card.id, to, keyForDrop(board[to], Math.floor(random() * (board[to].length + 1)), card.id));
      edits += 1;
    }
  }
  // What "send the whole document" would upload: every tablet's full state as it reconnects; and
  // the least any protocol could upload: each tablet's own edits as one Yjs update.
  const fullUpload = tablets.reduce((n, t) => n + Y.encodeStateAsUpdate(t.doc).byteLength, 0);
  const ownEdits = tablets.reduce((n, t) => n + Y.encodeStateAsUpdate(t.doc, serverBefore).byteLength, 0);
  for (const t of tablets) t.wire = Object.assign(t.wire, { sent: 0, received: 0 });

  // The access point is back: every tablet reconnects at once.
  const started = performance.now();
  for (const t of tablets) void t.socket.connect();
  let stableSince: number | null = null;
  let convergedAt = 0;
  await until(
    () => {
      const server = serverDoc();
      if (!server) return false;
      const vector = Y.encodeStateVector(server);
      const converged = tablets.every((t) => sameVector(Y.encodeStateVector(t.doc), vector));
      const now = performance.now();
      if (!converged) {
        stableSince = null;
        return false;
      }
      if (stableSince === null) {
        stableSince = now;
        convergedAt = now;
      }
      return now - stableSince >= STABLE_MS;
    },
    'convergence',
    CONVERGE_TIMEOUT_MS,
  );
  const convergeMs = convergedAt - started;
  const sent = tablets.reduce((n, t) => n + t.wire.sent, 0);
  const received = tablets.reduce((n, t) => n + t.wire.received, 0);
  const finalState = Y.encodeStateAsUpdate(serverDoc()!).byteLength;
  const fullDownload = finalState * tablets.length;
  const boards = new Set(tablets.map((t) => JSON.stringify(readBoard(t.doc))));
  const serverBoard = JSON.stringify(readBoard(serverDoc()!));
  const identical = boards.size === 1 && boards.has(serverBoard);

  for (const t of tablets) {
    t.provider.destroy();
    t.socket.destroy();
  }
  await sync.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));

  const load = `${tablets.length} tablets on store ${STORE}'s board of ${cards} cards, offline with ${editsEach} card moves each (${edits} in all), reconnecting at once`;
  const lines = [
    `- Machine: ${machine()}`,
    `- Database: ${db.kind}${db.kind === 'pglite' ? ' (one pooled connection)' : ''}; ${load}; all clients and the server in one process, on loopback`,
    `- Reconnect -> every tablet and the server hold the same document (state vectors equal, boards identical: ${identical}): ${convergeMs.toFixed(0)} ms`,
    `- Bytes on the tablets' WebSockets during the catch-up: sent ${kb(sent)}, received ${kb(received)} (total ${kb(sent + received)}; includes authentication and awareness); the tablets' own edits as one update each: ${kb(ownEdits)} (${(ownEdits / Math.max(1, edits)).toFixed(0)} B per move)`,
    `- Sending the full document state instead: upload ${kb(fullUpload)} (each tablet's whole document), download ${kb(fullDownload)} (the final ${kb(finalState)} document to each tablet), total ${kb(fullUpload + fullDownload)}; the sync protocol's diffs are ${((100 * (sent + received)) / (fullUpload + fullDownload)).toFixed(1)} % of that`,
  ];
  console.info(lines.join('\n'));
  appendFileSync(new URL('./RESULTS.md', import.meta.url), `\n## offline-sync — ${new Date().toISOString()}\n\n${lines.join('\n')}\n`);
  console.info(
    JSON.stringify({
      bench: 'offline-sync',
      database: db.kind,
      ratio: Number(((sent + received) / (fullUpload + fullDownload)).toFixed(3)),
      catchUpBytes: sent + received,
      fullStateBytes: fullUpload + fullDownload,
      convergeMs: Math.round(convergeMs),
      identical,
      tablets: tablets.length,
      edits,
    }),
  );
} finally {
  await db.close();
}
