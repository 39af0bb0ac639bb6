import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceSessionsEnded, createSession, endSession, hashToken, type Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { createApp, createLogger } from '@drivebay/api/server';
import { boardDocName, keyForDrop, moveCard, readBoard, readCard } from '@drivebay/shared/docs';
import type { RoStatusCode } from '@drivebay/shared';
import { documentClients, insertWorkingOrder, seed, startSync, type Running, type Seed } from '../testing';
import { Unauthorized } from '../context';
import { SessionGuard } from './session-guard';

let db: Database;
let data: Seed;
let running: Running;
const clients = documentClients(() => boardDocName(data.store1), () => running, () => working);
const { open, ready } = clients;
const soon = { timeout: 5_000, interval: 20 };
/** Within a second, as the product promises for an ended session. */
const atOnce = { timeout: 1_000, interval: 10 };
const users: Record<string, number> = {};
let working: number;

/** A new session of a seeded user, as a login makes one. */
async function signIn(username: string): Promise<string> {
  const { token } = await createSession(db.sql, { userId: users[username]!, ip: '127.0.0.1', userAgent: 'vitest' });
  return token;
}

async function stored(id: number): Promise<{ statusCode: RoStatusCode; orderKey: string }> {
  const [row] = await db.sql<{ statusCode: RoStatusCode; orderKey: string }[]>`select status_code, order_key from repair_order where id = ${id}`;
  return row!;
}

async function moves(id: number): Promise<number> {
  const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from repair_order_move where repair_order_id = ${id}`;
  return row!.n;
}

/** The users with a connection open on a server. */
function connectedUsers(server: Running): number[] {
  return [...server.sync.hocuspocus.documents.values()].flatMap((d) =>
    d.getConnections().map((c) => (c.context as { user?: { userId: number } }).user?.userId ?? 0),
  );
}

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
  for (const u of await db.sql<{ id: number; username: string }[]>`select id, username from app_user`) users[u.username] = u.id;
  working = await insertWorkingOrder(db.sql, data);
  running = await startSync(db.sql);
});

afterEach(() => clients.destroyAll());

afterAll(async () => {
  clients.destroyAll();
  await running?.close();
  await db?.close();
});

describe('an ended session ends everywhere', () => {
  it('a logout closes the session’s open connection within a second, and a move tried after never reaches PostgreSQL', async () => {
    const token = await signIn('advisor');
    const leaving = open(token);
    const viewer = open(await signIn('colleague'));
    await ready(leaving);
    await ready(viewer);
    const before = await stored(working);

    // Signed out through the API, as the user menu does.
    const app = createApp({ sql: db.sql, logger: createLogger('silent') });
    const response = await app.request('/user/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(leaving.closeCodes).toContain(Unauthorized.code), atOnce);
    expect(connectedUsers(running)).not.toContain(users.advisor);

    moveCard(leaving.doc, working, 'HOLD', keyForDrop(readBoard(leaving.doc).HOLD, 0));
    // The same token cannot come back either.
    void leaving.provider.configuration.websocketProvider.connect();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readCard(viewer.doc, working)?.lane).toBe(before.statusCode);
    expect(await stored(working)).toEqual(before);
    // Other people's connections stay open.
    expect(viewer.closeCodes).toEqual([]);
  });

  it('refuses a move racing the logout: the server puts the card back and PostgreSQL never has it', async () => {
    const token = await signIn('advisor');
    const mover = open(token);
    const viewer = open(await signIn('colleague'));
    await ready(mover);
    await ready(viewer);
    // A first move lets the server remember the session as live.
    const key = keyForDrop(readBoard(mover.doc).COMPLETE, 0);
    moveCard(mover.doc, working, 'COMPLETE', key);
    await vi.waitFor(async () => expect(await stored(working)).toEqual({ statusCode: 'COMPLETE', orderKey: key }), soon);
    const audits = await moves(working);

    // The session ends in PostgreSQL and the announcement has not arrived yet.
    await db.sql`update user_session set ended_on = now() where token_hash = ${hashToken(token)}`;
    moveCard(mover.doc, working, 'HOLD', keyForDrop(readBoard(mover.doc).HOLD, 0));

    await vi.waitFor(() => expect(readCard(viewer.doc, working)).toMatchObject({ lane: 'COMPLETE', orderKey: key }), soon);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored(working)).toEqual({ statusCode: 'COMPLETE', orderKey: key });
    expect(await moves(working)).toBe(audits);
  });

  it('closes expired sessions and blocked users on the periodic check, and users whose block is announced at once', async () => {
    const expiring = open(await signIn('advisor'));
    const blocked = open(await signIn('colleague'));
    const staying = open(await signIn('manager'));
    await Promise.all([ready(expiring), ready(blocked), ready(staying)]);

    await db.sql`update user_session set expires_on = now() - interval '1 second' where user_id = ${users.advisor!}`;
    await db.sql`update app_user set blocked = true where id = ${users.colleague!}`;
    const guard = running.sync.hocuspocus.configuration.extensions.find((e) => e instanceof SessionGuard) as SessionGuard;
    // A handshake still under way may already have been refused by its own re-check.
    await guard.checkAll();
    await vi.waitFor(() => {
      expect(expiring.closeCodes).toContain(Unauthorized.code);
      expect(blocked.closeCodes).toContain(Unauthorized.code);
    }, atOnce);
    expect(staying.closeCodes).toEqual([]);
    await db.sql`update app_user set blocked = false where id = ${users.colleague!}`;

    // An administrator's block, announced by user: every session of that user, at once.
    const first = open(await signIn('colleague'));
    const second = open(await signIn('colleague'));
    await Promise.all([ready(first), ready(second)]);
    await announceSessionsEnded(db.sql, { userIds: [users.colleague!] });
    await vi.waitFor(() => {
      expect(first.closeCodes).toContain(Unauthorized.code);
      expect(second.closeCodes).toContain(Unauthorized.code);
    }, atOnce);
    expect(staying.closeCodes).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)('reaches the connections another sync process holds, through PostgreSQL', async () => {
    // A second server that hears only PostgreSQL's notifications, as a separate process does.
    const other = await startSync(db.sql, { listenForSessionEnds: true, ignoreInProcessSessionEnds: true });
    try {
      const token = await signIn('advisor');
      const there = open(token, other);
      const here = open(token);
      await Promise.all([ready(there), ready(here)]);
      await endSession(db.sql, hashToken(token));
      await vi.waitFor(() => {
        expect(there.closeCodes).toContain(Unauthorized.code);
        expect(here.closeCodes).toContain(Unauthorized.code);
      }, atOnce);
      expect(connectedUsers(other)).not.toContain(users.advisor);
    } finally {
      clients.destroyAll();
      await other.close();
    }
  });
});
