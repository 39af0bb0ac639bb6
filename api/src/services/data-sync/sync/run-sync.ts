import { AppError, DATA_SYNC_MESSAGES, SYNC_PARTS_OF, isoDayInZone, type SchedulerApiName } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import { applyCustomerVehicles, customerIdsOf } from '../apply/customer-vehicles';
import { clearStaging, stageRows, type StagedRow } from '../apply/staging';
import { connectorFor } from '../dms/connectors';
import type { DmsChanges, DmsConnector } from '../dms/port';
import { dmsSourceOfStore } from '../sources/resolve-source';
import { applyClosedRepairOrders, applySales } from './apply-dms';

export type RunSyncOptions = {
  storeId: number;
  /** YYYY-MM-DD in the store's zone; today there when absent. */
  filterDate?: string | undefined;
  apiName: SchedulerApiName;
  trigger: 'MANUAL' | 'SCHEDULED';
  userId?: number | null;
  /** The connector of a kind; the product's own by default (tests pass a failing one). */
  connectorFor?: typeof connectorFor;
  now?: Date;
};

function rowsOf(changes: DmsChanges): StagedRow[] {
  const rows: StagedRow[] = [];
  for (const c of changes.customers) {
    const base = { custno: c.customerNumber, firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email, code: null, description: null, alertDate: null };
    if (!c.vehicles.length) rows.push({ ...base, rowNumber: rows.length + 1, vin: null, make: null, model: null, year: null, odometer: null, readOn: null });
    for (const v of c.vehicles) {
      rows.push({ ...base, rowNumber: rows.length + 1, vin: v.vin, make: v.make, model: v.model, year: v.year, odometer: v.odometer, readOn: v.odometerDate });
    }
  }
  return rows;
}

/**
 * Syncs one store from its dealer system for one day: customers and vehicles with their
 * odometer readings, sales and closed repair orders, applied in one transaction and recorded as a
 * sync run (the sync history). Running it again for the same day changes nothing. A failure is
 * recorded on the run and on the source (which the store's managers then see) and thrown.
 */
export async function runSync(sql: Sql, o: RunSyncOptions): Promise<number> {
  const source = await dmsSourceOfStore(sql, o.storeId);
  const connector: DmsConnector | null = (o.connectorFor ?? connectorFor)(source.kind);
  if (!connector) throw new AppError('VALIDATION_FAILED', DATA_SYNC_MESSAGES.syncUnsupported, [{ field: 'storeIdPk', message: `${source.name} cannot be synced by the product` }]);
  const [store] = await sql<{ id: number; code: string; brand: string | null; timeZone: string; bocId: number }[]>`
    select id, store_code as code, brand, office_time_zone as time_zone, boc_id from store where id = ${o.storeId}`;
  const now = o.now ?? new Date();
  const filterDate = o.filterDate ?? isoDayInZone(now, store!.timeZone);
  const parts = SYNC_PARTS_OF[o.apiName];
  const [previous] = await sql<{ n: number }[]>`
    select count(*)::int as n from sync_run where data_source_id = ${source.id} and store_id = ${o.storeId} and status = 'SUCCEEDED'`;
  const [run] = await sql<{ id: number }[]>`
    insert into sync_run (data_source_id, enterprise_id, boc_id, store_id, trigger, filter_date, started_by)
    values (${source.id}, ${source.enterpriseId}, ${store!.bocId}, ${o.storeId}, ${o.trigger}, ${filterDate}, ${o.userId ?? null})
    returning id`;
  const runId = run!.id;
  const batchKey = `sync:${runId}`;
  try {
    const changes = await connector.changes({ store: { id: store!.id, code: store!.code, brand: store!.brand, timeZone: store!.timeZone }, filterDate, initial: previous!.n === 0 });
    await stageRows(sql, batchKey, rowsOf(changes));
    await sql.begin(async (t) => {
      const tx = t as unknown as Sql;
      const applied = await applyCustomerVehicles(tx, { batchKey, bocId: store!.bocId, storeId: o.storeId, dataSourceId: source.id, readingSource: 'RO' });
      const ids = await customerIdsOf(tx, { bocId: store!.bocId, dataSourceId: source.id, custnos: changes.customers.map((c) => c.customerNumber) });
      const sales = parts.includes('sales') ? await applySales(tx, { storeId: o.storeId, sales: changes.sales, customerIds: ids }) : 0;
      const ros = parts.includes('repairOrders') ? await applyClosedRepairOrders(tx, { storeId: o.storeId, orders: changes.repairOrders, customerIds: ids }) : { orders: 0, readings: 0 };
      if (applied.events.length) {
        await tx`
          insert into customer_sync_event (sync_run_id, customer_id, action, matched_on)
          select ${runId}, * from unnest(${applied.events.map((e) => e.customerId)}::bigint[], ${applied.events.map((e) => e.action)}::text[],
            ${applied.events.map((e) => e.matchedOn)}::text[])`;
      }
      await tx`
        update sync_run set status = 'SUCCEEDED', finished_on = now(),
          customers_created = ${applied.created}, customers_updated = ${applied.updated}, customers_unchanged = ${applied.unchanged},
          vehicles = ${applied.vehicles}, odometer_readings = ${applied.readings + ros.readings}, sales = ${sales}, repair_orders = ${ros.orders}
        where id = ${runId}`;
      const gotData = changes.customers.length + changes.sales.length + changes.repairOrders.length > 0;
      await tx`
        update data_source set last_sync_on = now(), last_error = null, last_failure_on = null,
          last_data_on = case when ${gotData} then now() else last_data_on end, updated_on = now()
        where id = ${source.id}`;
      await tx`delete from import_staging where batch_key = ${batchKey}`;
    });
    return runId;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await clearStaging(sql, batchKey).catch(() => undefined);
    await sql`update sync_run set status = 'FAILED', finished_on = now(), error = ${message.slice(0, 500)} where id = ${runId}`;
    await sql`update data_source set last_sync_on = now(), last_failure_on = now(), last_error = ${message.slice(0, 500)}, updated_on = now() where id = ${source.id}`;
    if (error instanceof AppError) throw error;
    throw new AppError('CONFLICT', `The sync of the store failed: ${message.slice(0, 200)}`, [{ field: 'storeIdPk', message: 'sync failed' }]);
  }
}
