import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import {
  boardDocName,
  keyForDrop,
  moveCard,
  parseBoardNotice,
  readBoard,
  readCard,
  upsertCards,
  type BoardCard,
  type BoardNotice,
} from '@drivebay/shared/docs';
import type { RoStatusCode } from '@drivebay/shared';
import { connect, seed, silent, startSync, type Client, type Running, type Seed } from '../testing';
import { BoardProjection, refreshBoard } from './board-projection';
import { refreshStore } from './store-refresh';

let db: Database;
let data: Seed;
let running: Running;
const clients: Client[] = [];
const soon = { timeout: 5_000, interval: 20 };
/** Repair orders of store 1 by a short name. */
const ro: Record<string, number> = {};

/**
 * The sync server of these tests with the board projection among its extensions. Added here when
 * the server does not already carry it, so the tests hold whether or not it is registered.
 */
async function start(): Promise<Running> {
  const r = await startSync(db.sql);
  const extensions = r.sync.hocuspocus.configuration.extensions;
  if (!extensions.some((e) => e instanceof BoardProjection)) {
    // Before the entry of configuration hooks Hocuspocus keeps last.
    extensions.splice(extensions.length - 1, 0, new BoardProjection({ sql: db.sql, logger: silent }));
  }
  return r;
}

function open(token: string, storeId = data.store1): Client {
  const client = connect(running.url, boardDocName(storeId), token);
  clients.push(client);
  return client;
}

function notices(client: Client): BoardNotice[] {
  const seen: BoardNotice[] = [];
  client.provider.on('stateless', ({ payload }: { payload: string }) => {
    const notice = parseBoardNotice(payload);
    if (notice) seen.push(notice);
  });
  return seen;
}

const lanesOf = (client: Client) =>
  Object.fromEntries(Object.entries(readBoard(client.doc)).map(([lane, cards]) => [lane, cards.map((c) => `${c.id}@${c.orderKey}`)]));

async function stored(id: number): Promise<{ statusCode: RoStatusCode; orderKey: string }> {
  const [row] = await db.sql<{ statusCode: RoStatusCode; orderKey: string }[]>`select status_code, order_key from repair_order where id = ${id}`;
  return row!;
}

