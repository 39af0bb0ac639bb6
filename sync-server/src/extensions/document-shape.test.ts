import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { boardDocName, keyForDrop, moveCard, readBoard, readCard, type BoardCard } from '@drivebay/shared/docs';
import { documentClients, insertWorkingOrder, seed, startSync, type Client, type Running, type Seed } from '../testing';
import { DocumentTooBig, MessageTooBig, OutsideSchema } from '../context';

let db: Database;
let data: Seed;
let running: Running;
const soon = { timeout: 5_000, interval: 20 };
let working: number;
let name: string;
const clients = documentClients(() => name, () => running, () => working);
const { open } = clients;

async function ready(client: Client): Promise<BoardCard> {
  await clients.ready(client);
  return readCard(client.doc, working)!;
}

async function storedState(): Promise<Y.Doc | null> {
  const [row] = await db.sql<{ state: Uint8Array }[]>`select state from yjs_document where name = ${name}`;
  if (!row) return null;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, row.state);
  return doc;
}

/** Closes every client and waits until the server has stored and unloaded the board. */
async function closeAll(server: Running = running): Promise<void> {
  clients.destroyAll();
  await vi.waitFor(() => expect(server.sync.hocuspocus.documents.has(name)).toBe(false), soon);
}

/** A client changes nothing more after it has been refused; a short wait shows nothing else arrives. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
  name = boardDocName(data.store1);
  working = await insertWorkingOrder(db.sql, data);
  running = await startSync(db.sql);
});

afterEach(() => clients.destroyAll());

afterAll(async () => {
  clients.destroyAll();
  await running?.close();
  await db?.close();
});

describe('documents accept only their shape', () => {
  it('refuses a new top-level type and a key that is not a card: nobody sees them and nothing stores them', async () => {
    const intruder = open(data.tokens.advisor);
    const viewer = open(data.tokens.colleague);
    await ready(intruder);
    const card = await ready(viewer);

    intruder.doc.getMap('extra').set('payload', 'x'.repeat(100_000));
    await vi.waitFor(() => expect(intruder.closeCodes).toContain(OutsideSchema.code), soon);

    const second = open(data.tokens.advisor);
    await ready(second);
    second.doc.getMap('cards').set('not-a-card', { ...card, id: 1 });
    await vi.waitFor(() => expect(second.closeCodes).toContain(OutsideSchema.code), soon);

    await settle();
    const served = running.sync.hocuspocus.documents.get(name)!;
    for (const doc of [viewer.doc, served]) {
      expect(doc.share.has('extra')).toBe(false);
      expect(doc.getMap('cards').has('not-a-card')).toBe(false);
    }
    expect(viewer.closeCodes).toEqual([]);

    await closeAll();
    const stored = (await storedState())!;
    expect(stored.share.has('extra')).toBe(false);
    expect(stored.getMap('cards').has('not-a-card')).toBe(false);
    // Reloaded, the board holds its cards (and the places moves write) and nothing else.
    const reloaded = open(data.tokens.colleague);
    await ready(reloaded);
    expect([...reloaded.doc.share.keys()].sort()).toEqual(['cards', 'places']);
    expect([...reloaded.doc.getMap('cards').keys()]).toEqual([String(working)]);
  });

  it('empties what a board stored outside its shape before shapes were enforced when it loads', async () => {
    await closeAll();
    const stored = (await storedState())!;
    stored.getMap('extra').set('payload', 'x'.repeat(100_000));
    stored.getMap('cards').set('not-a-card', { note: 'left by an older client' });
    const state = Y.encodeStateAsUpdate(stored);
    await db.sql`update yjs_document set state = ${Buffer.from(state)} where name = ${name}`;

    const viewer = open(data.tokens.colleague);
    await ready(viewer);
    expect(viewer.doc.getMap('extra').size).toBe(0);
    expect(viewer.doc.getMap('cards').has('not-a-card')).toBe(false);
    await closeAll();
    const restored = (await storedState())!;
    expect(restored.getMap('extra').size).toBe(0);
    expect(Y.encodeStateAsUpdate(restored).byteLength).toBeLessThan(10_000);
  });

  it('closes a connection that sends 2 MB or oversized presence with Message Too Big, and keeps a card no larger than a card', async () => {
    const sender = open(data.tokens.advisor);
    const viewer = open(data.tokens.colleague);
    const card = await ready(sender);
    await ready(viewer);

    sender.doc.getMap('cards').set(String(working), { ...card, customerName: 'x'.repeat(2 * 1024 * 1024) });
    await vi.waitFor(() => expect(sender.closeCodes).toContain(MessageTooBig.code), soon);

    const padder = open(data.tokens.advisor);
    await ready(padder);
    padder.doc.getMap('cards').set(String(working), { ...card, customerName: 'x'.repeat(100_000) });
    await vi.waitFor(() => expect(padder.closeCodes).toContain(OutsideSchema.code), soon);

    // Presence reaches every screen on the document, so it is capped as well.
    const loud = open(data.tokens.advisor);
    await ready(loud);
    loud.provider.setAwarenessField('note', 'z'.repeat(100_000));
    await vi.waitFor(() => expect(loud.closeCodes).toContain(MessageTooBig.code), soon);

    await settle();
    const notes = [...(viewer.provider.awareness?.getStates().values() ?? [])].filter((s) => 'note' in s);
    expect(notes).toEqual([]);
    expect(readCard(viewer.doc, working)?.customerName).toBe(card.customerName);
    await closeAll();
    expect(readCard((await storedState())!, working)?.customerName).toBe(card.customerName);
  });

  it('still takes a valid move, and refuses one that would grow the document past its limit', async () => {
    const small = await startSync(db.sql, { limits: { maxDocumentBytes: 40_000 } });
    try {
      const mover = open(data.tokens.advisor, small);
      const viewer = open(data.tokens.colleague, small);
      const card = await ready(mover);
      await ready(viewer);
      const key = keyForDrop(readBoard(mover.doc).HOLD, 0);
      moveCard(mover.doc, working, 'HOLD', key);
      await vi.waitFor(() => expect(readCard(viewer.doc, working)).toMatchObject({ lane: 'HOLD', orderKey: key }), soon);

      // Card-sized entries, each allowed alone, together past the document's limit.
      mover.doc.transact(() => {
        for (let i = 1; i <= 20; i++) mover.doc.getMap('cards').set(String(900_000 + i), { ...card, id: 900_000 + i, customerName: 'y'.repeat(3000) });
      });
      await vi.waitFor(() => expect(mover.closeCodes).toContain(DocumentTooBig.code), soon);
      await settle();
      expect(readCard(viewer.doc, 900_001)).toBeNull();
      expect(viewer.doc.getMap('cards').size).toBe(1);
    } finally {
      await closeAll(small);
      await small.close();
    }
  });
});
