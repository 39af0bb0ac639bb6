import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession, type Database } from '@drivebay/api';
import { createTestDatabase } from '@drivebay/api/testing';
import { createApp, createLogger } from '@drivebay/api/server';
import { inboxDocName } from '@drivebay/shared/docs';
import { Unauthorized } from './context';
import { connect, seed, startSync, type Running, type Seed } from './testing';

let db: Database;
let data: Seed;
let running: Running;

beforeAll(async () => {
  db = await createTestDatabase();
  data = await seed(db.sql);
  running = await startSync(db.sql);
});
afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('an administrator blocks a user', () => {
  it('closes the user’s open live connections within a second, through the administration route', async () => {
    const users = Object.fromEntries((await db.sql<{ id: number; username: string }[]>`select id, username from app_user`).map((u) => [u.username, u.id]));
    // The seeded manager administers the enterprise.
    await db.sql`insert into user_role (user_id, role, position) values (${users.manager!}, 'ENTERPRISE_ADMIN', 1)`;
    const { token: adminToken } = await createSession(db.sql, { userId: users.manager!, ip: '127.0.0.1', userAgent: 'vitest' });
    const { token } = await createSession(db.sql, { userId: users.colleague!, ip: '127.0.0.1', userAgent: 'vitest' });
    const client = connect(running.url, inboxDocName(data.store1), token);
    try {
      expect((await client.outcome).ok).toBe(true);
      const app = createApp({ sql: db.sql, logger: createLogger('silent') });
      const res = await app.request(`/api/admin/users/${users.colleague!}/block`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
      expect(res.status).toBe(200);
      await vi.waitFor(() => expect(client.closeCodes).toContain(Unauthorized.code), { timeout: 1_000, interval: 10 });
    } finally {
      client.destroy();
    }
  });
});