async function auditCount(id: number): Promise<number> {
  const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from repair_order_move where repair_order_id = ${id}`;
  return row!.n;
}

/** Every card of a client's board equals its order in PostgreSQL (lane and key), and vice versa. */
async function expectBoardMatchesDatabase(client: Client): Promise<void> {
  const cards = Object.values(readBoard(client.doc)).flat();
  const rows = await db.sql<{ id: number; statusCode: RoStatusCode; orderKey: string }[]>`
    select ro.id, ro.status_code, ro.order_key from repair_order ro left join appointment ap on ap.id = ro.appointment_id
    where ro.store_id = ${data.store1} and (ro.status_code <> 'CLOSED'
        or ro.close_date >= ((now() at time zone 'America/New_York')::date::timestamp at time zone 'America/New_York'))
      and not (ro.status_code = 'Appt' and coalesce(ap.appt_status = 'CANCELLED', false))
    order by ro.id`;
  expect(cards.map((c) => `${c.id}:${c.lane}:${c.orderKey}`).sort()).toEqual(rows.map((r) => `${r.id}:${r.statusCode}:${r.orderKey}`).sort());
}

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
  const [advisor] = await db.sql<{ id: number }[]>`
    insert into service_advisor (store_id, advisor_no, name) values (${data.store1}, '101', 'Grace Hopper') returning id`;
  const orders: [string, RoStatusCode, string, number | null, string | null][] = [
    ['appt', 'Appt', 'V', data.customers.alan, null],
    ['checkedIn', 'UNASSIGNED', 'V', data.customers.ada, null],
    ['working', 'ASSIGNED', 'V', data.customers.ada, null],
    ['working2', 'ASSIGNED', 'W', data.customers.alan, null],
    ['ready', 'BOOKED', 'V', data.customers.alan, null],
    ['closedToday', 'CLOSED', 'V', data.customers.ada, 'now()'],
    ['closedLastWeek', 'CLOSED', 'W', data.customers.ada, "now() - interval '7 days'"],
  ];
  for (const [name, lane, key, customer, closed] of orders) {
    const [row] = await db.sql<{ id: number }[]>`
      insert into repair_order (store_id, ro_number, customer_id, service_vehicle_id, advisor_id, status_code, order_key, promised_date, close_date)
      values (${data.store1}, ${`RO-${name}`}, ${customer}, ${customer === data.customers.ada ? data.vehicle : null}, ${advisor!.id},
        ${lane}, ${key}, '2025-01-03T17:00:00Z', ${closed ? db.sql.unsafe(closed) : null})
      returning id`;
    ro[name] = row!.id;
  }
  // Another store's order: a card of it must never appear on store 1's board.
  const [other] = await db.sql<{ id: number }[]>`
    insert into repair_order (store_id, ro_number, customer_id, status_code, order_key)
    values (${data.store2}, 'RO-elsewhere', ${data.customers.grace}, 'ASSIGNED', 'V') returning id`;
  ro.elsewhere = other!.id;
  running = await start();
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await running?.close();
  await db?.close();
});

describe('board projection', () => {
  it('builds the board from PostgreSQL: open orders and today’s closed ones, with what a card shows', async () => {
    const viewer = open(data.tokens.advisor);
    expect(await viewer.outcome).toEqual({ ok: true, scope: 'read-write' });
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.working!)).not.toBeNull(), soon);
    const board = readBoard(viewer.doc);
    expect(board.CLOSED.map((c) => c.id)).toEqual([ro.closedToday]);
    expect(board.ASSIGNED.map((c) => c.id)).toEqual([ro.working, ro.working2]);
    expect(readCard(viewer.doc, ro.working!)).toEqual({
      id: ro.working,
      roNumber: 'RO-working',
      lane: 'ASSIGNED',
      orderKey: 'V',
      customerName: 'Ada Lovelace',
      vehicle: '2021 Toyota Camry',
      advisorName: 'Grace Hopper',
      advisorNo: '101',
      promisedDate: '2025-01-03T17:00:00.000Z',
      // Ada's unread messages over her conversations in the store.
      unreadCount: 1,
      updatedOn: expect.any(String),
      // Whose order it is, and the conversation a tap on the card opens.
      customerId: expect.any(Number),
      interactionId: expect.any(Number),
    });
    expect(readCard(viewer.doc, ro.working2!)).toMatchObject({ customerName: 'Alan Turing', vehicle: null, unreadCount: 0 });
    await expectBoardMatchesDatabase(viewer);
  });

  it('projects a valid move into PostgreSQL with an audit row, and every viewer sees it', async () => {
    const mover = open(data.tokens.advisor);
    const viewer = open(data.tokens.manager);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.checkedIn!)).not.toBeNull(), soon);
    await vi.waitFor(() => expect(readCard(mover.doc, ro.checkedIn!)).not.toBeNull(), soon);

    const key = keyForDrop(readBoard(mover.doc).ASSIGNED, 1, ro.checkedIn);
    moveCard(mover.doc, ro.checkedIn!, 'ASSIGNED', key);
    await vi.waitFor(() => expect(readBoard(viewer.doc).ASSIGNED.map((c) => c.id)).toEqual([ro.working, ro.checkedIn, ro.working2]), soon);
    await vi.waitFor(async () => expect(await stored(ro.checkedIn!)).toEqual({ statusCode: 'ASSIGNED', orderKey: key }), soon);
    const [move] = await db.sql`
      select m.from_lane, m.to_lane, m.from_key, m.to_key, m.source, u.username
      from repair_order_move m join app_user u on u.id = m.user_id where m.repair_order_id = ${ro.checkedIn!}`;
    expect(move).toEqual({ fromLane: 'UNASSIGNED', toLane: 'ASSIGNED', fromKey: 'V', toKey: key, source: 'BOARD', username: 'advisor' });
  });

  it('converges when two people move the same card to different lanes at once', async () => {
    const a = open(data.tokens.advisor);
    const b = open(data.tokens.colleague);
    await vi.waitFor(() => expect(readCard(a.doc, ro.working2!)).not.toBeNull(), soon);
    await vi.waitFor(() => expect(readCard(b.doc, ro.working2!)).not.toBeNull(), soon);

    // Both write before either has seen the other's update.
    moveCard(a.doc, ro.working2!, 'HOLD', keyForDrop(readBoard(a.doc).HOLD, 0));
    moveCard(b.doc, ro.working2!, 'COMPLETE', keyForDrop(readBoard(b.doc).COMPLETE, 0));

    await vi.waitFor(async () => {
      expect(lanesOf(a)).toEqual(lanesOf(b));
      const card = readCard(a.doc, ro.working2!)!;
      expect(['HOLD', 'COMPLETE']).toContain(card.lane);
      expect(await stored(ro.working2!)).toEqual({ statusCode: card.lane, orderKey: card.orderKey });
    }, soon);
    await expectBoardMatchesDatabase(a);
    expect(await auditCount(ro.working2!)).toBeGreaterThanOrEqual(1);
  });

  it('takes a move made while disconnected once the client is back', async () => {
    const offline = open(data.tokens.advisor);
    const online = open(data.tokens.colleague);
    await vi.waitFor(() => expect(readCard(offline.doc, ro.ready!)).not.toBeNull(), soon);
    await vi.waitFor(() => expect(readCard(online.doc, ro.ready!)).not.toBeNull(), soon);

    const socket = offline.provider.configuration.websocketProvider;
    socket.disconnect();
    await vi.waitFor(() => expect(offline.provider.isSynced && socket.status === 'connected').toBe(false), soon);
    const key = keyForDrop(readBoard(offline.doc).CLOSED, 0);
    moveCard(offline.doc, ro.ready!, 'CLOSED', key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readCard(online.doc, ro.ready!)?.lane).toBe('BOOKED');
    expect((await stored(ro.ready!)).statusCode).toBe('BOOKED');

    void socket.connect();
    await vi.waitFor(() => expect(readCard(online.doc, ro.ready!)).toMatchObject({ lane: 'CLOSED', orderKey: key }), soon);
    await vi.waitFor(async () => expect(await stored(ro.ready!)).toEqual({ statusCode: 'CLOSED', orderKey: key }), soon);
    const [closed] = await db.sql`select close_date from repair_order where id = ${ro.ready!}`;
    expect(closed!.closeDate).toBeInstanceOf(Date);
  });

  it('undoes a forged lane for everyone, tells the mover, and keeps it out of PostgreSQL', async () => {
    const forger = open(data.tokens.advisor);
    const viewer = open(data.tokens.colleague);
    const forgerNotices = notices(forger);
    await vi.waitFor(() => expect(readCard(forger.doc, ro.working!)).not.toBeNull(), soon);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.working!)).not.toBeNull(), soon);
    const before = await stored(ro.working!);
    const audits = await auditCount(ro.working!);
    const original = readCard(viewer.doc, ro.working!)!;

    // What a tampered client could send: a value no typed accessor would write.
    forger.doc.getMap('cards').set(String(ro.working), { ...original, lane: 'NOWHERE' });
    await vi.waitFor(() => expect(forgerNotices.map((n) => n.message)).toEqual([`Move not allowed: unknown lane (RO RO-working)`]), soon);
    await vi.waitFor(() => {
      expect(readCard(forger.doc, ro.working!)).toMatchObject({ lane: original.lane, orderKey: original.orderKey });
      expect(readCard(viewer.doc, ro.working!)).toMatchObject({ lane: original.lane, orderKey: original.orderKey });
    }, soon);
    expect(forgerNotices[0]).toMatchObject({ type: 'board-move-rejected', cardId: ro.working, userId: expect.any(Number) });
    expect(await stored(ro.working!)).toEqual(before);
    expect(await auditCount(ro.working!)).toBe(audits);
  });

  it('refuses moves the lane rules forbid, removals and foreign cards', async () => {
    const mover = open(data.tokens.advisor);
    const viewer = open(data.tokens.colleague);
    const seen = notices(viewer);
    await vi.waitFor(() => expect(readCard(mover.doc, ro.appt!)).not.toBeNull(), soon);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.appt!)).not.toBeNull(), soon);

    // Appointments cannot be closed, closed orders stay closed.
    moveCard(mover.doc, ro.appt!, 'CLOSED', keyForDrop(readBoard(mover.doc).CLOSED, 0));
    moveCard(mover.doc, ro.closedToday!, 'BOOKED', keyForDrop(readBoard(mover.doc).BOOKED, 0));
    // A card of another store's order, and a card the database has never heard of.
    const foreign: BoardCard = { ...readCard(mover.doc, ro.appt!)!, id: ro.elsewhere!, roNumber: 'RO-elsewhere' };
    const invented: BoardCard = { ...foreign, id: 987_654, roNumber: 'RO-invented' };
    upsertCards(mover.doc, [foreign, invented]);
    mover.doc.getMap('cards').delete(String(ro.working));

    await vi.waitFor(() => {
      const board = readBoard(viewer.doc);
      expect(board.Appt.map((c) => c.id)).toContain(ro.appt);
      expect(board.CLOSED.map((c) => c.id)).toContain(ro.closedToday);
      expect(readCard(viewer.doc, ro.elsewhere!)).toBeNull();
      expect(readCard(viewer.doc, 987_654)).toBeNull();
      expect(readCard(viewer.doc, ro.working!)).not.toBeNull();
      expect(lanesOf(mover)).toEqual(lanesOf(viewer));
    }, soon);
    await vi.waitFor(() => expect(seen.map((n) => n.message).sort()).toEqual([
      'Move not allowed: Closed ROs are final and cannot be reopened from the board (RO RO-closedToday)',
      'Move not allowed: only Ready To Post orders can be closed (RO RO-appt)',
      'Move not allowed: the card was removed (RO RO-working)',
    ]), soon);
    expect((await stored(ro.appt!)).statusCode).toBe('Appt');
    expect((await stored(ro.elsewhere!)).statusCode).toBe('ASSIGNED');
    await expectBoardMatchesDatabase(viewer);
  });

  it('brings changes made in PostgreSQL to every open board on refresh, and leaves closed boards alone', async () => {
    const viewer = open(data.tokens.manager);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.appt!)).not.toBeNull(), soon);
    await db.sql`update repair_order set status_code = 'UNASSIGNED', order_key = 'a', updated_on = now() where id = ${ro.appt!}`;
    await db.sql`update future_service_interaction set total_unread_count = 5 where id = ${data.interactions.quiet}`;
    const [created] = await db.sql<{ id: number }[]>`
      insert into repair_order (store_id, ro_number, customer_id, status_code, order_key)
      values (${data.store1}, 'RO-walkin', ${data.customers.alan}, 'UNASSIGNED', 'b') returning id`;

    const result = await refreshBoard(running.sync.hocuspocus, data.store1, db.sql, silent);
    expect(result?.written).toBeGreaterThanOrEqual(2);
    await vi.waitFor(() => {
      expect(readCard(viewer.doc, ro.appt!)).toMatchObject({ lane: 'UNASSIGNED', orderKey: 'a', unreadCount: 5 });
      expect(readCard(viewer.doc, created!.id)).toMatchObject({ roNumber: 'RO-walkin', lane: 'UNASSIGNED' });
    }, soon);
    await expectBoardMatchesDatabase(viewer);

    expect(await refreshBoard(running.sync.hocuspocus, data.store2, db.sql, silent)).toBeNull();
    expect(running.sync.hocuspocus.documents.has(boardDocName(data.store2))).toBe(false);
  });

  it('drops the pre-opened order of an appointment that was cancelled', async () => {
    const viewer = open(data.tokens.advisor);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.working!)).not.toBeNull(), soon);
    const [appointment] = await db.sql<{ id: number }[]>`
      insert into appointment (store_id, customer_id, start_date, end_date)
      values (${data.store1}, ${data.customers.alan}, now() + interval '1 hour', now() + interval '90 minutes') returning id`;
    const [preOpened] = await db.sql<{ id: number }[]>`
      insert into repair_order (store_id, ro_number, customer_id, appointment_id, status_code, order_key)
      values (${data.store1}, 'RO-booked', ${data.customers.alan}, ${appointment!.id}, 'Appt', 'z') returning id`;
    await refreshBoard(running.sync.hocuspocus, data.store1, db.sql, silent);
    await vi.waitFor(() => expect(readCard(viewer.doc, preOpened!.id)).toMatchObject({ lane: 'Appt' }), soon);

    await db.sql`update appointment set appt_status = 'CANCELLED' where id = ${appointment!.id}`;
    await refreshBoard(running.sync.hocuspocus, data.store1, db.sql, silent);
    await vi.waitFor(() => expect(readCard(viewer.doc, preOpened!.id)).toBeNull(), soon);
  });

  it('a committed change of a conversation reaches the open board at once through refreshStore', async () => {
    const viewer = open(data.tokens.manager);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.appt!)).not.toBeNull(), soon);
    const shown = readCard(viewer.doc, ro.appt!)!.unreadCount;
    await db.sql`update future_service_interaction set total_unread_count = total_unread_count + 2 where id = ${data.interactions.quiet}`;
    await refreshStore(running.sync.hocuspocus, data.store1, [data.interactions.quiet], db.sql, silent);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.appt!)?.unreadCount).toBe(shown + 2), soon);
    // A store-level change (no conversation named) still refreshes the board.
    await db.sql`update repair_order set order_key = 'zz', updated_on = now() where id = ${ro.appt!}`;
    await refreshStore(running.sync.hocuspocus, data.store1, [], db.sql, silent);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.appt!)).toMatchObject({ orderKey: 'zz' }), soon);
    await expectBoardMatchesDatabase(viewer);
  });

  it('keeps another store’s board out of reach', async () => {
    const outsider = open(data.tokens.advisor, data.store2);
    expect(await outsider.outcome).toEqual({ ok: false, reason: 'Forbidden' });
  });

  it('rebuilds a board from PostgreSQL when it is opened again after a restart', async () => {
    const viewer = open(data.tokens.advisor);
    await vi.waitFor(() => expect(readCard(viewer.doc, ro.working!)).not.toBeNull(), soon);
    viewer.destroy();
    await running.close();
    await db.sql`update repair_order set status_code = 'COMPLETE', order_key = 'c', updated_on = now() where id = ${ro.working!}`;
    running = await start();
    const again = open(data.tokens.colleague);
    await vi.waitFor(() => expect(readCard(again.doc, ro.working!)).toMatchObject({ lane: 'COMPLETE', orderKey: 'c' }), soon);
    await expectBoardMatchesDatabase(again);
  });
});
