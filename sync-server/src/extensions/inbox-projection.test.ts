import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { inboxChangedAt, inboxDocName, readInboxMeta, readInboxRow, readInboxRows } from '@drivebay/shared/docs';
import { connect, seed, startSync, storedDocument, type Client, type Running, type Seed } from '../testing';
import { refreshInboxRows } from './inbox-projection';

let db: Database;
let data: Seed;
const servers: Running[] = [];
const clients: Client[] = [];
const soon = { timeout: 5_000, interval: 20 };
/** Within a second of opening, as the product promises after a restart. */
const atOnce = { timeout: 1_000, interval: 10 };

async function start(options: Parameters<typeof startSync>[1] = {}): Promise<Running> {
  const server = await startSync(db.sql, options);
  servers.push(server);
  return server;
}

function open(server: Running, token: string): Client {
  const client = connect(server.url, inboxDocName(data.store1), token);
  clients.push(client);
  return client;
}

/** What the API commits for an inbound text, without telling any sync server. */
async function commitInbound(interactionId: number, customerId: number, content: string): Promise<void> {
  await db.sql.begin(async (tx) => {
    await tx`
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
      values (${interactionId}, ${data.store1}, ${customerId}, ${content}, 'RECEIVED', 'SMS', now())`;
    await tx`
      update future_service_interaction set total_inbound_count = total_inbound_count + 1,
        total_unread_count = total_unread_count + 1, last_message_received_date = now(), updated_on = now()
      where id = ${interactionId}`;
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) await server.close();
  await db?.close();
});

describe('the inbox after a crash', () => {
  it('shows texts committed but never written into the stored inbox as soon as it loads again', async () => {
    // This process stores and unloads the inbox as its screen leaves, then "dies".
    const before = await start({ inboxLingerMs: 0 });
    const advisor = open(before, data.tokens.advisor);
    await vi.waitFor(() => expect(readInboxRows(advisor.doc)).toHaveLength(2), soon);

    // Committed while the inbox is open; the process dies before its batched refresh, so the
    // stored inbox (freshly rebuilt, hence not rebuilt again on load) lacks them.
    await commitInbound(data.interactions.quiet, data.customers.alan, 'Is my car ready yet?');
    const [fresh] = await db.sql<{ id: number }[]>`
      insert into future_service_interaction (store_id, company_id, customer_id, service_type)
      select ${data.store1}, company_id, ${data.customers.ada}, 'OIL_CHANGE' from future_service_interaction where id = ${data.interactions.active}
      returning id`;
    await commitInbound(fresh!.id, data.customers.ada, 'Got your recall letter');
    await db.sql`update future_service_interaction set conv_closed = true where id = ${data.interactions.active}`;
    advisor.destroy();
    await vi.waitFor(() => expect(before.sync.hocuspocus.documents.size).toBe(0), soon);
    const [stored] = await db.sql<{ n: number }[]>`select count(*)::int as n from yjs_document where name = ${inboxDocName(data.store1)}`;
    expect(stored!.n).toBe(1);

    // The restart: a new process loads the stored inbox.
    const after = await start();
    const colleague = open(after, data.tokens.colleague);
    await vi.waitFor(() => {
      expect(readInboxRow(colleague.doc, data.interactions.quiet)).toMatchObject({
        latestMessage: { content: 'Is my car ready yet?' },
        totalInboundCount: 1,
      });
      expect(readInboxRow(colleague.doc, fresh!.id)).toMatchObject({ latestMessage: { content: 'Got your recall letter' } });
      expect(readInboxRow(colleague.doc, data.interactions.active)).toBeNull();
    }, atOnce);
    expect(readInboxMeta(colleague.doc).rebuiltAt).not.toBeNull();
  });
});

