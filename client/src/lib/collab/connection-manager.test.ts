// The connection manager against a real Hocuspocus server on port 0, over real WebSockets. The
// server here is the smallest one with the product's contract: token check, per-store refusal,
// read-only inbox connections, rows written server-side only.
import type { Server } from 'node:http';
import { Hocuspocus } from '@hocuspocus/server';
import { serveHocuspocus } from './test-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { inboxDocName, readInboxRows, upsertInboxRows, type InboxRow } from '@drivebay/shared/docs';
import { CollabManager } from './connection-manager';
import type { DocHandle } from './connection-manager';
import type { SocketState } from './connection-status';
import { parsePresence } from './presence';

const TOKEN = 'good-token';
const FORBIDDEN_STORE = 2;

function row(id: number): InboxRow {
  const at = new Date(Date.UTC(2024, 6, 1, 12, id)).toISOString();
  return {
    interactionId: id,
    storeId: 1,
    serviceType: 'OIL_CHANGE',
    customer: { id, firstName: `F${id}`, lastName: 'L', cellular: null, email: null, custno: `C${id}` },
    vehicle: null,
    latestMessage: { id: id * 10, content: 'hi', createdOn: at, direction: 'RECEIVED', messageType: 'SMS', messageStatus: null },
    lastMessageReceivedDate: null,
    totalInboundCount: 1,
    totalUnreadCount: 1,
    responseReqd: true,
    aiEnabled: true,
    marks: [],
    convClosed: false,
    appointmentSet: false,
    updatedOn: at,
  };
}

let http: Server;
let hocuspocus: Hocuspocus;
let url: string;
/** What a document holds when the server (re)creates it. */
let seedRows: InboxRow[];
let managers: CollabManager[];
let wss: WebSocketServer;

beforeEach(async () => {
  seedRows = [row(1), row(2)];
  managers = [];
  hocuspocus = new Hocuspocus({
    quiet: true,
    extensions: [
      {
        async onAuthenticate({ token, documentName }) {
          if (token !== TOKEN) throw Object.freeze({ code: 4401, reason: 'Unauthorized' });
          if (documentName === inboxDocName(FORBIDDEN_STORE)) throw Object.freeze({ code: 4403, reason: 'Forbidden' });
        },
        async onConnect({ connectionConfig }) {
          connectionConfig.readOnly = true;
        },
        async onLoadDocument({ document }) {
          upsertInboxRows(document, seedRows);
        },
      },
    ],
  });
  ({ http, wss, url } = await serveHocuspocus(hocuspocus));
});

