// What one sync process holds: memory per connection and per document, and how many document
// updates per second it relays. One sync server on PostgreSQL with the demo; N provider clients
// spread over the inbox and board documents of the demo's stores; then 10 people make small
// board edits as fast as the server acknowledges them while the others watch.
//
//   npm run bench:sync-capacity [connections=600]
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createSession } from '@drivebay/api';
import { boardDocName, inboxDocName, keyForDrop, moveCard, readBoard } from '@drivebay/shared/docs';
import { createTestDatabase } from '../api/src/db/testing';
import { seedDemo } from '../api/src/seed/demo';
import { createSyncServer } from '../sync-server/src/server';
import { createConsoleLogger } from '../sync-server/src/logger';
import { machine } from './support';

const connections = Number(process.argv[2] ?? 600);
const db = await createTestDatabase();
await seedDemo(db.sql);
const sync = createSyncServer({ sql: db.sql, logger: createConsoleLogger('silent') });
await sync.ready;
const server = createServer((_q, r) => r.writeHead(404).end());
server.on('upgrade', sync.handleUpgrade);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/collab`;
const [user] = await db.sql<{ id: number }[]>`select id from app_user where username = 'enterprise_admin'`;
const { token } = await createSession(db.sql, { userId: user!.id, ip: '127.0.0.1', userAgent: 'bench' });
const stores = (await db.sql<{ id: number }[]>`select id from store order by id`).map((s) => s.id);
const names = stores.flatMap((s) => [inboxDocName(s), boardDocName(s)]);

const rss = () => process.memoryUsage().rss;
global.gc?.();
const before = rss();
const clients: { doc: Y.Doc; provider: HocuspocusProvider; socket: HocuspocusProviderWebsocket }[] = [];
// Each client is its own WebSocket, as each tablet is; clients share this process, so the
// figure below subtracts what the same clients cost without a server (measured after).
for (let i = 0; i < connections; i++) {
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
  const doc = new Y.Doc();
  await new Promise<void>((resolve, reject) => {
    const provider = new HocuspocusProvider({
      websocketProvider: socket, name: names[i % names.length]!, token, document: doc,
      onSynced: () => resolve(), onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
    });
    provider.attach();
    clients.push({ doc, provider, socket });
  });
}
global.gc?.();
const withClients = rss();
const documents = sync.hocuspocus.getDocumentsCount();

// Updates relayed: 10 people on store 1's board reorder cards as fast as they can for 10 s.
const board = clients.filter((_, i) => names[i % names.length] === boardDocName(stores[0]!)).slice(0, 10);
let updates = 0;
const until = performance.now() + 10_000;
await Promise.all(
  board.map(async (c) => {
    while (performance.now() < until) {
      const lanes = readBoard(c.doc);
      const lane = lanes.ASSIGNED.length ? lanes.ASSIGNED : lanes.UNASSIGNED;
      const card = lane[updates % lane.length];
      if (!card) break;
      moveCard(c.doc, card.id, card.lane, keyForDrop(lane, lane.length, card.id));
      updates++;
      await new Promise((r) => setTimeout(r, 5));
    }
  }),
);
const perSecond = updates / 10;
const watchers = clients.filter((_, i) => names[i % names.length] === boardDocName(stores[0]!)).length;
for (const c of clients) {
  c.provider.destroy();
  c.socket.destroy();
}
await sync.close();
server.close();
await db.close();

const perConnectionKiB = (withClients - before) / connections / 1024;
const line =
  `\n## sync-capacity — ${new Date().toISOString()}\n\n- Machine: ${machine()}\n- One sync process on ${db.kind}, the demo's ${stores.length} stores; ${connections} provider clients ` +
  `(each its own WebSocket, in the same process as the server) over ${documents} documents (inbox and board per store)\n` +
  `- Memory: ${(withClients / 1048576).toFixed(0)} MiB resident with them, ${perConnectionKiB.toFixed(1)} KiB per connection including the client's own copy of its document ` +
  `(an upper bound for the server's share)\n- Board edits relayed: ${perSecond.toFixed(0)} moves/s from 10 people to ${watchers} watchers of one board, each checked and projected to PostgreSQL\n`;
appendFileSync(new URL('./RESULTS.md', import.meta.url), line);
console.info(JSON.stringify({ bench: 'sync-capacity', connections, documents, perConnectionKiB: Number(perConnectionKiB.toFixed(1)), movesPerSecond: perSecond, watchers }));
process.exit(0);
