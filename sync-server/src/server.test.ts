import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import postgres from 'postgres';
import type { Extension } from '@hocuspocus/server';
import { WebSocket } from 'ws';
import type { Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { boardDocName, inboxDocName, readInboxRow, readInboxRows, upsertInboxRows, type InboxRow } from '@drivebay/shared/docs';
import { rebuildInbox, refreshInboxRows } from './extensions/inbox-projection';
import { connect, seed, silent, startSync, storedDocument, type Client, type Running, type Seed } from './testing';

let db: Database;
let data: Seed;
let running: Running;
const clients: Client[] = [];

function open(name: string, token: string, url = running.url): Client {
  const client = connect(url, name, token);
  clients.push(client);
  return client;
}

const storedState = (name: string) => storedDocument(db.sql, name);

const soon = { timeout: 5_000, interval: 20 };

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
  // These tests watch an inbox unload (stored) as its last client leaves: no wait for returning screens.
  running = await startSync(db.sql, { inboxLingerMs: 0 });
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await running?.close();
  await db?.close();
});

describe('sync server', () => {
  it('builds a store inbox from PostgreSQL for a user of that store', async () => {
    const advisor = open(inboxDocName(data.store1), data.tokens.advisor);
    expect(await advisor.outcome).toEqual({ ok: true, scope: 'readonly' });
    await vi.waitFor(() => expect(readInboxRows(advisor.doc)).toHaveLength(2), soon);

    const ids = readInboxRows(advisor.doc).map((r) => r.interactionId);
    expect(ids.sort()).toEqual([data.interactions.active, data.interactions.quiet].sort());
    expect(readInboxRow(advisor.doc, data.interactions.active)).toEqual({
      interactionId: data.interactions.active,
      storeId: data.store1,
      serviceType: 'OIL_CHANGE',
      customer: {
        id: data.customers.ada,
        firstName: 'Ada',
        lastName: 'Lovelace',
        cellular: '+15551230001',
        email: 'ada@example.com',
        custno: 'C1',
      },
      vehicle: { id: data.vehicle, make: 'Toyota', model: 'Camry', year: 2021, vin: '4T1B11HK5JU000001' },
      // The INTERNAL note is newer, but customers never see it, so the list does not either.
      latestMessage: {
        id: expect.any(Number),
        content: 'Tuesday at 9 works.',
        createdOn: '2025-01-02T10:05:00.000Z',
        direction: 'SENT',
        messageType: 'SMS',
        messageStatus: null,
      },
      lastMessageReceivedDate: '2025-01-02T10:00:00.000Z',
      totalInboundCount: 1,
      totalUnreadCount: 1,
      responseReqd: true,
      aiEnabled: true,
      marks: ['APPOINTMENT_REQUESTED', 'HOT_LEAD'],
      convClosed: false,
      appointmentSet: false,
      updatedOn: expect.any(String),
    });
    const quiet = readInboxRow(advisor.doc, data.interactions.quiet);
    expect(quiet).toMatchObject({ vehicle: null, latestMessage: null, marks: [] });
  });

  it("refuses a store outside the user's scope, and lets a wider scope in", async () => {
    const advisor = open(inboxDocName(data.store2), data.tokens.advisor);
    expect(await advisor.outcome).toEqual({ ok: false, reason: 'Forbidden' });
    expect(readInboxRows(advisor.doc)).toEqual([]);

    const manager = open(inboxDocName(data.store2), data.tokens.manager);
    expect(await manager.outcome).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(readInboxRows(manager.doc).map((r) => r.interactionId)).toEqual([data.interactions.elsewhere]), soon);
  });

  it('refuses unknown and ended sessions', async () => {
    for (const token of ['not-a-session', '', data.tokens.ended]) {
      const client = open(inboxDocName(data.store1), token);
      expect(await client.outcome).toEqual({ ok: false, reason: 'Unauthorized' });
    }
  });

  it('refuses document names it does not build, and stores that do not exist', async () => {
    for (const name of ['store:01:inbox', `store:${data.store1}:notes`, `store:${data.store1}:inbox:x`, 'inbox', 'store:999999:inbox']) {
      const client = open(name, data.tokens.manager);
      expect(await client.outcome, name).toEqual({ ok: false, reason: 'Forbidden' });
    }
  });

  it('tells the client to try again later when the database does not answer', async () => {
    // A port nothing listens on: every query fails at once.
    const unreachable = postgres({ host: '127.0.0.1', port: 1, max: 1, connect_timeout: 2, onnotice: () => {} });
    const outage = await startSync(unreachable);
    try {
      const client = connect(outage.url, inboxDocName(data.store1), data.tokens.advisor);
      clients.push(client);
      expect(await client.outcome).toEqual({ ok: false, reason: 'Try Again Later' });
    } finally {
      await outage.close();
      await unreachable.end({ timeout: 1 });
    }
  });

  it('keeps presence honest: a state naming someone else is removed, one’s own stays', async () => {
    const name = inboxDocName(data.store1);
    const honest = open(name, data.tokens.advisor);
    const forger = open(name, data.tokens.colleague);
    const reader = open(name, data.tokens.manager);
    for (const c of [honest, forger, reader]) expect((await c.outcome).ok).toBe(true);
    const [advisor] = await db.sql<{ id: number }[]>`select id from app_user where username = 'advisor'`;
    const self = { id: advisor!.id, name: 'advisor Tester' };

    // The colleague claims to be the advisor; the advisor announces themself.
    forger.provider.setAwarenessField('user', self);
    forger.provider.setAwarenessField('viewing', data.interactions.active);
    honest.provider.setAwarenessField('user', self);
    honest.provider.setAwarenessField('viewing', data.interactions.quiet);
    const viewing = () =>
      [...(reader.provider.awareness?.getStates().values() ?? [])]
        .filter((s) => (s.user as { id?: number } | undefined)?.id === self.id)
        .map((s) => s.viewing as number | undefined);
    await vi.waitFor(() => expect(viewing()).toEqual([data.interactions.quiet]), soon);
    // Later updates of the forged state are removed again.
    forger.provider.setAwarenessField('typing', data.interactions.active);
    honest.provider.setAwarenessField('typing', data.interactions.quiet);
    await vi.waitFor(() => {
      const states = [...(reader.provider.awareness?.getStates().values() ?? [])].filter((s) => s.user);
      expect(states).toHaveLength(1);
      expect(states[0]).toMatchObject({ user: self, typing: data.interactions.quiet });
    }, soon);
  });

  it("hands every hook the upgrade request's query and headers, on connect and with each message", async () => {
    type Seen = { hook: string; store: string | null; from: string | null; host: string | null };
    const seen = new Map<string, Seen[]>();
    const note =
      (hook: string) =>
      async ({ requestParameters, requestHeaders }: { requestParameters: URLSearchParams; requestHeaders: Headers }) => {
        // Only this test's connections name a case (the server's own writes have no request at all).
        const label = requestParameters.get('case');
        if (!label) return;
        if (!seen.has(label)) seen.set(label, []);
        seen.get(label)!.push({ hook, store: requestParameters.get('store'), from: requestParameters.get('from'), host: requestHeaders.get('host') });
      };
    const probe: Extension = { onConnect: note('onConnect'), beforeHandleMessage: note('beforeHandleMessage'), onChange: note('onChange') };
    const extensions = running.sync.hocuspocus.configuration.extensions;
    extensions.push(probe);
    try {
      const host = new URL(running.url).host;
      // A query may hold "://" (an address passed along), which takes the path of absolute URLs.
      const cases = [
        { label: 'plain', query: `?store=${data.store1}&case=plain`, from: null },
        { label: 'address', query: `?store=${data.store1}&case=address&from=https://example.com/board`, from: 'https://example.com/board' },
      ];
      for (const { label, query, from } of cases) {
        const client = open(boardDocName(data.store1), data.tokens.advisor, `${running.url}${query}`);
        await vi.waitFor(() => expect(client.provider.isSynced).toBe(true), soon);
        // A place of no card: the board's check takes it back afterwards.
        client.doc.getMap('places').set('424242', 'ASSIGNED V1 1');
        await vi.waitFor(() => expect(seen.get(label)?.some((s) => s.hook === 'onChange')).toBe(true), soon);
        const entries = seen.get(label)!;
        expect(new Set(entries.map((s) => s.hook))).toEqual(new Set(['onConnect', 'beforeHandleMessage', 'onChange']));
        for (const s of entries) expect(s).toEqual({ hook: s.hook, store: String(data.store1), from, host });
      }
    } finally {
      extensions.splice(extensions.indexOf(probe), 1);
    }
  });

  it('answers WebSocket upgrades on other paths with 404', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const ws = new WebSocket(running.url.replace('/collab', '/elsewhere'));
      ws.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode);
        ws.terminate();
      });
      ws.on('open', () => reject(new Error('upgraded')));
      ws.on('error', () => {});
    });
    expect(status).toBe(404);
  });

  it("drops a client's write to the inbox: no peer, no server copy, no stored state sees it", async () => {
    const name = inboxDocName(data.store1);
    const writer = open(name, data.tokens.advisor);
    const reader = open(name, data.tokens.colleague);
    await vi.waitFor(() => expect(readInboxRows(writer.doc)).toHaveLength(2), soon);
    await vi.waitFor(() => expect(readInboxRows(reader.doc)).toHaveLength(2), soon);

    const forged: InboxRow = { ...readInboxRow(writer.doc, data.interactions.active)!, interactionId: 999_999, totalUnreadCount: 0 };
    upsertInboxRows(writer.doc, [forged]);
    writer.doc.getMap('rows').delete(String(data.interactions.quiet));
    // Messages of one connection are handled in order: once the reader sees the writer's
    // presence, the forged update before it has been handled (and dropped) by the server.
    writer.provider.setAwarenessField('probe', 'after-write');
    await vi.waitFor(() => {
      const states = [...(reader.provider.awareness?.getStates().values() ?? [])];
      expect(states.some((s) => s.probe === 'after-write')).toBe(true);
    }, soon);

    expect(writer.provider.hasUnsyncedChanges).toBe(true);
    expect(readInboxRow(reader.doc, 999_999)).toBeNull();
    expect(readInboxRows(reader.doc)).toHaveLength(2);
    const served = running.sync.hocuspocus.documents.get(name)!;
    expect(readInboxRow(served, 999_999)).toBeNull();
    expect(readInboxRow(served, data.interactions.quiet)).not.toBeNull();

    writer.destroy();
    reader.destroy();
    await vi.waitFor(async () => {
      const stored = await storedState(name);
      expect(stored && readInboxRows(stored)).toHaveLength(2);
      expect(running.sync.hocuspocus.documents.has(name)).toBe(false);
    }, soon);
    expect(readInboxRow((await storedState(name))!, 999_999)).toBeNull();
  });

  it('pushes a refreshed row to connected advisors after a new message is committed', async () => {
    const name = inboxDocName(data.store1);
    const advisor = open(name, data.tokens.advisor);
    const colleague = open(name, data.tokens.colleague);
    await vi.waitFor(() => expect(readInboxRows(colleague.doc)).toHaveLength(2), soon);
    await advisor.outcome;

    const { quiet } = data.interactions;
    await db.sql`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
      values (${quiet}, ${data.store1}, ${data.customers.alan}, ${'Is my car\nready yet?'}, 'RECEIVED', 'SMS', now())`;
    await db.sql`
      update future_service_interaction set total_inbound_count = total_inbound_count + 1,
        total_unread_count = total_unread_count + 1, last_message_received_date = now(), updated_on = now()
      where id = ${quiet}`;
    const result = await refreshInboxRows(running.sync.hocuspocus, data.store1, [quiet], db.sql, silent);
    expect(result).toEqual({ upserted: 1, removed: 0 });

    await vi.waitFor(() => {
      expect(readInboxRow(colleague.doc, quiet)).toMatchObject({
        latestMessage: { content: 'Is my car ready yet?', direction: 'RECEIVED' },
        totalInboundCount: 1,
        totalUnreadCount: 1,
      });
    }, soon);
    // The newest conversation now leads the list.
    expect(readInboxRows(colleague.doc)[0]?.interactionId).toBe(quiet);

    await db.sql`update future_service_interaction set conv_closed = true where id = ${quiet}`;
    expect(await refreshInboxRows(running.sync.hocuspocus, data.store1, [quiet], db.sql, silent)).toEqual({ upserted: 0, removed: 1 });
    await vi.waitFor(() => expect(readInboxRow(advisor.doc, quiet)).toBeNull(), soon);

    await db.sql`update future_service_interaction set conv_closed = false where id = ${quiet}`;
    expect(await rebuildInbox(running.sync.hocuspocus, data.store1, db.sql, silent)).toBe(2);
    await vi.waitFor(() => expect(readInboxRow(advisor.doc, quiet)).not.toBeNull(), soon);
  });

});