afterEach(async () => {
  for (const m of managers) m.closeAll();
  hocuspocus.closeConnections();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

function manager(options: { token?: string; onUnauthorized?: () => void; onSocketState?: (state: SocketState) => void } = {}): CollabManager {
  const m = new CollabManager({
    url,
    token: () => options.token ?? TOKEN,
    storageName: () => null,
    onUnauthorized: options.onUnauthorized ?? (() => {}),
    WebSocketPolyfill: WebSocket,
    lingerMs: 0,
    retryDelayMs: 50,
    onSocketState: options.onSocketState,
  });
  managers.push(m);
  return m;
}

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ids = (handle: DocHandle) => readInboxRows(handle.doc()).map((r) => r.interactionId);

describe('CollabManager', () => {
  it('syncs an inbox, goes online and receives the server’s later writes', async () => {
    const handle = manager().open(inboxDocName(1));
    expect(handle.state()).toMatchObject({ status: 'connecting', loaded: false, error: null });
    await until(() => handle.state().status === 'online', 'online');
    expect(handle.state().loaded).toBe(true);
    expect(ids(handle)).toEqual([2, 1]);

    const direct = await hocuspocus.openDirectConnection(inboxDocName(1));
    await direct.transact((doc) => upsertInboxRows(doc, [row(3)]));
    await until(() => ids(handle).length === 3, 'the new row');
    expect(ids(handle)).toEqual([3, 2, 1]);
    await direct.disconnect();
  });

  it('shares one document per name and closes it, and the socket, with the last release', async () => {
    const m = manager();
    const first = m.open(inboxDocName(1));
    const second = m.open(inboxDocName(1));
    const other = m.open(inboxDocName(3));
    expect(first.doc()).toBe(second.doc());
    await until(() => first.state().status === 'online' && other.state().status === 'online', 'both online');
    expect(hocuspocus.getConnectionsCount()).toBe(1);

    first.release();
    first.release(); // a second release of the same handle does nothing
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(m.openNames().sort()).toEqual([inboxDocName(1), inboxDocName(3)]);
    second.release();
    other.release();
    await until(() => m.openNames().length === 0, 'documents closed');
    await until(() => hocuspocus.getConnectionsCount() === 0, 'socket closed');
  });

  it('never sends a client edit: the server keeps its rows', async () => {
    const handle = manager().open(inboxDocName(1));
    await until(() => handle.state().status === 'online', 'online');
    handle.doc().getMap('rows').delete('1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const direct = await hocuspocus.openDirectConnection(inboxDocName(1));
    let serverIds: number[] = [];
    await direct.transact((doc) => {
      serverIds = readInboxRows(doc).map((r) => r.interactionId);
    });
    expect(serverIds).toEqual([2, 1]);
    await direct.disconnect();
  });

  it('reports a store outside the scope and keeps nothing of it', async () => {
    const handle = manager().open(inboxDocName(FORBIDDEN_STORE));
    await until(() => handle.state().error !== null, 'the refusal');
    expect(handle.state().error?.kind).toBe('forbidden');
    expect(handle.state().loaded).toBe(false);
    expect(ids(handle)).toEqual([]);
  });

  it('ends the session when the server refuses the token', async () => {
    let ended = 0;
    manager({ token: 'expired', onUnauthorized: () => (ended += 1) }).open(inboxDocName(1));
    await until(() => ended > 0, 'the session end');
  });

  it('drops a local copy that holds history the server no longer has', async () => {
    const handle = manager().open(inboxDocName(1));
    await until(() => handle.state().status === 'online', 'online');
    const before = handle.doc();
    expect(ids(handle)).toEqual([2, 1]);

    // The server closes and loses the document (no persistence here) and rebuilds it with other
    // rows: the client's copy now carries rows 1 and 2 from a history the server does not know.
    seedRows = [row(5)];
    hocuspocus.closeConnections();
    await until(() => handle.doc() !== before, 'the copy to be replaced');
    await until(() => handle.state().status === 'online' && ids(handle).length > 0, 'online again');
    expect(ids(handle)).toEqual([5]);
  });

  it('relays presence between read-only connections and drops it when a client leaves', async () => {
    const olivia = manager().open(inboxDocName(1));
    const sam = manager().open(inboxDocName(1));
    await until(() => olivia.state().status === 'online' && sam.state().status === 'online', 'both online');

    olivia.setPresence({ user: { id: 7, name: 'Olivia Martinez' }, viewing: 1, typing: null });
    await until(() => parsePresence(sam.presenceStates(), 8).length === 1, 'Olivia seen by Sam');
    expect(parsePresence(sam.presenceStates(), 8)).toEqual([{ userId: 7, name: 'Olivia Martinez', viewing: [1], typing: [] }]);

    let changes = 0;
    const stop = sam.subscribePresence(() => (changes += 1));
    olivia.setPresence({ user: { id: 7, name: 'Olivia Martinez' }, viewing: 1, typing: 1 });
    await until(() => parsePresence(sam.presenceStates(), 8)[0]?.typing[0] === 1, 'Olivia typing');
    expect(changes).toBeGreaterThan(0);
    // Nobody is shown to themselves: Sam's own state is not among the peers he reads.
    sam.setPresence({ user: { id: 8, name: 'Sam Lee' }, viewing: 2, typing: null });
    await until(() => parsePresence(olivia.presenceStates(), 7).length === 1, 'Sam seen by Olivia');
    expect(parsePresence(sam.presenceStates(), 8).map((p) => p.userId)).toEqual([7]);

    olivia.release();
    await until(() => parsePresence(sam.presenceStates(), 8).length === 0, 'Olivia gone');
    stop();
  });

  it('reports the socket as connecting, connected, disconnected and idle', async () => {
    const seen: SocketState[] = [];
    const m = manager({ onSocketState: (state) => seen.push(state) });
    const handle = m.open(inboxDocName(1));
    await until(() => handle.state().status === 'online', 'online');
    // The network drops: the socket itself goes, not just a document.
    for (const client of wss.clients) client.terminate();
    await until(() => seen.includes('disconnected'), 'the drop');
    await until(() => seen.lastIndexOf('connected') > seen.indexOf('disconnected'), 'the reconnect');
    handle.release();
    await until(() => seen.at(-1) === 'idle', 'idle after the last document');
    expect(seen[0]).toBe('connecting');
  });
});
