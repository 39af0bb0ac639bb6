import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { boardDocName, keyForDrop, moveCard, readBoard, readCard } from '@drivebay/shared/docs';
import { documentClients, insertWorkingOrder, seed, startSync, type Client, type Running, type Seed } from './testing';
import { OutsideSchema } from './context';
import { DocumentShape } from './extensions/document-shape';
import { readPlainUpdate } from './plain-updates';

// y-protocols' sync steps, as Hocuspocus numbers them inside its Sync message.
const SYNC_UPDATE = 2;

let db: Database;
let data: Seed;
let running: Running;
const soon = { timeout: 5_000, interval: 20 };
let working: number;
let name: string;
const clients = documentClients(() => name, () => running, () => working);
const { open, ready } = clients;

/** The plain updates a client's socket delivered for its document. */
function receivedUpdates(client: Client): Uint8Array[] {
  const updates: Uint8Array[] = [];
  client.provider.on('message', ({ event }: { event: MessageEvent }) => {
    const message = readPlainUpdate(new Uint8Array(event.data as ArrayBuffer));
    if (message) updates.push(message.update);
  });
  return updates;
}

/** A Hocuspocus message for `doc`: the document name, the Sync type (0), then y-protocols' bytes. */
function syncMessage(doc: string, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, doc);
  encoding.writeVarUint(encoder, 0);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
  name = boardDocName(data.store1);
  working = await insertWorkingOrder(db.sql, data);
  running = await startSync(db.sql);
});

afterEach(() => {
  vi.restoreAllMocks();
  clients.destroyAll();
});

afterAll(async () => {
  clients.destroyAll();
  await running?.close();
  await db?.close();
});

describe('reading a plain update', () => {
  it('takes a Sync message carrying an update, and nothing else', () => {
    const doc = new Y.Doc();
    doc.getMap('cards').set('1', { id: 1 });
    const update = Y.encodeStateAsUpdate(doc);
    const plain = syncMessage('store:1:board', (e) => syncProtocol.writeUpdate(e, update));
    expect(readPlainUpdate(plain)).toEqual({ name: 'store:1:board', update });

    expect(readPlainUpdate(syncMessage('store:1:board', (e) => syncProtocol.writeSyncStep1(e, doc)))).toBeNull();
    expect(readPlainUpdate(syncMessage('store:1:board', (e) => syncProtocol.writeSyncStep2(e, doc)))).toBeNull();
    // Another message type (Awareness is 1), trailing bytes, a cut-off message.
    expect(readPlainUpdate(new Uint8Array([...plain.subarray(0, 14), 1, ...plain.subarray(15)]))).toBeNull();
    expect(readPlainUpdate(new Uint8Array([...plain, 0]))).toBeNull();
    expect(readPlainUpdate(plain.subarray(0, plain.length - 3))).toBeNull();
    expect(readPlainUpdate(new Uint8Array([]))).toBeNull();
  });
});

