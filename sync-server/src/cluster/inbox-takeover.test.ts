// A sync process dies after writing inbox rows into the document and before storing them; the
// screens that stayed open hold those rows. The process taking over rebuilds the inbox from
// PostgreSQL, and every screen, the ones that stayed open included, converges to PostgreSQL's rows.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { inboxDocName, readInboxRow, readInboxRows, upsertInboxRows, type InboxRow } from '@drivebay/shared/docs';
import { queryInboxRows } from '../inbox/query-inbox-rows';
import { connect, seed, silent, startSync, type Client, type Running, type Seed } from '../testing';

let db: Database;
let data: Seed;
const clients: Client[] = [];
const servers: Running[] = [];
const soon = { timeout: 5_000, interval: 20 };

function open(server: Running, token: string): Client {
  const client = connect(server.url, inboxDocName(data.store1), token, { reconnect: true });
  clients.push(client);
  return client;
}

async function start(port?: number): Promise<Running> {
  const r = await startSync(db.sql, port === undefined ? {} : { port });
  servers.push(r);
  return r;
}

/** PostgreSQL's rows of store 1, as a process rebuilding the inbox computes them. */
async function databaseRows(): Promise<Map<number, InboxRow>> {
  const rows = await queryInboxRows(db.sql, { storeId: data.store1, logger: silent });
  return new Map(rows.map((r) => [r.interactionId, r]));
}

async function expectDatabaseRows(doc: Y.Doc): Promise<void> {
  const expected = await databaseRows();
  expect(readInboxRows(doc).map((r) => r.interactionId).sort()).toEqual([...expected.keys()].sort());
  for (const [id, row] of expected) expect(readInboxRow(doc, id)).toEqual(row);
}

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) await server.close();
});

afterAll(async () => {
  await db?.close();
});

describe('an inbox screen that stayed open through a sync process crash', () => {
  it('shows PostgreSQL’s rows within seconds of reconnecting, not the dead process’s', async () => {
    const name = inboxDocName(data.store1);
    const { active, quiet, closed } = data.interactions;
    const a = await start();
    const port = Number(new URL(a.url).port);
    const screen = open(a, data.tokens.advisor);
    await vi.waitFor(() => expect(readInboxRows(screen.doc)).toHaveLength(2), soon);

    // What process A has stored: everything up to here.
    const held = a.sync.hocuspocus.documents.get(name)!;
    const storedByA = Y.encodeStateAsUpdate(held);
    const activeRow = readInboxRow(held, active)!;
    const quietRow = readInboxRow(held, quiet)!;

    // A writes three rows into the document, its screens receive them, and it dies before storing:
    // one whose database row does not change (the document A stored already matches it), one whose
    // conversation gets a new text meanwhile, and one of a conversation the database has closed.
    const direct = await a.sync.hocuspocus.openDirectConnection(name, {});
    await direct.transact((doc) =>
      upsertInboxRows(doc, [
        { ...activeRow, totalUnreadCount: 42, responseReqd: false },
        { ...quietRow, totalInboundCount: 9, latestMessage: null },
        { ...activeRow, interactionId: closed, totalUnreadCount: 3 },
      ]),
    );
    await vi.waitFor(() => {
      expect(readInboxRow(screen.doc, active)?.totalUnreadCount).toBe(42);
      expect(readInboxRow(screen.doc, quiet)?.totalInboundCount).toBe(9);
      expect(readInboxRow(screen.doc, closed)).not.toBeNull();
    }, soon);
    await direct.disconnect();
    await a.close();
    servers.splice(servers.indexOf(a), 1);
    // The crash: whatever A stored on the way out is not there; the stored inbox is what A had
    // stored before those writes.
    await db.sql`update yjs_document set state = ${Buffer.from(storedByA)}, version = version + 1 where name = ${name}`;

    // A text arrives for the quiet conversation while no process holds the inbox.
    await db.sql`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
      values (${quiet}, ${data.store1}, ${data.customers.alan}, 'Is the loaner still free?', 'RECEIVED', 'SMS', now())`;
    await db.sql`
      update future_service_interaction set total_inbound_count = total_inbound_count + 1,
        total_unread_count = total_unread_count + 1, last_message_received_date = now(), updated_on = now()
      where id = ${quiet}`;

    // Process B takes over the address (as the proxy sends the store to it); the screen reconnects.
    const b = await start(port);
    await vi.waitFor(() => expectDatabaseRows(screen.doc), soon);
    expect(readInboxRow(screen.doc, quiet)?.latestMessage?.content).toBe('Is the loaner still free?');
    expect(readInboxRow(screen.doc, closed)).toBeNull();

    // B's copy, a screen opened now, and what B stores all agree.
    const fresh = open(b, data.tokens.colleague);
    await vi.waitFor(() => expectDatabaseRows(fresh.doc), soon);
    await expectDatabaseRows(b.sync.hocuspocus.documents.get(name)!);
    expect(screen.provider.isSynced).toBe(true);
    await b.close();
    servers.splice(servers.indexOf(b), 1);
    const [row] = await db.sql<{ state: Uint8Array }[]>`select state from yjs_document where name = ${name}`;
    const stored = new Y.Doc();
    Y.applyUpdate(stored, row!.state);
    await expectDatabaseRows(stored);
  }, 30_000);

  it('never lets a row a screen forged reach another screen, nor keeps it on that screen', async () => {
    const name = inboxDocName(data.store1);
    const server = await start();
    const forger = open(server, data.tokens.advisor);
    const other = open(server, data.tokens.colleague);
    await vi.waitFor(() => expect(readInboxRows(forger.doc).length).toBeGreaterThan(0), soon);
    await vi.waitFor(() => expect(readInboxRows(other.doc).length).toBeGreaterThan(0), soon);
    let otherShowedIt = false;
    other.doc.on('afterTransaction', () => void (otherShowedIt ||= readInboxRow(other.doc, 999_999) !== null));

    const forged: InboxRow = { ...readInboxRows(forger.doc)[0]!, interactionId: 999_999 };
    upsertInboxRows(forger.doc, [forged]);
    forger.doc.getMap('rows').delete(String(data.interactions.active));
    // Handed back on the next handshake, as a reconnecting screen does.
    const socket = forger.provider.configuration.websocketProvider;
    socket.disconnect();
    await vi.waitFor(() => expect(socket.status).toBe('disconnected'), soon);
    void socket.connect();

    await vi.waitFor(() => expectDatabaseRows(forger.doc), soon);
    expect(readInboxRow(forger.doc, 999_999)).toBeNull();
    await expectDatabaseRows(other.doc);
    expect(otherShowedIt).toBe(false);
    expect(readInboxRow(server.sync.hocuspocus.documents.get(name)!, 999_999)).toBeNull();
  }, 30_000);
});
