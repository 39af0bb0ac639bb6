import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, type App } from '../app';
import { TRUST_ANY_PROXY } from '../middleware/client-address';
import { createTestDatabase } from '../db/testing';
import type { Database } from '../db/database';
import { createLogger } from '../lib/logger';
import { seedDemo } from '../seed/demo';
import { conversationRoutes, type ConversationDeps } from '../routes/conversations';
import { simulatorRoutes } from '../routes/simulator';
import { simulatorNumberRoutes } from '../routes/simulator-numbers';
import { telephonyRoutes } from '../routes/telephony';
import { webhookRoutes } from '../routes/webhooks';
import type { CarrierPort, SmsSubmission } from '../services/carriers/carrier-port';
import { createCarrierDirectory } from '../services/carriers/directory';
import { carrierSettingsFromEnv, type CarrierEnv } from '../services/carriers/settings';
import type { TwilioAccount } from '../services/carriers/twilio';
import { twilioSignature, type TwilioParams } from '../services/carriers/twilio-signature';
import { createInProcessNotifier } from '../services/conversations/notifier';
import { startOutboxWorker, type OutboxWorker } from '../services/conversations/outbox-worker';
import { createMailDirectory } from '../services/mail/directory';
import { checkDocumented } from './contract';

/**
 * The real app with the conversation, webhook and simulator routes mounted, on a fresh seeded
 * database, served over real HTTP on a free port (carriers and the simulator talk HTTP), with
 * the outbox worker running. It records what the inbox was told and what reached a carrier.
 */
export type ConversationHarness = {
  db: Database;
  app: App;
  baseUrl: string;
  deps: ConversationDeps;
  /** The running outbox worker (stop it to hold messages in the outbox; runOnce still works). */
  readonly worker: OutboxWorker;
  /** Stops the worker and starts a fresh one. */
  restartWorker: () => Promise<void>;
  /** Every inbox notification, in order. */
  notified: { storeId: number; interactionIds: number[] }[];
  /** Every SMS handed to a carrier adapter, in order. */
  submissions: SmsSubmission[];
  login: (username: string, password?: string) => Promise<string>;
  /** A request to the app in process (for calls whose protocol is not the point). */
  call: (path: string, init?: { method?: string; token?: string; json?: unknown }) => Promise<Response>;
  /** A form POST over real HTTP signed like Twilio with `authToken` (default: the simulator's). */
  twilioPost: (path: string, params: TwilioParams, opts?: { authToken?: string; signature?: string }) => Promise<Response>;
  simulatorAccount: () => Promise<TwilioAccount>;
  /** Flushes pending inbox notifications. */
  flushNotifications: () => Promise<void>;
  close: () => Promise<void>;
};

export type ConversationHarnessOptions = {
  /** Carrier settings as environment values; none means the simulated carrier. */
  env?: CarrierEnv;
  /** Poll interval of the outbox worker. */
  pollIntervalMs?: number;
  /** Log level of the app (silent by default). */
  logLevel?: string;
};

