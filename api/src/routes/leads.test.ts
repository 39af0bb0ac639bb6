import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactionRecordSchema, leadPageSchema } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { readContract } from '../testing/contract';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  token = await h.login('super_admin');
});
afterAll(async () => {
  await h?.close();
});

const record = async (id: number) =>
  readContract(await h.get(`/api/future-service-interaction?future-service-interaction-id=${id}`, token), interactionRecordSchema);

describe('GET /leadmanager/getLeadManagerDataForCompanyOffice', () => {
  it('answers a page of the lead contract', async () => {
    const page = await readContract(await h.get('/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=1&size=20', token), leadPageSchema);
    expect(page.content.length).toBeGreaterThan(0);
  });
});

describe('GET /api/future-service-interaction', () => {
  it('answers the full interaction record with vehicle, sale, marks and the dealer alert', async () => {
    const sql = h.db.sql;
    const [f] = await sql`select id, customer_id, service_vehicle_id from future_service_interaction
      where sale_id is not null and service_vehicle_id is not null order by id limit 1`;
    await sql`update future_service_interaction
      set jaguar_service_alert = ${sql.json({ alertType: 'RECALL', code: 7 })}, metadata = ${sql.json({ source: 'feed' })},
        planned_date = '2026-03-02', last_message_received_date = now(), response_insight = 'SPA-SS'
      where id = ${f!.id}`;
    await sql`insert into mark (target, customer_id, intent_type, value) values ('CUSTOMER', ${f!.customerId}, 'PREFERS_EMAIL', null)
      on conflict do nothing`;
    const r = await record(f!.id);
    expect(r.serviceVehicle).not.toBeNull();
    expect(r.salesDto?.sold_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.jaguarServiceAlertDTO).toEqual({ alertType: 'RECALL', code: 7 });
    expect(r.metadata).toEqual({ source: 'feed' });
    expect(r.customerMarks.map((m) => m.intentType)).toContain('PREFERS_EMAIL');
    expect(r.customerMaster.first_name).toBe(r.customerMaster.firstName);
    expect(r.storeMaster.officeMasterVO.officeTimeZone).toBe(r.storeMaster.officeMasterTimezone);
  });

  it('answers a bare record (no vehicle, sale or alert) with nulls where the contract allows them', async () => {
    const sql = h.db.sql;
    const [c] = await sql`insert into customer (boc_id, store_id, custno) values (1, 1, 'BARE-1') returning id`;
    const [f] = await sql`insert into future_service_interaction (store_id, company_id, customer_id, service_type)
      values (1, 1, ${c!.id}, 'OIL_CHANGE') returning id`;
    const r = await record(f!.id);
    expect(r).toMatchObject({ serviceVehicle: null, salesDto: null, jaguarServiceAlertDTO: null, plannedDate: null, responseInsight: null });
    expect(r.customerMaster).toMatchObject({ firstName: '', cellular: null, email: null });
  });

  it('the contract refuses a record whose field has the wrong type', () => {
    expect(interactionRecordSchema.safeParse({ id: '1' }).success).toBe(false);
  });
});
