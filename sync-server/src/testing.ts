// Helpers for this package's integration tests: a seeded database, a sync server on a real HTTP
// server on port 0, and real provider clients over real WebSockets.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { expect, vi } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createSession, endSession, hashToken, type Sql } from '@drivebay/api';
import { readCard } from '@drivebay/shared/docs';
import { createConsoleLogger } from './logger';
import { createSyncServer, type SyncServer, type SyncServerOptions } from './server';

export const silent = createConsoleLogger('silent');

export type Seed = Awaited<ReturnType<typeof seed>>;

/** One enterprise, one BOC, two stores, their users and sessions, and store 1's conversations. */
export async function seed(sql: Sql) {
  const [e] = await sql<{ id: number }[]>`insert into enterprise (name) values ('Drivebay Motors') returning id`;
  const enterpriseId = e!.id;
  const [b] = await sql<{ id: number }[]>`
    insert into boc (enterprise_id, boc_code, boc_name) values (${enterpriseId}, 'B1', 'North') returning id`;
  const bocId = b!.id;
  const stores = await sql<{ id: number }[]>`
    insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display) values
      (${bocId}, 'S1', 'Downtown', 'America/New_York', 'Eastern'),
      (${bocId}, 'S2', 'Uptown', 'America/New_York', 'Eastern')
    returning id`;
  const store1 = stores[0]!.id;
  const store2 = stores[1]!.id;

  async function user(username: string, level: 'STORE' | 'ENTERPRISE', storeId: number | null) {
    const [u] = await sql<{ id: number }[]>`
      insert into app_user (username, password_hash, first_name, last_name, emp_level, enterprise_id, boc_id, store_id)
      values (${username}, 'not-a-real-hash', ${username}, 'Tester', ${level}, ${enterpriseId},
        ${level === 'STORE' ? bocId : null}, ${storeId})
      returning id`;
    await sql`insert into user_role (user_id, role, position) values (${u!.id}, 'OFFICE_MANAGER', 0)`;
    const { token } = await createSession(sql, { userId: u!.id, ip: '127.0.0.1', userAgent: 'vitest' });
    return token;
  }
  const advisor = await user('advisor', 'STORE', store1);
  const colleague = await user('colleague', 'STORE', store1);
  const manager = await user('manager', 'ENTERPRISE', null);
  const ended = await user('leaver', 'STORE', store1);
  await endSession(sql, hashToken(ended));

  const customers = await sql<{ id: number }[]>`
    insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, email) values
      (${bocId}, ${store1}, 'C1', 'Ada', 'Lovelace', '+15551230001', 'ada@example.com'),
      (${bocId}, ${store1}, 'C2', 'Alan', 'Turing', '+15551230002', null),
      (${bocId}, ${store2}, 'C3', 'Grace', 'Hopper', '+15551230003', null)
    returning id`;
  const [ada, alan, grace] = customers.map((c) => c.id) as [number, number, number];
  const [v] = await sql<{ id: number }[]>`
    insert into service_vehicle (customer_id, vin, make, model, year)
    values (${ada}, '4T1B11HK5JU000001', 'Toyota', 'Camry', 2021) returning id`;
  const vehicle = v!.id;

  async function interaction(storeId: number, customerId: number, vehicleId: number | null, closed = false) {
    const [i] = await sql<{ id: number }[]>`
      insert into future_service_interaction (store_id, company_id, customer_id, service_vehicle_id, service_type, conv_closed)
      values (${storeId}, ${bocId}, ${customerId}, ${vehicleId}, 'OIL_CHANGE', ${closed}) returning id`;
    return i!.id;
  }
  const active = await interaction(store1, ada, vehicle);
  const quiet = await interaction(store1, alan, null);
  const closed = await interaction(store1, ada, vehicle, true);
  const elsewhere = await interaction(store2, grace, null);

  await sql`
    insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on) values
      (${active}, ${store1}, ${ada}, 'Can I come in Tuesday?', 'RECEIVED', 'SMS', '2025-01-02T10:00:00Z'),
      (${active}, ${store1}, ${ada}, 'Tuesday at 9 works.', 'SENT', 'SMS', '2025-01-02T10:05:00Z'),
      (${active}, ${store1}, null, 'Customer sounds upset', 'SEND', 'INTERNAL', '2025-01-02T10:10:00Z')`;
  await sql`
    update future_service_interaction set total_inbound_count = 1, total_unread_count = 1, response_reqd = true,
      last_message_received_date = '2025-01-02T10:00:00Z'
    where id = ${active}`;
  await sql`
    insert into mark (target, future_service_interaction_id, intent_type) values
      ('FUTURE_SERVICE_INTERACTION', ${active}, 'HOT_LEAD'),
      ('FUTURE_SERVICE_INTERACTION', ${active}, 'APPOINTMENT_REQUESTED')`;

  return {
    store1,
    store2,
    tokens: { advisor, colleague, manager, ended },
    customers: { ada, alan, grace },
    vehicle,
    interactions: { active, quiet, closed, elsewhere },
  };
}