export async function startConversationHarness(opts: ConversationHarnessOptions = {}): Promise<ConversationHarness> {
  const db = await createTestDatabase();
  await seedDemo(db.sql);
  const logger = createLogger(opts.logLevel ?? 'silent');

  // The server must listen before the app exists: the app's public address is the server's port.
  let app: App | null = null;
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: (req, env) => app!.fetch(req, env), port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const directory = createCarrierDirectory({ sql: db.sql, settings: carrierSettingsFromEnv(opts.env ?? {}, baseUrl) });
  const submissions: SmsSubmission[] = [];
  const recording = (port: CarrierPort): CarrierPort => ({
    name: port.name,
    sendSms: (m) => {
      submissions.push(m);
      return port.sendSms(m);
    },
  });
  const carrier = { ...directory, carrierFor: async (storeId: number) => recording(await directory.carrierFor(storeId)) };

  const notified: ConversationHarness['notified'] = [];
  const notifier = createInProcessNotifier((storeId, interactionIds) => void notified.push({ storeId, interactionIds }), { delayMs: 5 });
  const mail = createMailDirectory({ sql: db.sql });
  const newWorker = () =>
    startOutboxWorker({
      sql: db.sql,
      logger,
      notifier,
      carrierFor: carrier.carrierFor,
      mailerFor: mail.mailerFor,
      publicUrl: baseUrl,
      pollIntervalMs: opts.pollIntervalMs ?? 100,
      backoffMs: () => 50,
    });
  const deps: ConversationDeps = { notifier, carrier, publicUrl: baseUrl, outbox: newWorker(), mail };
  app = createApp({ sql: db.sql, logger, proxyTrust: TRUST_ANY_PROXY })
    .route('/', conversationRoutes(deps))
    .route('/', webhookRoutes(deps))
    .route('/', simulatorRoutes(deps))
    .route('/', simulatorNumberRoutes(deps))
    .route('/', telephonyRoutes(deps)) as App;
  const theApp = app;

  const login = async (username: string, password = 'demo') => {
    const res = await theApp.request('/user/v2/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${username.length}.1` },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { authToken: string }).authToken;
  };

  // Every answer is checked against the schema its route documents (the shared contract).
  const call: ConversationHarness['call'] = async (path, init = {}) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
    const res = await theApp.request(path, { method, headers, ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }) });
    await checkDocumented(theApp, method, path, res);
    return res;
  };

  const simulatorAccount = async () => (await directory.simulatorAccount())!;

  const twilioPost: ConversationHarness['twilioPost'] = async (path, params, o = {}) => {
    const url = `${baseUrl}${path}`;
    const token = o.authToken ?? (await simulatorAccount()).authToken;
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const value of Array.isArray(v) ? v : [v]) form.append(k, value);
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': o.signature ?? twilioSignature(token, url, params) },
      body: form,
    });
  };

  const harness: ConversationHarness = {
    db,
    app: theApp,
    baseUrl,
    deps,
    get worker() {
      return deps.outbox as OutboxWorker;
    },
    async restartWorker() {
      await (deps.outbox as OutboxWorker).stop();
      deps.outbox = newWorker();
    },
    notified,
    submissions,
    login,
    call,
    twilioPost,
    simulatorAccount,
    flushNotifications: () => notifier.flush(),
    close: async () => {
      await (deps.outbox as OutboxWorker).stop();
      await notifier.flush();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
  return harness;
}

/** Polls `probe` until it returns a truthy value (returned) or the time runs out (throws). */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 5_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let phoneCounter = 0;

/** A fresh number in an area code the demo data does not use, unique within the test run. */
export function testPhone(lastFour?: string): string {
  phoneCounter += 1;
  const exchange = String(200 + ((phoneCounter * 7) % 700)).padStart(3, '0');
  return `+1646${exchange}${lastFour ?? String(1000 + (phoneCounter % 9000)).padStart(4, '0')}`;
}

/** A new customer with an open interaction in a store (store 1, Metro Toyota of Brooklyn, by default). */
export async function createConversation(
  h: Pick<ConversationHarness, 'db'>,
  opts: { storeId?: number; phone?: string | null; email?: string | null; firstName?: string } = {},
): Promise<{ storeId: number; customerId: number; interactionId: number; phone: string | null; email: string | null }> {
  const sql = h.db.sql;
  const storeId = opts.storeId ?? 1;
  const phone = opts.phone === undefined ? testPhone() : opts.phone;
  const email = opts.email === undefined ? `customer${Date.now()}${phoneCounter}@example.com` : opts.email;
  const [store] = await sql<{ bocId: number }[]>`select boc_id from store where id = ${storeId}`;
  const [c] = await sql<{ id: number }[]>`
    insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, email)
    values (${store!.bocId}, ${storeId}, ${`T-${Date.now()}-${phoneCounter++}`}, ${opts.firstName ?? 'Test'}, 'Customer', ${phone}, ${email})
    returning id`;
  const [f] = await sql<{ id: number }[]>`
    insert into future_service_interaction (store_id, company_id, customer_id, service_type)
    values (${storeId}, ${store!.bocId}, ${c!.id}, 'OIL_CHANGE') returning id`;
  return { storeId, customerId: c!.id, interactionId: f!.id, phone, email };
}
