import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterpriseSchema, interactionRecordSchema, leadPageSchema, storeSchema } from '@drivebay/shared';
import { z } from 'zod';
import { startHarness, type Harness } from '../testing/app-harness';
import { expectContract, readContract } from '../testing/contract';

let h: Harness;
let foreign: { storeId: number; bocId: number; fsiId: number };

beforeAll(async () => {
  h = await startHarness();
  // A second enterprise, outside every non-super user's scope.
  const sql = h.db.sql;
  const [e] = await sql`insert into enterprise (name) values ('Other Group') returning id`;
  const [b] = await sql`insert into boc (enterprise_id, boc_code, boc_name) values (${e!.id}, 'OG', 'Other BOC') returning id`;
  const [s] = await sql`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display)
    values (${b!.id}, 'OG1', 'Other Store', 'America/Denver', 'Mountain Time (MT)') returning id`;
  const [c] = await sql`insert into customer (boc_id, store_id, custno, first_name) values (${b!.id}, ${s!.id}, 'X1', 'Zed') returning id`;
  const [f] = await sql`insert into future_service_interaction (store_id, company_id, customer_id, service_type)
    values (${s!.id}, ${b!.id}, ${c!.id}, 'OIL_CHANGE') returning id`;
  foreign = { storeId: s!.id, bocId: b!.id, fsiId: f!.id };
});
afterAll(async () => {
  await h?.close();
});

// Demo stores: 1 and 2 in BOC 1, 3 in BOC 2, all in enterprise 1.
const matrix: [string, number[]][] = [
  ['office_manager', [1]],
  ['office_user', [1]],
  ['sales_rep', [1]],
  ['division_manager', [1, 2]],
  ['corporate_admin', [1, 2, 3]],
  ['enterprise_admin', [1, 2, 3]],
  ['enterprise_user', [1, 2, 3]],
  ['super_admin', [1, 2, 3, -1]],
  ['super_data_admin', [1, 2, 3, -1]],
  ['super_user', [1, 2, 3, -1]],
];

const bocOf: Record<number, number> = { 1: 1, 2: 1, 3: 2 };
const stores = z.array(storeSchema);

describe.each(matrix)('%s', (username, allowed) => {
  let token: string;
  beforeAll(async () => {
    token = await h.login(username);
  });

  it('sees exactly the stores in scope', async () => {
    const list = await readContract(await h.get('/api/enterprise/1/store', token), stores);
    expect(list.map((s) => s.id)).toEqual(allowed.filter((id) => id > 0));
  });

  it.each([1, 2, 3])('store %i: leads and interaction records within scope only', async (storeId) => {
    const res = await h.get(`/leadmanager/getLeadManagerDataForCompanyOffice?companyId=${bocOf[storeId]}&officeId=${storeId}&size=5`, token);
    if (allowed.includes(storeId)) {
      const page = await readContract(res, leadPageSchema);
      expect(page.totalElements).toBeGreaterThan(0);
      const rec = await h.get(`/api/future-service-interaction?future-service-interaction-id=${page.content[0]!.id}`, token);
      expect((await readContract(rec, interactionRecordSchema)).storeMaster.id).toBe(storeId);
    } else {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('FORBIDDEN');
      const [f] = await h.db.sql`select id from future_service_interaction where store_id = ${storeId} limit 1`;
      expect((await h.get(`/api/future-service-interaction?future-service-interaction-id=${f!.id}`, token)).status).toBe(403);
    }
  });

  it('another enterprise is visible to super roles only', async () => {
    const canSee = allowed.includes(-1);
    const list = await h.get(`/api/enterprise/${(await h.db.sql`select max(id) as id from enterprise`)[0]!.id}/store`, token);
    expect(list.status).toBe(canSee ? 200 : 403);
    const rec = await h.get(`/api/future-service-interaction?future-service-interaction-id=${foreign.fsiId}`, token);
    expect(rec.status).toBe(canSee ? 200 : 403);
    const enterprises = await readContract(await h.get('/api/enterprise', token), z.array(enterpriseSchema));
    expect(enterprises.length).toBe(canSee ? 2 : 1);
  });
});

describe('lead list', () => {
  it('searches name, email, phone and customer number in any case', async () => {
    const token = await h.login('office_manager');
    const [c] = await h.db.sql`select c.first_name, c.last_name, c.custno, c.cellular from future_service_interaction f
      join customer c on c.id = f.customer_id where f.store_id = 1 order by f.id limit 1`;
    for (const term of [c!.firstName.toUpperCase(), `${c!.firstName} ${c!.lastName}`, c!.custno, c!.cellular.slice(-7)]) {
      const res = await h.get(`/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=1&search=${encodeURIComponent(term)}`, token);
      const page = expectContract(leadPageSchema, await res.json());
      expect(page.content.length).toBeGreaterThan(0);
      expect(page.content.every((l) => JSON.stringify(l).toLowerCase().includes(term.toLowerCase().split(' ')[0]!))).toBe(true);
    }
  });

  it('pages with zero-based numbers and a stable total', async () => {
    const token = await h.login('office_manager');
    const p0 = expectContract(leadPageSchema, await (await h.get('/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=1&size=50&page=0', token)).json());
    const p2 = expectContract(leadPageSchema, await (await h.get('/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=1&size=50&page=2', token)).json());
    expect(p0.totalElements).toBe(120);
    expect(p2.totalElements).toBe(120);
    expect(p2.content.length).toBe(20);
    const p9 = expectContract(leadPageSchema, await (await h.get('/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=1&size=50&page=9', token)).json());
    expect(p9).toMatchObject({ content: [], totalElements: 120 });
  });

  it('rejects a store that is not in the named company, and bad paging', async () => {
    const token = await h.login('super_admin');
    const res = await h.get('/leadmanager/getLeadManagerDataForCompanyOffice?companyId=2&officeId=1', token);
    expect(res.status).toBe(400);
    expect((await res.json()).details[0].field).toBe('query.companyId');
    const bad = await h.get('/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=1&size=500', token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].field).toBe('query.size');
  });

  it('latest message skips INTERNAL messages', async () => {
    const token = await h.login('super_data_admin');
    const [f] = await h.db.sql`select id from future_service_interaction where store_id = 2 order by id limit 1`;
    await h.db.sql`insert into message_instance (future_service_interaction_id, store_id, content, direction, message_type, created_on)
      values (${f!.id}, 2, 'internal only', 'SENT', 'INTERNAL', now() + interval '1 day')`;
    const page = expectContract(leadPageSchema, await (await h.get('/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=2&size=100', token)).json());
    const lead = page.content.find((l) => l.id === f!.id);
    expect(lead?.latestMessage?.content).not.toBe('internal only');
  });
});

describe('operability', () => {
  it('unknown routes are 404 in the error shape', async () => {
    const res = await h.get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', details: [] });
  });
  it('health says the database answers', async () => {
    const res = await h.get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
  it('describes itself with OpenAPI, including the login call', async () => {
    const doc = (await (await h.get('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/user/v2/login', '/user/logout', '/api/enterprise/{enterpriseId}/store', '/leadmanager/getLeadManagerDataForCompanyOffice']),
    );
    expect((await h.get('/api/docs')).status).toBe(200);
  });
  it('every response carries a request id', async () => {
    const res = await h.get('/api/health');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
  it('never sends a stack trace', async () => {
    const token = await h.login('super_admin');
    const res = await h.get('/api/future-service-interaction?future-service-interaction-id=99999999999', token);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect([404, 400]).toContain(res.status);
  });
});
