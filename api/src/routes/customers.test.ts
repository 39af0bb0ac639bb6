import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPageSchema } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { checkDocumented, expectContract } from '../testing/contract';

let h: Harness;
const tokens: Record<string, string> = {};

async function get(path: string, token?: string): Promise<Response> {
  const res = await h.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await checkDocumented(h.app, 'GET', path, res);
  return res;
}

beforeAll(async () => {
  h = await startHarness();
  for (const u of ['office_manager', 'super_user']) tokens[u] = await h.login(u);
});
afterAll(async () => {
  await h?.close();
});

/** A store-1 customer with a vehicle, a repair order and two conversations, one of them closed. */
async function busyCustomer() {
  const [c] = await h.db.sql<{ id: number; bocId: number }[]>`
    select c.id, c.boc_id from customer c
    where c.store_id = 1 and exists (select 1 from repair_order ro where ro.customer_id = c.id and ro.store_id = 1)
      and exists (select 1 from future_service_interaction f where f.customer_id = c.id and f.store_id = 1)
      and exists (select 1 from service_vehicle v where v.customer_id = c.id)
    order by c.id limit 1`;
  const [open] = await h.db.sql<{ id: number }[]>`select id from future_service_interaction where customer_id = ${c!.id} and store_id = 1 order by id limit 1`;
  const [closed] = await h.db.sql<{ id: number }[]>`
    insert into future_service_interaction (store_id, company_id, customer_id, service_type, conv_closed)
    values (1, ${c!.bocId}, ${c!.id}, 'OIL_CHANGE_25K', true) returning id`;
  return { customerId: c!.id, bocId: c!.bocId, open: open!.id, closed: closed!.id };
}

describe('the customer page', () => {
  it('shows the customer, their vehicles, every conversation in the store (closed ones too), repair orders and appointments', async () => {
    const c = await busyCustomer();
    const res = await get(`/api/boc/${c.bocId}/store/1/customer/${c.customerId}`, tokens.office_manager);
    expect(res.status).toBe(200);
    const page = expectContract(customerPageSchema, await res.json());
    expect(page.customer.id).toBe(c.customerId);
    expect(page.store.id).toBe(1);
    expect(page.vehicles.length).toBeGreaterThan(0);
    const ids = page.conversations.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining([c.open, c.closed]));
    // Open conversations come before closed ones.
    expect(page.conversations.at(-1)).toMatchObject({ id: c.closed, convClosed: true, serviceType: 'OIL_CHANGE_25K' });
    expect(page.repairOrders.length).toBeGreaterThan(0);
    expect(page.repairOrders.every((o) => o.customer?.id === c.customerId && o.storeId === 1)).toBe(true);
    expect(page.appointments.every((a) => a.customer?.id === c.customerId && a.storeId === 1)).toBe(true);
  });

  it('keeps a store user to their store and names what was wrong', async () => {
    const c = await busyCustomer();
    expect((await get(`/api/boc/${c.bocId}/store/3/customer/${c.customerId}`, tokens.office_manager)).status).toBe(403);
    const wrongBoc = await get(`/api/boc/${c.bocId + 1}/store/1/customer/${c.customerId}`, tokens.office_manager);
    expect(wrongBoc.status).toBe(404);
    expect((await wrongBoc.json()).details[0].field).toBe('param.bocId');
    const [other] = await h.db.sql<{ id: number }[]>`select c.id from customer c where c.boc_id <> ${c.bocId} limit 1`;
    const foreign = await get(`/api/boc/${c.bocId}/store/1/customer/${other!.id}`, tokens.office_manager);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).details[0].field).toBe('param.customerId');
    const bad = await get(`/api/boc/${c.bocId}/store/1/customer/abc`, tokens.office_manager);
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].field).toBe('param.customerId');
    expect((await get(`/api/boc/${c.bocId}/store/1/customer/${c.customerId}`)).status).toBe(401);
    expect((await get(`/api/boc/${c.bocId}/store/1/customer/${c.customerId}`, tokens.super_user)).status).toBe(200);
  });
});