describe('a move on the board', () => {
  it('reaches the other screen and is acknowledged to the mover, checked without waiting and not sent back to the mover', async () => {
    const mover = open(data.tokens.advisor);
    const viewer = open(data.tokens.colleague);
    await ready(mover);
    await ready(viewer);
    // A first move settles what the connections still had under way (the handshake's checks).
    const first = keyForDrop(readBoard(mover.doc).BOOKED, 0);
    mover.doc.transact(() => moveCard(mover.doc, working, 'BOOKED', first));
    await vi.waitFor(() => expect(readCard(viewer.doc, working)).toMatchObject({ lane: 'BOOKED', orderKey: first }), soon);
    await vi.waitFor(() => expect(mover.provider.hasUnsyncedChanges).toBe(false), soon);
    const toMover = receivedUpdates(mover);
    const toViewer = receivedUpdates(viewer);
    const awaited = vi.spyOn(DocumentShape.prototype, 'beforeSync');
    const atOnce = vi.spyOn(DocumentShape.prototype, 'acceptsPlainUpdate');

    const key = keyForDrop(readBoard(mover.doc).HOLD, 0);
    mover.doc.transact(() => moveCard(mover.doc, working, 'HOLD', key));
    await vi.waitFor(() => expect(readCard(viewer.doc, working)).toMatchObject({ lane: 'HOLD', orderKey: key }), soon);
    // The server's acknowledgement counts the mover's change off as synced.
    await vi.waitFor(() => expect(mover.provider.hasUnsyncedChanges).toBe(false), soon);

    expect(atOnce).toHaveBeenCalledTimes(1);
    expect(awaited.mock.calls.filter(([payload]) => payload.type === SYNC_UPDATE)).toHaveLength(0);
    expect(toViewer).toHaveLength(1);
    expect(toMover).toHaveLength(0);
    // PostgreSQL gets the move as before (the projection's check runs after the relay).
    await vi.waitFor(async () => {
      const [row] = await db.sql<{ statusCode: string; orderKey: string }[]>`select status_code, order_key from repair_order where id = ${working}`;
      expect(row).toEqual({ statusCode: 'HOLD', orderKey: key });
    }, soon);
  });

  it("debounces the document's store after a move, and runs onChange hooks only where an extension has one", async () => {
    const mover = open(data.tokens.advisor);
    const viewer = open(data.tokens.colleague);
    await ready(mover);
    await ready(viewer);
    const { hocuspocus } = running.sync;
    // A store left waiting by the moves before runs now, so this move starts the next one.
    const storeId = `onStoreDocument-${name}`;
    await hocuspocus.debouncer.executeNow(storeId);
    const stored = vi.spyOn(hocuspocus, 'storeDocumentHooks');
    const hooks = vi.spyOn(hocuspocus, 'hooks');

    const key = keyForDrop(readBoard(mover.doc).BOOKED, 0);
    mover.doc.transact(() => moveCard(mover.doc, working, 'BOOKED', key));
    await vi.waitFor(() => expect(readCard(viewer.doc, working)).toMatchObject({ lane: 'BOOKED', orderKey: key }), soon);
    expect(stored).toHaveBeenCalledWith(expect.objectContaining({ name }), expect.objectContaining({ documentName: name, lastTransactionOrigin: expect.objectContaining({ source: 'connection' }) }));
    expect(hooks.mock.calls.filter(([hook]) => hook === 'onChange')).toHaveLength(0);
    expect(hocuspocus.debouncer.isDebounced(storeId)).toBe(true);

    // The next move finds that store waiting and only renews its wait.
    const again = keyForDrop(readBoard(mover.doc).BOOKED, 0);
    mover.doc.transact(() => moveCard(mover.doc, working, 'BOOKED', again));
    await vi.waitFor(() => expect(readCard(viewer.doc, working)).toMatchObject({ lane: 'BOOKED', orderKey: again }), soon);
    expect(stored).toHaveBeenCalledTimes(1);
    expect(hocuspocus.debouncer.isDebounced(storeId)).toBe(true);

    // An extension that listens (the Redis fan-out does) hears every change, as Hocuspocus tells it.
    const heard: { documentName: string; update: Uint8Array }[] = [];
    const { extensions } = hocuspocus.configuration;
    const listener = { extensionName: 'test-listener', onChange: async (payload: { documentName: string; update: Uint8Array }) => void heard.push(payload) };
    extensions.splice(extensions.length - 1, 0, listener);
    try {
      const next = keyForDrop(readBoard(mover.doc).HOLD, 0);
      mover.doc.transact(() => moveCard(mover.doc, working, 'HOLD', next));
      await vi.waitFor(() => expect(readCard(viewer.doc, working)).toMatchObject({ lane: 'HOLD', orderKey: next }), soon);
      await vi.waitFor(() => expect(heard).toHaveLength(1), soon);
      expect(heard[0]).toMatchObject({ documentName: name });
      expect(heard[0]!.update.byteLength).toBeGreaterThan(0);
    } finally {
      extensions.splice(extensions.indexOf(listener), 1);
    }
  });

  it('goes the awaited way when the session has not been checked lately, and a write outside the shape is still refused there', async () => {
    const mover = open(data.tokens.advisor);
    const viewer = open(data.tokens.colleague);
    await ready(mover);
    await ready(viewer);
    const guard = running.sync.hocuspocus.configuration.extensions.find((e) => e.extensionName === 'drivebay-session-guard') as unknown as {
      acceptsPlainUpdate: () => boolean;
    };
    vi.spyOn(guard, 'acceptsPlainUpdate').mockReturnValue(false);
    const awaited = vi.spyOn(DocumentShape.prototype, 'beforeSync');

    const key = keyForDrop(readBoard(mover.doc).ASSIGNED, 0);
    mover.doc.transact(() => moveCard(mover.doc, working, 'ASSIGNED', key));
    await vi.waitFor(() => expect(readCard(viewer.doc, working)).toMatchObject({ lane: 'ASSIGNED', orderKey: key }), soon);
    expect(awaited.mock.calls.filter(([payload]) => payload.type === SYNC_UPDATE)).toHaveLength(1);

    vi.restoreAllMocks();
    mover.doc.getMap('cards').set('not-a-card', { id: 1 });
    await vi.waitFor(() => expect(mover.closeCodes).toContain(OutsideSchema.code), soon);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(viewer.doc.getMap('cards').has('not-a-card')).toBe(false);
  });
});
