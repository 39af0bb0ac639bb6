import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SYNC_MESSAGES, manualSyncResultSchema, dataSourceSchema, syncRunPageSchema, customerSyncHistorySchema, storeTimelineSchema, schedulerCreatedSchema, dataSourceHealthSchema } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { readDocumented } from '../testing/contract';
import { runDueSchedulers } from '../services/data-sync/sync/schedulers';

let h: Harness;
let token: string;
let storeId: number;
let bocId: number;
let enterpriseId: number;

const send = (method: string, path: string, body?: unknown, t = token) =>
  h.app.request(path, { method, headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

beforeAll(async () => {
  h = await startHarness();
  token = await h.login('enterprise_admin');
  const [s] = await h.db.sql<{ id: number; bocId: number; enterpriseId: number }[]>`
    select s.id, s.boc_id, b.enterprise_id from store s join boc b on b.id = s.boc_id where s.store_code = 'MTB01'`;
  ({ id: storeId, bocId, enterpriseId } = s!);
  // The demo's own sources are off: each case here configures what it needs.
  await h.db.sql`update data_source set enabled = false`;
}, 120_000);
afterAll(async () => h?.close());

const counts = async () => {
  const [row] = await h.db.sql<{ customers: number; vehicles: number; sales: number; ros: number; readings: number }[]>`
    select (select count(*)::int from customer) as customers, (select count(*)::int from service_vehicle) as vehicles,
      (select count(*)::int from sale) as sales, (select count(*)::int from repair_order) as ros, (select count(*)::int from odometer_reading) as readings`;
  return row!;
};

describe('manual sync from the simulated dealer system', () => {
  it("refuses a store without a source: 'Datasource is not configured'", async () => {
    const res = await send('POST', '/api/data-sync/manual-sync', { storeIdPk: storeId });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(DATA_SYNC_MESSAGES.notConfigured);
  });

  it("refuses a dealer system the product has no connector for: 'DMS not supporting Sync'", async () => {
    const created = await send('POST', '/api/data-sync/datasource-configuration', {
      bocId, storeId, name: 'CDK feed', kind: 'CDK', credentials: { username: 'metro', password: 's3cret-pass' },
    });
    const source = dataSourceSchema.parse(await readDocumented(h.app, 'POST', '/api/data-sync/datasource-configuration', created));
    expect(source.hasCredentials).toBe(true);
    const [stored] = await h.db.sql<{ credentialsEncrypted: string }[]>`select credentials_encrypted from data_source where id = ${source.id}`;
    expect(stored!.credentialsEncrypted).not.toContain('s3cret');
    const res = await send('POST', '/api/data-sync/manual-sync', { storeIdPk: storeId });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(DATA_SYNC_MESSAGES.syncUnsupported);
    await send('PUT', `/api/data-sync/datasource-configuration/${source.id}`, { enabled: false });
  });

  it('syncs customers, vehicles, odometer readings, sales and closed repair orders, and a second run changes nothing', async () => {
    const created = await send('POST', '/api/data-sync/datasource-configuration', { bocId, storeId, name: 'Dealer system', kind: 'SIMULATED_DMS' });
    expect(created.status).toBe(200);
    const before = await counts();
    const first = manualSyncResultSchema.parse(await readDocumented(h.app, 'POST', '/api/data-sync/manual-sync', await send('POST', '/api/data-sync/manual-sync', { storeIdPk: storeId, filterDate: '2026-03-10' })));
    expect(first.message).toBe(DATA_SYNC_MESSAGES.synced);
    expect(first.run).toMatchObject({ status: 'SUCCEEDED', filterDate: '2026-03-10', storeIdPk: storeId, bocIdPK: bocId });
    expect(first.run.customers.created).toBeGreaterThan(100);
    expect(first.run.sales).toBeGreaterThan(100);
    expect(first.run.repairOrders).toBeGreaterThan(10);
    const afterFirst = await counts();
    expect(afterFirst.customers - before.customers).toBe(first.run.customers.created);
    expect(afterFirst.ros - before.ros).toBe(first.run.repairOrders);

    const again = manualSyncResultSchema.parse(await (await send('POST', '/api/data-sync/manual-sync', { storeIdPk: storeId, filterDate: '2026-03-10' })).json());
    expect(again.run).toMatchObject({ status: 'SUCCEEDED', customers: { created: 0, updated: 0 }, vehicles: 0, odometerReadings: 0, sales: 0, repairOrders: 0 });
    expect(await counts()).toEqual(afterFirst);

    const next = manualSyncResultSchema.parse(await (await send('POST', '/api/data-sync/manual-sync', { storeIdPk: storeId, filterDate: '2026-03-11' })).json());
    expect(next.run.customers.created).toBe(2);
    expect(next.run.sales).toBe(2);
    const [odo] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from odometer_reading where read_on = '2026-03-11'`;
    expect(odo!.n).toBeGreaterThan(0);
  }, 60_000);

  it('lists the history, the store timeline and a customer’s sync history', async () => {
    const page = syncRunPageSchema.parse(await (await h.get(`/api/data-sync/sync-history?enterpriseId=${enterpriseId}&storeIdPk=${storeId}`, token)).json());
    expect(page.totalElements).toBe(3);
    expect(page.content[0]!.filterDate).toBe('2026-03-11');
    const timeline = storeTimelineSchema.parse(await (await h.get(`/api/data-sync/store-history-timeline/${storeId}?days=7`, token)).json());
    expect(timeline.days).toHaveLength(7);
    expect(timeline.days.at(-1)!.syncs).toBe(3);
    const [c] = await h.db.sql<{ customerId: number }[]>`select customer_id from customer_sync_event order by sync_run_id desc limit 1`;
    const history = customerSyncHistorySchema.parse(await (await h.get(`/api/data-sync/customer-sync-history/${c!.customerId}`, token)).json());
    expect(history.events[0]!.action).toBe('CREATED');
    expect(history.sourceKeys[0]!.dataSourceName).toBe('Dealer system');
  });

  it('a store user outside the store cannot sync it, and other users cannot configure', async () => {
    const [other] = await h.db.sql<{ id: number }[]>`select id from store where store_code <> 'MTB01' order by id limit 1`;
    const office = await h.login('office_manager');
    const res = await send('POST', '/api/data-sync/manual-sync', { storeIdPk: other!.id }, office);
    expect(res.status).toBe(403);
    const rep = await h.login('sales_rep');
    expect((await send('POST', '/api/data-sync/manual-sync', { storeIdPk: storeId }, rep)).status).toBe(403);
  });
});

describe('schedulers', () => {
  it("creates one ('Scheduler created successfully') and refuses a second of the same kind ('Unable to create scheduler')", async () => {
    const res = await send('POST', '/api/data-sync/scheduler', { enterpriseId, storeIdFk: storeId, apiName: 'DMS_SYNC', runAt: '02:30' });
    const created = schedulerCreatedSchema.parse(await readDocumented(h.app, 'POST', '/api/data-sync/scheduler', res));
    expect(created.message).toBe(DATA_SYNC_MESSAGES.schedulerCreated);
    expect(created.scheduler).toMatchObject({ runAt: '02:30', timeZone: 'America/New_York', storeIdFk: storeId });
    const again = await send('POST', '/api/data-sync/scheduler', { enterpriseId, storeIdFk: storeId, apiName: 'DMS_SYNC', runAt: '03:00' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(DATA_SYNC_MESSAGES.schedulerFailed);
    const list = await h.get(`/api/data-sync/scheduler/api-name/${enterpriseId}?storeIdFk=${storeId}`, token);
    expect(((await list.json()) as unknown[]).length).toBe(1);

    // 02:29 in New York: not yet; 02:31: runs once; a later tick the same day: not again.
    expect(await runDueSchedulers(h.db.sql, new Date('2026-03-12T06:29:00Z'))).toEqual([]);
    const runs = await runDueSchedulers(h.db.sql, new Date('2026-03-12T06:31:00Z'));
    expect(runs).toHaveLength(1);
    expect(await runDueSchedulers(h.db.sql, new Date('2026-03-12T09:00:00Z'))).toEqual([]);
    const details = await h.get(`/api/data-sync/scheduler/${created.scheduler.id}`, token);
    expect(((await details.json()) as { recentRuns: { filterDate: string }[] }).recentRuns[0]!.filterDate).toBe('2026-03-12');
  }, 60_000);
});

describe('lagging and failing sources', () => {
  it('names a source without new data for its lag days to the store’s managers', async () => {
    await h.db.sql`update data_source set last_data_on = now() - interval '5 days' where name = 'Dealer system'`;
    const office = await h.login('office_manager');
    const health = dataSourceHealthSchema.parse(await (await h.get(`/api/data-sync/health?enterpriseId=${enterpriseId}`, office)).json());
    expect(health.problems).toEqual([expect.objectContaining({ kind: 'LAGGING', name: 'Dealer system', message: expect.stringContaining('no new data for 5 days') })]);
  });
});

describe("the dealer system's appointment book", () => {
  it('books, reads, moves, lists, searches and cancels appointments in the simulated dealer system', async () => {
    await h.db.sql`update data_source set enabled = true where name = 'Dealer system' and store_id is null`;
    await h.db.sql`update data_source set enabled = false where store_id is not null and kind <> 'SPREADSHEET'`;
    const found = (await (await h.get(`/api/data-sync/dms/customer-vehicle-search?storeIdPk=${storeId}&query=D00001`, token)).json()) as { dmsCustomerNumber: string; vin: string }[];
    expect(found[0]!.dmsCustomerNumber).toBe('MTB01-D00001');
    const input = { storeIdPk: storeId, dmsCustomerNumber: found[0]!.dmsCustomerNumber, vin: found[0]!.vin, startDate: '2026-12-01T15:00:00Z', endDate: '2026-12-01T16:00:00Z', opCodes: ['01OIL'] };
    const booked = (await (await send('POST', '/api/data-sync/dms/appointment', input)).json()) as { id: number; status: string };
    expect(booked.status).toBe('BOOKED');
    const moved = await send('PUT', `/api/data-sync/dms/appointment/${booked.id}`, { ...input, startDate: '2026-12-01T17:00:00Z', endDate: '2026-12-01T18:00:00Z' });
    expect(((await moved.json()) as { startDate: string }).startDate).toBe('2026-12-01T17:00:00.000Z');
    const day = (await (await h.get(`/api/data-sync/dms/all-appointments?storeIdPk=${storeId}&date=2026-12-01`, token)).json()) as unknown[];
    expect(day).toHaveLength(1);
    const helpers = (await (await h.get(`/api/data-sync/dms/help?storeIdPk=${storeId}`, token)).json()) as { opCodes: unknown[]; advisors: unknown[] };
    expect(helpers.opCodes.length).toBeGreaterThan(0);
    expect(helpers.advisors.length).toBeGreaterThan(0);
    const bad = await send('POST', '/api/data-sync/dms/appointment', { ...input, endDate: '2026-12-01T14:00:00Z' });
    expect(bad.status).toBe(400);
    const cancelled = (await (await send('DELETE', `/api/data-sync/dms/appointment/${booked.id}`)).json()) as { status: string };
    expect(cancelled.status).toBe('CANCELLED');
    expect((await (await h.get(`/api/data-sync/dms/all-appointments?storeIdPk=${storeId}&date=2026-12-01`, token)).json()) as unknown[]).toHaveLength(0);
  });
});
