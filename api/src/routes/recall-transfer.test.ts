import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recallLeadPageSchema, recallTransferResultSchema, type RecallLead } from '@drivebay/shared';
import { startConversationHarness, testPhone, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';
import { createPlannerTestStore, finishedRun, seedRefusedCustomers } from '../testing/planner-runs';

let h: ConversationHarness;
let token: string;
let storeId: number;
let otherStoreFile: number;
const files: Record<string, number> = {};
const v: Record<string, { customerId: number; vehicleId: number; phone: string | null }> = {};

const TRANSFER = '/api/data-sync/recalllead/transfer';

/**
 * A store of its own in the demo enterprise with one customer per case, a recall file naming each
 * case's vehicle (and a second recall of the first vehicle, and a recall of another vehicle of the
 * same customer), and a second file of another recall type.
 */
beforeAll(async () => {
  h = await startConversationHarness();
  token = await h.login('corporate_admin');
  const sql = h.db.sql;
  storeId = await createPlannerTestStore(sql, { code: 'RCL01', name: 'Recall Test Toyota', address: '1 Main St, Albany, NY 12207', agent: ['Rita', 'Recall'] });
  const cases = ['due', 'second', 'optedOut', 'noMobile', 'texted', 'open', 'typed'];
  for (const [k, name] of cases.entries()) {
    const phone = name === 'noMobile' ? null : testPhone();
    const [c] = await sql<{ id: number }[]>`
      insert into customer (boc_id, store_id, custno, first_name, last_name, cellular)
      values (1, ${storeId}, ${`RCL-${k}`}, ${name}, 'Owner', ${phone}) returning id`;
    const [veh] = await sql<{ id: number }[]>`
      insert into service_vehicle (customer_id, vin, make, model, year) values (${c!.id}, ${`RCLVIN000000000${k}0`}, 'Toyota', 'Tacoma', 2022) returning id`;
    v[name] = { customerId: c!.id, vehicleId: veh!.id, phone };
  }
  // The first customer's second vehicle.
  const [extra] = await sql<{ id: number }[]>`insert into service_vehicle (customer_id, vin, make, model, year) values (${v.due!.customerId}, 'RCLVIN00000000099', 'Toyota', 'Camry', 2020) returning id`;
  v.dueCamry = { ...v.due!, vehicleId: extra!.id };
  await seedRefusedCustomers(sql, storeId, { optedOut: v.optedOut!, open: v.open!, texted: v.texted! });

  // Recall files as an import leaves them (completed), matched by the product's enrichment.
  const file = async (name: string, recallType: string, store: number, rows: { vehicle: string; code: string; description: string }[]) => {
    const [r] = await sql<{ id: number }[]>`
      insert into file_upload_report (enterprise_id, boc_id, store_id, file_type, recall_type, file_name, status, total_rows, accepted_rows)
      values (1, 1, ${store}, 'RECALL', ${recallType}, ${name}, 'COMPLETED', ${rows.length}, ${rows.length}) returning id`;
    for (const row of rows) {
      const [veh] = await sql<{ vin: string }[]>`select vin from service_vehicle where id = ${v[row.vehicle]!.vehicleId}`;
      await sql`insert into manufacturer_alert (file_report_id, file_type, enterprise_id, boc_id, store_id, recall_type, vin, code, description, alert_date)
        values (${r!.id}, 'RECALL', 1, 1, ${store}, ${recallType}, ${veh!.vin}, ${row.code}, ${row.description}, '2026-11-01')`;
    }
    const res = await h.call('/api/data-sync/perform/enrichment', { method: 'POST', token, json: { fileReportId: r!.id } });
    expect(res.status).toBe(200);
    return r!.id;
  };
  files.safety = await file('safety.csv', 'SAFETY', storeId, [
    ...['due', 'second', 'optedOut', 'noMobile', 'texted', 'open'].map((vehicle) => ({ vehicle, code: '26V-100', description: 'The fuel pump may stop working' })),
    { vehicle: 'due', code: '26V-200', description: 'The airbag inflator may rupture' },
    { vehicle: 'dueCamry', code: '26V-100', description: 'The fuel pump may stop working' },
  ]);
  files.emissions = await file('emissions.csv', 'EMISSIONS', storeId, [{ vehicle: 'typed', code: '26E-007', description: 'The catalytic converter may wear early' }]);
  const [mtb] = await sql<{ id: number }[]>`select id from store where store_code = 'MTB01'`;
  otherStoreFile = await file('other.csv', 'SAFETY', mtb!.id, []);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function leads(query: Record<string, string | number> = {}): Promise<RecallLead[]> {
  const params = new URLSearchParams(Object.entries({ enterprise_id: 1, store_id_pk: storeId, size: 100, ...query }).map(([k, x]) => [k, String(x)]));
  const res = await h.call(`/api/data-sync/recalllead/fetch/all?${params}`, { token });
  expect(res.status).toBe(200);
  return expectContract(recallLeadPageSchema, await res.json()).content;
}

const byCase = (list: RecallLead[], vehicle: string, code = '26V-100') => list.find((l) => l.serviceVehicleId === v[vehicle]!.vehicleId && l.campaignCode === code)!;

async function transfer(body: Record<string, unknown>) {
  const res = await h.call(TRANSFER, { method: 'POST', token, json: { enterprise_id: 1, store_id_pk: storeId, ...body } });
  return { res, body: (await res.json()) as { code?: string; details?: { field: string }[] } };
}

describe('refused selections', () => {
  it('answers 400 naming the field for no selection, leads of another store, a file of another store and an unknown type', async () => {
    const none = await transfer({});
    expect(none.res.status).toBe(400);
    expect(none.body.details?.[0]?.field).toBe('body.recallLeadIds');
    const [foreign] = await h.db.sql<{ id: number }[]>`select id from recall_lead where store_id <> ${storeId} limit 1`;
    const ids = [byCase(await leads(), 'due').id, ...(foreign ? [foreign.id] : [999_999_999])];
    const other = await transfer({ recallLeadIds: ids });
    expect(other.res.status).toBe(400);
    expect(other.body.details?.[0]?.field).toBe('body.recallLeadIds');
    const file = await transfer({ fileReportId: otherStoreFile });
    expect(file.res.status).toBe(400);
    expect(file.body.details?.[0]?.field).toBe('body.fileReportId');
    const type = await transfer({ recall_type: 'NOT_A_TYPE' });
    expect(type.res.status).toBe(400);
    expect(type.body.details?.[0]?.field).toBe('body.recall_type');
    const empty = await transfer({ recallLeadIds: [] });
    expect(empty.res.status).toBe(400);
  });
});

describe('transferring recall leads', () => {
  it('starts one conversation per lead it may, with the recall’s first text, and keeps the reason of each lead left out', async () => {
    const before = await leads();
    expect(before).toHaveLength(9);
    expect(before.every((l) => l.status === 'NEW' && l.interactionId === null && l.leftOutReason === null)).toBe(true);

    const { res, body } = await transfer({ fileReportId: files.safety });
    expect(res.status).toBe(200);
    const started = expectContract(recallTransferResultSchema, body);
    expect(started.selected).toBe(8);
    expect(started.run).toMatchObject({ planner: 'RECALL', plannerName: 'Recall leads', transfer: true, storeId });
    const run = await finishedRun(h, token, started.run!.id);
    expect(run).toMatchObject({ status: 'COMPLETED', progress: 100, dueCount: 2, transferredCount: 2 });
    // Two started (the first customer's and the second's); the rest left out, each for its reason.
    expect(run.leftOut).toMatchObject({ OPTED_OUT: 1, NO_MOBILE: 1, RECENTLY_CONTACTED: 1, OPEN_INTERACTION: 3 });

    const after = await leads({ file_report_id: files.safety! });
    expect(after).toHaveLength(8);
    const second = byCase(after, 'second');
    expect(second).toMatchObject({ status: 'TRANSFERRED', leftOutReason: null, fileReportId: files.safety });
    expect(second.interactionId).not.toBeNull();
    expect(second.transferredOn).not.toBeNull();
    expect(second.startOutcome).toBe('QUEUED');
    expect(byCase(after, 'optedOut')).toMatchObject({ status: 'NEW', leftOutReason: 'OPTED_OUT', interactionId: null });
    expect(byCase(after, 'noMobile')).toMatchObject({ status: 'NEW', leftOutReason: 'NO_MOBILE' });
    expect(byCase(after, 'texted')).toMatchObject({ status: 'NEW', leftOutReason: 'RECENTLY_CONTACTED' });
    expect(byCase(after, 'open')).toMatchObject({ status: 'NEW', leftOutReason: 'OPEN_INTERACTION' });
    // The first customer has three recalls on two vehicles: one conversation, the others wait for it.
    const mine = after.filter((l) => l.customerId === v.due!.customerId);
    expect(mine.filter((l) => l.status === 'TRANSFERRED')).toHaveLength(1);
    expect(mine.filter((l) => l.leftOutReason === 'OPEN_INTERACTION')).toHaveLength(2);

    // Each is a RECALL conversation whose first text is the recall's own words.
    const [f] = await h.db.sql<{ serviceType: string; conversationInitiated: boolean; recallLeadId: string }[]>`
      select service_type, conversation_initiated, metadata->>'recallLeadId' as recall_lead_id from future_service_interaction where id = ${second.interactionId}`;
    expect(f).toMatchObject({ serviceType: 'RECALL', conversationInitiated: true, recallLeadId: String(second.id) });
    const [text] = await h.db.sql<{ content: string }[]>`select content from message_instance where future_service_interaction_id = ${second.interactionId}`;
    expect(text!.content).toContain('second');
    expect(text!.content).toContain('26V-100');
    expect(text!.content).toContain('The fuel pump may stop working');
    expect(text!.content).toContain('2022 Toyota Tacoma');
    const [none] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from message_instance where customer_id = ${v.optedOut!.customerId}`;
    expect(none!.n).toBe(0);
  }, 60_000);

  it('a second transfer of the same file starts nothing twice, and a lead transferred is not selectable again', async () => {
    const [before] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from future_service_interaction where store_id = ${storeId} and service_type = 'RECALL'`;
    const { body } = await transfer({ fileReportId: files.safety });
    const again = expectContract(recallTransferResultSchema, body);
    expect(again.selected).toBe(6);
    const run = await finishedRun(h, token, again.run!.id);
    expect(run).toMatchObject({ status: 'COMPLETED', transferredCount: 0, dueCount: 0 });
    const [after] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from future_service_interaction where store_id = ${storeId} and service_type = 'RECALL'`;
    expect(after!.n).toBe(before!.n);
    const done = byCase(await leads(), 'second');
    const named = expectContract(recallTransferResultSchema, (await transfer({ recallLeadIds: [done.id] })).body);
    expect(named).toEqual({ run: null, selected: 0 });
  }, 60_000);

  it('transfers one lead named alone and every new lead of a recall type', async () => {
    // The opted-out customer opts back in: their lead, named alone, is transferred now.
    await h.db.sql`delete from mark where customer_id = ${v.optedOut!.customerId} and intent_type = 'SMS_OPT_OUT'`;
    const one = byCase(await leads(), 'optedOut');
    const started = expectContract(recallTransferResultSchema, (await transfer({ recallLeadIds: [one.id] })).body);
    expect(started.selected).toBe(1);
    expect(await finishedRun(h, token, started.run!.id)).toMatchObject({ status: 'COMPLETED', transferredCount: 1 });
    expect(byCase(await leads(), 'optedOut')).toMatchObject({ status: 'TRANSFERRED', leftOutReason: null, startOutcome: 'QUEUED' });

    const typed = expectContract(recallTransferResultSchema, (await transfer({ recall_type: 'EMISSIONS' })).body);
    expect(typed.selected).toBe(1);
    expect(await finishedRun(h, token, typed.run!.id)).toMatchObject({ status: 'COMPLETED', transferredCount: 1 });
    const lead = byCase(await leads({ recall_type: 'EMISSIONS' }), 'typed', '26E-007');
    expect(lead.status).toBe('TRANSFERRED');
    const [text] = await h.db.sql<{ content: string }[]>`select content from message_instance where future_service_interaction_id = ${lead.interactionId}`;
    expect(text!.content).toContain('The catalytic converter may wear early');

    // The runs are in the store's run history.
    const res = await h.call(`/api/future-service-interaction/planner-runs?store_id=${storeId}`, { token });
    const history = (await res.json()) as { content: { planner: string; transferredCount: number }[] };
    expect(history.content.filter((r) => r.planner === 'RECALL')).toHaveLength(4);
  }, 60_000);
});