describe('the change stamp', () => {
  it('moves on a refresh that changes no row: a closed conversation, or no conversation at all', async () => {
    const server = await start();
    const advisor = open(server, data.tokens.advisor);
    await vi.waitFor(() => expect(readInboxRows(advisor.doc).length).toBeGreaterThan(0), soon);
    const rowsBefore = JSON.stringify(readInboxRows(advisor.doc));
    const [closed] = await db.sql<{ id: number }[]>`
      insert into future_service_interaction (store_id, company_id, customer_id, service_type, conv_closed, appointment_set)
      select ${data.store1}, company_id, ${data.customers.ada}, 'OIL_CHANGE', true, true from future_service_interaction where id = ${data.interactions.active}
      returning id`;

    await refreshInboxRows(server.sync.hocuspocus, data.store1, [closed!.id], db.sql);
    await vi.waitFor(() => expect(inboxChangedAt(advisor.doc)).not.toBeNull(), soon);
    const first = inboxChangedAt(advisor.doc);
    expect(JSON.stringify(readInboxRows(advisor.doc))).toBe(rowsBefore);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await refreshInboxRows(server.sync.hocuspocus, data.store1, [], db.sql);
    await vi.waitFor(() => expect(inboxChangedAt(advisor.doc)).not.toBe(first), soon);
    expect(JSON.stringify(readInboxRows(advisor.doc))).toBe(rowsBefore);
  });
});

describe('an inbox nobody has open', () => {
  it('is not loaded by a refresh, and shows the text once a screen opens it', async () => {
    const server = await start();
    const name = inboxDocName(data.store1);
    expect(server.sync.hocuspocus.documents.has(name)).toBe(false);

    await commitInbound(data.interactions.quiet, data.customers.alan, 'Texted while nobody looked');
    expect(await refreshInboxRows(server.sync.hocuspocus, data.store1, [data.interactions.quiet], db.sql)).toEqual({ upserted: 0, removed: 0 });
    expect(await refreshInboxRows(server.sync.hocuspocus, data.store1, [], db.sql)).toEqual({ upserted: 0, removed: 0 });
    expect(server.sync.hocuspocus.documents.has(name)).toBe(false);
    expect(server.sync.hocuspocus.loadingDocuments.has(name)).toBe(false);

    const advisor = open(server, data.tokens.advisor);
    await vi.waitFor(() => {
      expect(readInboxRow(advisor.doc, data.interactions.quiet)).toMatchObject({ latestMessage: { content: 'Texted while nobody looked' } });
    }, soon);
  });
});

describe('an inbox its last screen just left', () => {
  async function storedRow(interactionId: number) {
    const stored = await storedDocument(db.sql, inboxDocName(data.store1));
    return stored && readInboxRow(stored, interactionId);
  }

  /** An advisor opens the inbox and leaves: it is still loaded a moment later. */
  async function openAndLeave(server: Running): Promise<void> {
    const advisor = open(server, data.tokens.advisor);
    await vi.waitFor(() => expect(readInboxRows(advisor.doc).length).toBeGreaterThan(0), soon);
    advisor.destroy();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.sync.hocuspocus.documents.has(inboxDocName(data.store1))).toBe(true);
  }

  it('stays loaded and current for a returning screen, then unloads with its rows stored', async () => {
    const server = await start({ inboxLingerMs: 400 });
    const name = inboxDocName(data.store1);
    await openAndLeave(server);

    // A text while nobody looks: the kept inbox takes it, as an open one would.
    await commitInbound(data.interactions.quiet, data.customers.alan, 'Texted while the screen reloaded');
    expect(await refreshInboxRows(server.sync.hocuspocus, data.store1, [data.interactions.quiet], db.sql)).toEqual({ upserted: 1, removed: 0 });

    const back = open(server, data.tokens.advisor);
    await vi.waitFor(() => {
      expect(readInboxRow(back.doc, data.interactions.quiet)).toMatchObject({ latestMessage: { content: 'Texted while the screen reloaded' } });
    }, atOnce);
    // Back within the wait: its leaving starts a new one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    back.destroy();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(server.sync.hocuspocus.documents.has(name)).toBe(true);

    await vi.waitFor(() => expect(server.sync.hocuspocus.documents.has(name)).toBe(false), soon);
    expect(await storedRow(data.interactions.quiet)).toMatchObject({ latestMessage: { content: 'Texted while the screen reloaded' } });
  });

  it('unloads at once when the server shuts down', async () => {
    const server = await start({ inboxLingerMs: 60_000 });
    await openAndLeave(server);

    const started = performance.now();
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    expect(server.sync.hocuspocus.getDocumentsCount()).toBe(0);
    // Well before the shutdown's deadline for documents that will not unload (10 s).
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