/** A document's state as stored in `yjs_document`; null when nothing is stored under its name. */
export async function storedDocument(sql: Sql, name: string): Promise<Y.Doc | null> {
  const [row] = await sql<{ state: Uint8Array }[]>`select state from yjs_document where name = ${name}`;
  if (!row) return null;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, row.state);
  return doc;
}

export type Running = { sync: SyncServer; url: string; close: () => Promise<void> };

/**
 * The sync server on a plain HTTP server, as main.ts and the API attach it: on a free port, or on
 * `port` (a process taking over the address of one that stopped, as behind a proxy).
 */
export async function startSync(sql: Sql, options: Partial<SyncServerOptions> & { port?: number } = {}): Promise<Running> {
  const { port: wanted = 0, ...rest } = options;
  const sync = createSyncServer({ sql, logger: silent, ...rest });
  await sync.ready;
  const server = createServer((_request, response) => response.writeHead(404).end());
  server.on('upgrade', sync.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    sync,
    url: `ws://127.0.0.1:${port}/collab`,
    close: async () => {
      await sync.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Client = {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Settles with the server's answer to the token: the granted scope, or the refusal reason. */
  outcome: Promise<{ ok: true; scope: string } | { ok: false; reason: string }>;
  /** The codes the server closed the client's WebSocket with, in order. */
  closeCodes: number[];
  destroy: () => void;
};

/**
 * A browser-like client: its own WebSocket, its own Y.Doc, one document. With `reconnect` it
 * keeps reconnecting to the address when the server goes away, as the app does.
 */
export function connect(url: string, name: string, token: string, o: { reconnect?: boolean } = {}): Client {
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket, ...(o.reconnect ? { maxAttempts: 0, delay: 200, minDelay: 100, factor: 1.5, maxDelay: 1_000 } : { maxAttempts: 1 }) });
  const doc = new Y.Doc();
  let settle: (value: Awaited<Client['outcome']>) => void = () => {};
  const outcome = new Promise<Awaited<Client['outcome']>>((resolve) => (settle = resolve));
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name,
    token,
    document: doc,
    onAuthenticated: ({ scope }) => settle({ ok: true, scope }),
    onAuthenticationFailed: ({ reason }) => settle({ ok: false, reason }),
  });
  // A provider given its socket does not attach itself.
  provider.attach();
  const closeCodes: number[] = [];
  socket.on('close', ({ event }: { event: { code: number } }) => closeCodes.push(event.code));
  return {
    doc,
    provider,
    outcome,
    closeCodes,
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Store 1's repair order RO-1, a card in the ASSIGNED lane of its board: the card board tests move. */
export async function insertWorkingOrder(sql: Sql, data: Seed): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into repair_order (store_id, ro_number, customer_id, status_code, order_key)
    values (${data.store1}, 'RO-1', ${data.customers.ada}, 'ASSIGNED', 'V') returning id`;
  return row!.id;
}

/**
 * Clients of one document, kept to be destroyed together. `server` and `card` are read when
 * used, so a suite can make them in its beforeAll.
 */
export function documentClients(name: () => string, server: () => Running, card: () => number) {
  const open: Client[] = [];
  return {
    /** A new client of the document, on `on` (the suite's server unless given). */
    open(token: string, on: Running = server()): Client {
      const client = connect(on.url, name(), token);
      open.push(client);
      return client;
    },
    /** Waits until the client is let in read-write and shows the card. */
    async ready(client: Client): Promise<void> {
      expect(await client.outcome).toEqual({ ok: true, scope: 'read-write' });
      await vi.waitFor(() => expect(readCard(client.doc, card())).not.toBeNull(), { timeout: 5_000, interval: 20 });
    },
    destroyAll(): void {
      for (const client of open.splice(0)) client.destroy();
    },
  };
}
