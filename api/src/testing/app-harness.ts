import { createTestDatabase } from '../db/testing';
import type { Database } from '../db/database';
import { createApp, type App } from '../app';
import { TRUST_ANY_PROXY } from '../middleware/client-address';
import type { InboxNotifier } from '../services/conversations/notifier';
import { createLogger } from '../lib/logger';
import { seedDemo } from '../seed/demo';
import { checkDocumented } from './contract';

/** A real app on a fresh database with the demo seeded, for integration tests. */
export type Harness = {
  db: Database;
  app: App;
  login: (username: string, password?: string) => Promise<string>;
  get: (path: string, token?: string) => Promise<Response>;
  close: () => Promise<void>;
};

/** `notifier` hears what the routes announce to the store's open documents. */
export async function startHarness(opts: { notifier?: InboxNotifier } = {}): Promise<Harness> {
  const db = await createTestDatabase();
  await seedDemo(db.sql);
  const app = createApp({ sql: db.sql, logger: createLogger('silent'), notifier: opts.notifier, proxyTrust: TRUST_ANY_PROXY });
  const login = async (username: string, password = 'demo') => {
    const res = await app.request('/user/v2/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${username.length}.1` },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { authToken: string }).authToken;
  };
  // Every answer is checked against the schema its route documents (the shared contract).
  const get = async (path: string, token?: string) => {
    const res = await app.request(path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    await checkDocumented(app, 'GET', path, res);
    return res;
  };
  return { db, app, login, get, close: () => db.close() };
}
