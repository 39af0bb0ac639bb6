// The board's provider against a real Hocuspocus server on port 0, over real WebSockets: what it
// reads off the socket itself must leave the document, the unsynced count and the events exactly as
// the stock provider would.
import type { Server } from 'node:http';
import { Hocuspocus } from '@hocuspocus/server';
import { serveHocuspocus } from '../../../lib/collab/test-server';
import * as encoding from 'lib0/encoding';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { boardDocName, moveCard, readCard, upsertCards, type BoardCard } from '@drivebay/shared/docs';
import { createBoardProvider } from './board-connection';
import { readBoardMessage } from './board-provider';

const STORE = 1;
const NAME = boardDocName(STORE);

function card(id: number): BoardCard {
  return {
    id,
    roNumber: `RO-${id}`,
    lane: 'ASSIGNED',
    orderKey: `V${id}`,
    customerName: `Customer ${id}`,
    vehicle: null,
    advisorName: null,
    promisedDate: null,
    unreadCount: 0,
    updatedOn: new Date(Date.UTC(2024, 6, 1)).toISOString(),
  };
}

function message(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, NAME);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

describe('readBoardMessage', () => {
  const update = new Uint8Array([0, 0]);

  it('reads a plain update and an acknowledgement, and leaves everything else to the provider', () => {
    expect(readBoardMessage(message((e) => (encoding.writeVarUint(e, 0), syncProtocol.writeUpdate(e, update))))).toEqual({ kind: 'update', update });
    expect(readBoardMessage(message((e) => (encoding.writeVarUint(e, 8), encoding.writeVarInt(e, 1))))).toEqual({ kind: 'applied' });
    const others = [
      // Not applied (a read-only connection's write), handshake steps, presence, a stateless notice.
      message((e) => (encoding.writeVarUint(e, 8), encoding.writeVarInt(e, 0))),
      message((e) => (encoding.writeVarUint(e, 0), syncProtocol.writeSyncStep1(e, new Y.Doc()))),
      message((e) => (encoding.writeVarUint(e, 0), encoding.writeVarUint(e, 1), encoding.writeVarUint8Array(e, update))),
      message((e) => (encoding.writeVarUint(e, 4), encoding.writeVarUint(e, 2), encoding.writeVarUint8Array(e, update))),
      message((e) => (encoding.writeVarUint(e, 1), encoding.writeVarUint8Array(e, new Uint8Array([0])))),
      message((e) => (encoding.writeVarUint(e, 5), encoding.writeVarString(e, '{}'))),
      // Cut short, and a ping.
      message((e) => (encoding.writeVarUint(e, 0), encoding.writeVarUint(e, 2), encoding.writeVarUint(e, 40))),
      new Uint8Array([9]),
    ];
    for (const data of others) expect(readBoardMessage(data)).toBeNull();
  });
});

let http: Server;
let hocuspocus: Hocuspocus;
let url: string;
const destroys: (() => void)[] = [];

beforeEach(async () => {
  hocuspocus = new Hocuspocus({
    quiet: true,
    extensions: [
      {
        async onLoadDocument({ document }) {
          upsertCards(document, [card(1), card(2)]);
        },
      },
    ],
  });
  ({ http, url } = await serveHocuspocus(hocuspocus));
});

afterEach(async () => {
  for (const destroy of destroys.splice(0)) destroy();
  hocuspocus.closeConnections();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function screen() {
  const doc = new Y.Doc();
  const { socket, provider } = createBoardProvider({ url, storeId: STORE, doc, token: () => 'token', WebSocketPolyfill: WebSocket });
  provider.attach();
  destroys.push(() => {
    provider.destroy();
    socket.destroy();
  });
  const origins: unknown[] = [];
  doc.on('update', (_update: Uint8Array, origin: unknown) => origins.push(origin));
  const stateless: string[] = [];
  provider.on('stateless', ({ payload }: { payload: string }) => stateless.push(payload));
  return { doc, provider, origins, stateless };
}

describe('BoardProvider', () => {
  it('applies the others’ moves as the provider’s own, counts off its acknowledged changes and passes the rest on', async () => {
    const mover = screen();
    const viewer = screen();
    await until(() => mover.provider.isSynced && viewer.provider.isSynced, 'both synced');
    expect(readCard(viewer.doc, 1)?.lane).toBe('ASSIGNED');
    await until(() => !mover.provider.hasUnsyncedChanges, 'the handshake acknowledged');

    viewer.origins.length = 0;
    moveCard(mover.doc, 1, 'HOLD', 'V5');
    expect(mover.provider.hasUnsyncedChanges).toBe(true);
    await until(() => readCard(viewer.doc, 1)?.lane === 'HOLD', 'the move on the other screen');
    expect(readCard(viewer.doc, 1)?.orderKey).toBe('V5');
    expect(viewer.origins).toEqual([viewer.provider]);
    await until(() => !mover.provider.hasUnsyncedChanges, 'the move acknowledged');
    expect(mover.provider.unsyncedChanges).toBe(0);

    // A stateless notice is not one of the two: it still reaches the provider's listeners.
    hocuspocus.documents.get(boardDocName(STORE))!.broadcastStateless('notice');
    await until(() => viewer.stateless.length === 1 && mover.stateless.length === 1, 'the notice on both screens');
    expect(viewer.stateless).toEqual(['notice']);
  });
});
