import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAILING_LIST_TEXT, isCodePrefixRefusal, mailingListDetailSchema, mailingListDetailsSchema, mailingListSchema } from '@drivebay/shared';
import { createApp } from '../app';
import { createLogger } from '../lib/logger';
import { startEntryPointsHarness } from '../services/landing/testing';
import type { ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';

let h: ConversationHarness;
const t: Record<string, string> = {};

beforeAll(async () => {
  h = await startEntryPointsHarness();
  for (const u of ['office_user', 'office_manager']) t[u] = await h.login(u);
});
afterAll(async () => {
  await h?.close();
});

const call = (path: string, init: { method?: string; json?: unknown; user?: string } = {}) => h.call(path, { ...init, token: t[init.user ?? 'office_user'] });

describe('/mailinglist', () => {
  it('creates lists whose code begins with LIST- and refuses others with the rule in the error list', async () => {
    const bad = await call('/mailinglist', { json: { code: 'VIP', tenantId: 1 } });
    expect(bad.status).toBe(400);
    const err = (await bad.json()) as { details: { field: string; message: string }[] };
    expect(err.details).toEqual([{ field: 'body.code', message: MAILING_LIST_TEXT.serverCodeRule }]);
    expect(isCodePrefixRefusal(err.details.map((d) => d.message))).toBe(true);

    // The bare prefix names no list.
    const bare = await call('/mailinglist', { json: { code: 'LIST-', tenantId: 1 } });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { details: unknown[] }).details).toEqual([{ field: 'body.code', message: MAILING_LIST_TEXT.codeNameRequired }]);

    const ok = await call('/mailinglist', { json: { code: 'LIST-VIP', tenantId: 1 } });
    expect(ok.status).toBe(200);
    const list = expectContract(mailingListSchema, await ok.json());
    expect(list).toMatchObject({ code: 'LIST-VIP', tenantId: 1, memberCount: 0, createdBy: 'Grace Liu' });
    expect((await call('/mailinglist', { json: { code: 'LIST-VIP', tenantId: 1 } })).status).toBe(409);

    const lists = expectContract(z.array(mailingListSchema), await (await call('/mailinglist?tenantId=1')).json());
    expect(lists.map((l) => l.code)).toContain('LIST-VIP');
  });

  it('adds customers, e-mail addresses and numbers, lists and removes them, and deletes the list', async () => {
    const list = expectContract(mailingListSchema, await (await call('/mailinglist', { json: { code: 'LIST-SPRING', tenantId: 1 } })).json());
    const [customer] = await h.db.sql<{ id: number; firstName: string; lastName: string }[]>`select id, first_name, last_name from customer where store_id = 1 order by id limit 1`;
    const add = (body: Record<string, unknown>) => call('/mailinglist/details', { json: { tenantId: 1, mailingListMasterId: list.mailingListMasterId, ...body } });

    const byCustomer = expectContract(mailingListDetailSchema, await (await add({ customerId: customer!.id })).json());
    expect(byCustomer).toMatchObject({ customerId: customer!.id, name: `${customer!.firstName} ${customer!.lastName}` });
    const byEmail = expectContract(mailingListDetailSchema, await (await add({ email: 'Fleet@Example.com', name: 'Fleet desk' })).json());
    expect(byEmail.email).toBe('fleet@example.com');
    expect((await add({ email: 'fleet@example.com' })).status).toBe(409);
    expect((await add({ customerId: customer!.id })).status).toBe(409);
    expect((await add({ phone: '555-CALL' })).status).toBe(400);
    expect((await add({})).status).toBe(400);
    const [foreign] = await h.db.sql<{ id: number }[]>`select id from customer where store_id = 3 limit 1`;
    expect((await add({ customerId: foreign!.id })).status).toBe(400);

    const details = mailingListDetailsSchema.parse(
      await (await call(`/mailinglist/details?tenantId=1&mailingListMasterId=${list.mailingListMasterId}`)).json(),
    );
    expect(details.mailingList.memberCount).toBe(2);
    expect(details.details.map((d) => d.mailingListDetailsId).sort()).toEqual([byCustomer.mailingListDetailsId, byEmail.mailingListDetailsId].sort());

    const removed = await call(`/mailinglist/details?tenantId=1&mailingListDetailsId=${byEmail.mailingListDetailsId}`, { method: 'DELETE' });
    expect(await removed.json()).toEqual({ message: 'Successfully Deleted' });
    expect((await call(`/mailinglist/details?tenantId=1&mailingListDetailsId=${byEmail.mailingListDetailsId}`, { method: 'DELETE' })).status).toBe(404);

    const gone = await call(`/mailinglist?tenantId=1&mailingListMasterId=${list.mailingListMasterId}`, { method: 'DELETE' });
    expect(await gone.json()).toEqual({ message: 'Successfully Deleted' });
    expect((await call(`/mailinglist/details?tenantId=1&mailingListMasterId=${list.mailingListMasterId}`)).status).toBe(404);
  });

  it('keeps each store’s lists to the users of that store', async () => {
    expect((await call('/mailinglist?tenantId=3')).status).toBe(403);
    expect((await call('/mailinglist', { json: { code: 'LIST-LA', tenantId: 3 } })).status).toBe(403);
    const list = expectContract(mailingListSchema, await (await call('/mailinglist', { json: { code: 'LIST-OWN', tenantId: 1 } })).json());
    // A list id of store 1 asked for as another store's is not found there.
    expect((await call(`/mailinglist/details?tenantId=2&mailingListMasterId=${list.mailingListMasterId}`, { user: 'office_manager' })).status).toBe(403);
    expect((await h.call('/mailinglist?tenantId=1')).status).toBe(401);
  });
});

describe('/mailinglist as a page address', () => {
  it('gives a browser’s page load the app and an API call the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drivebay-client-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Drivebay app</title><div id="root"></div>');
    const app = createApp({ sql: h.db.sql, logger: createLogger('silent'), clientDir: dir });
    for (const path of ['/mailinglist', '/mailinglist/details']) {
      const page = await app.request(path, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Drivebay app');
    }
    const api = await app.request('/mailinglist?tenantId=1', { headers: { accept: 'application/json', authorization: `Bearer ${t.office_user}` } });
    expect(api.status).toBe(200);
    expect(Array.isArray(await api.json())).toBe(true);
    // A call without a token is still the API's (401), not the page.
    expect((await app.request('/mailinglist?tenantId=1', { headers: { accept: 'application/json' } })).status).toBe(401);
  });
});
