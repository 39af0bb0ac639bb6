import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@drivebay/shared';
import { createLogger } from '../lib/logger';
import { onError, validationError } from '../middleware/errors';
import { hashPassword } from '../services/auth/password';
import { analyzeResponseSchema } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import type { AppEnv } from '../types';
import { assistantRoutes } from './assistant';
import { expectContract } from '../testing/contract';

let h: Harness;
let app: OpenAPIHono<AppEnv>;

// The analyzer's sub-app on its own, wired as the product app wires every route.
function assistantApp(sql: Harness['db']['sql']) {
  const a = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target === 'json' ? 'body' : result.target);
    },
  });
  const logger = createLogger('silent');
  a.use('*', async (c, next) => {
    c.set('sql', sql);
    c.set('logger', logger);
    await next();
  });
  a.route('/', assistantRoutes);
  a.onError(onError);
  return a;
}

beforeAll(async () => {
  h = await startHarness();
  app = assistantApp(h.db.sql);
  // A store-level user of the Los Angeles store, to see the store's zone used.
  const sql = h.db.sql;
  const [store] = await sql<{ id: number; bocId: number }[]>`select id, boc_id from store where office_time_zone = 'America/Los_Angeles' limit 1`;
  const [user] = await sql<{ id: number }[]>`
    insert into app_user (username, password_hash, first_name, last_name, emp_level, enterprise_id, boc_id, store_id, division_id)
    values ('la_advisor', ${await hashPassword('demo')}, 'Lena', 'Ortiz', 'STORE', 1, ${store!.bocId}, ${store!.id}, 'DIV004') returning id`;
  await sql`insert into user_role (user_id, role, position) values (${user!.id}, 'OFFICE_USER', 0)`;
});
afterAll(async () => {
  await h?.close();
});

const analyze = (body: unknown, token?: string) =>
  app.request('/api/assistant/analyze', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const REFERENCE = '2026-03-10T15:00:00-04:00';

describe('POST /api/assistant/analyze', () => {
  it('refuses a request without a live session', async () => {
    const res = await analyze({ text: 'yes' });
    expect(res.status).toBe(401);
    expect(expectContract(apiErrorSchema, await res.json()).code).toBe('UNAUTHENTICATED');
    expect((await analyze({ text: 'yes' }, 'not-a-session')).status).toBe(401);
  });

  it('names each invalid field', async () => {
    const token = await h.login('office_user');
    const fields = async (body: unknown) => {
      const res = await analyze(body, token);
      expect(res.status).toBe(400);
      const error = expectContract(apiErrorSchema, await res.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      return error.details.map((d) => d.field);
    };
    expect(await fields({})).toEqual(['body.text']);
    expect(await fields({ text: '   ' })).toEqual(['body.text']);
    expect(await fields({ text: 'x'.repeat(1601) })).toEqual(['body.text']);
    expect(await fields({ text: 'yes', referenceTime: '2026-03-10T15:00:00' })).toEqual(['body.referenceTime']);
    expect(await fields({ text: 'yes', timeZone: 'Eastern/Nowhere' })).toEqual(['body.timeZone']);
    expect(await fields({ text: '', referenceTime: 'tuesday', timeZone: '+05:00' })).toEqual(['body.text', 'body.referenceTime', 'body.timeZone']);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await analyze('{"text": ', await h.login('office_user'));
    expect(res.status).toBe(400);
    expect(expectContract(apiErrorSchema, await res.json()).code).toBe('MALFORMED_JSON');
  });

  it("reads agreement and a time, in the signed-in user's store zone", async () => {
    const res = await analyze({ text: 'yes, thursday at 3pm works', referenceTime: REFERENCE }, await h.login('office_user'));
    expect(res.status).toBe(200);
    const body = expectContract(analyzeResponseSchema, await res.json());
    expect(body.finalIntentNames).toEqual(['DT', 'YES']);
    expect(body.multiIntentNames).toEqual(['YES', 'DT']);
    expect(body.intents.map((i) => [i.text, i.intentName])).toEqual([
      ['yes', 'YES'],
      ['thursday at 3pm works', 'DT'],
    ]);
    expect(body.dateTimes).toEqual([{ text: 'thursday at 3pm', start: '2026-03-12T15:00:00-04:00', hasTime: true }]);
  });

  it("uses the zone of the user's own store, the business zone without a store, and the zone sent over both", async () => {
    const start = async (username: string, extra: object = {}) => {
      const res = await analyze({ text: 'thursday at 3pm', referenceTime: REFERENCE, ...extra }, await h.login(username));
      expect(res.status).toBe(200);
      return expectContract(analyzeResponseSchema, await res.json()).dateTimes[0]?.start;
    };
    expect(await start('la_advisor')).toBe('2026-03-12T15:00:00-07:00');
    expect(await start('enterprise_admin')).toBe('2026-03-12T15:00:00-04:00');
    expect(await start('la_advisor', { timeZone: 'America/Chicago' })).toBe('2026-03-12T15:00:00-05:00');
  });

  it('reads relative days from now when no reference time is sent', async () => {
    const zoneDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);
    const before = new Date(Date.now() + 86_400_000);
    const res = await analyze({ text: 'tomorrow works' }, await h.login('office_user'));
    const after = new Date(Date.now() + 86_400_000);
    const body = expectContract(analyzeResponseSchema, await res.json());
    expect(body.finalIntentNames).toEqual(['DT']);
    expect([zoneDay(before), zoneDay(after)]).toContain(body.dateTimes[0]?.start.slice(0, 10));
    expect(body.dateTimes[0]?.hasTime).toBe(false);
  });

  it('answers an opt-out as STOP for any signed-in role', async () => {
    for (const username of ['sales_rep', 'super_admin']) {
      const res = await analyze({ text: 'please stop texting me' }, await h.login(username));
      expect(res.status).toBe(200);
      expect(expectContract(analyzeResponseSchema, await res.json()).finalIntentNames).toEqual(['STOP']);
    }
  });
});
