import { AppError, type CustomerSyncHistory, type StoreTimeline, type SyncRun, type SyncRunCustomer, type SyncRunPage } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { assertStorePlace, visibleStoreIds } from '../access';

type RunRow = {
  id: number;
  dataSourceId: number;
  dataSourceName: string;
  bocId: number;
  storeId: number;
  storeName: string;
  trigger: SyncRun['trigger'];
  filterDate: string;
  status: SyncRun['status'];
  startedOn: Date;
  finishedOn: Date | null;
  customersCreated: number;
  customersUpdated: number;
  customersUnchanged: number;
  vehicles: number;
  odometerReadings: number;
  sales: number;
  repairOrders: number;
  error: string | null;
};

export const toSyncRun = (r: RunRow): SyncRun => ({
  id: r.id,
  dataSourceId: r.dataSourceId,
  dataSourceName: r.dataSourceName,
  bocIdPK: r.bocId,
  storeIdPk: r.storeId,
  storeName: r.storeName,
  trigger: r.trigger,
  filterDate: r.filterDate,
  status: r.status,
  startedOn: r.startedOn.toISOString(),
  finishedOn: r.finishedOn?.toISOString() ?? null,
  customers: { created: r.customersCreated, updated: r.customersUpdated, unchanged: r.customersUnchanged },
  vehicles: r.vehicles,
  odometerReadings: r.odometerReadings,
  sales: r.sales,
  repairOrders: r.repairOrders,
  error: r.error,
});

export const selectRuns = (sql: Sql) => sql`
  select r.id, r.data_source_id, d.name as data_source_name, r.boc_id, r.store_id, s.store_name, r.trigger, to_char(r.filter_date, 'YYYY-MM-DD') as filter_date,
    r.status, r.started_on, r.finished_on, r.customers_created, r.customers_updated, r.customers_unchanged, r.vehicles, r.odometer_readings,
    r.sales, r.repair_orders, r.error
  from sync_run r join data_source d on d.id = r.data_source_id join store s on s.id = r.store_id`;

export async function getSyncRun(sql: Sql, id: number): Promise<SyncRun> {
  const [row] = await sql<RunRow[]>`${selectRuns(sql)} where r.id = ${id}`;
  if (!row) throw new AppError('NOT_FOUND', `Sync ${id} does not exist`);
  return toSyncRun(row);
}

/** The sync history of an enterprise (of one store when named), newest first. */
export async function syncHistory(sql: Sql, user: SessionUser, q: { enterpriseId: number; storeIdPk?: number | undefined; page: number; size: number }): Promise<SyncRunPage> {
  const stores = await visibleStoreIds(sql, user, q.enterpriseId);
  if (q.storeIdPk !== undefined) await assertStorePlace(sql, user, { storeId: q.storeIdPk, enterpriseId: q.enterpriseId });
  const filter = q.storeIdPk !== undefined ? [q.storeIdPk] : stores;
  const [count] = await sql<{ n: number }[]>`select count(*)::int as n from sync_run where store_id = any(${filter}::bigint[])`;
  const rows = await sql<RunRow[]>`
    ${selectRuns(sql)} where r.store_id = any(${filter}::bigint[]) order by r.started_on desc, r.id desc limit ${q.size} offset ${q.page * q.size}`;
  return { content: rows.map(toSyncRun), page: q.page, size: q.size, totalElements: count!.n };
}

/** A store's last `days` days (store zone): syncs and files per day, oldest first, every day present. */
export async function storeTimeline(sql: Sql, user: SessionUser, storeId: number, days: number): Promise<StoreTimeline> {
  await assertStorePlace(sql, user, { storeId });
  const [store] = await sql<{ storeName: string; timeZone: string }[]>`select store_name, office_time_zone as time_zone from store where id = ${storeId}`;
  const rows = await sql<StoreTimeline['days']>`
    with d as (
      select (((now() at time zone ${store!.timeZone})::date) - g)::date as day from generate_series(0, ${days - 1}) g
    ), runs as (
      select (started_on at time zone ${store!.timeZone})::date as day, count(*)::int as syncs, count(*) filter (where status = 'FAILED')::int as failed,
        sum(customers_created)::int as created, sum(customers_updated)::int as updated, sum(repair_orders)::int as ros, sum(sales)::int as sales
      from sync_run where store_id = ${storeId} and started_on > now() - make_interval(days => ${days + 1}) group by 1
    ), files as (
      select (created_on at time zone ${store!.timeZone})::date as day, count(*)::int as files, sum(accepted_rows)::int as rows_in
      from file_upload_report where store_id = ${storeId} and not dry_run and created_on > now() - make_interval(days => ${days + 1}) group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(runs.syncs, 0) as syncs, coalesce(runs.failed, 0) as failed_syncs,
      coalesce(runs.created, 0) as customers_created, coalesce(runs.updated, 0) as customers_updated,
      coalesce(runs.ros, 0) as repair_orders, coalesce(runs.sales, 0) as sales, coalesce(files.files, 0) as files, coalesce(files.rows_in, 0) as file_rows
    from d left join runs on runs.day = d.day left join files on files.day = d.day order by d.day`;
  return { storeId, storeName: store!.storeName, timeZone: store!.timeZone, days: rows };
}

/** What syncs did to one customer, and under which customer numbers each source knows them. */
export async function customerSyncHistory(sql: Sql, user: SessionUser, customerId: number): Promise<CustomerSyncHistory> {
  const [c] = await sql<{ id: number; storeId: number; custno: string; firstName: string; lastName: string }[]>`
    select id, store_id, custno, first_name, last_name from customer where id = ${customerId}`;
  if (!c) throw new AppError('NOT_FOUND', `Customer ${customerId} does not exist`, [{ field: 'customerId', message: 'unknown customer' }]);
  await assertStorePlace(sql, user, { storeId: c.storeId });
  const keys = await sql<{ dataSourceName: string; externalKey: string }[]>`
    select d.name as data_source_name, k.external_key from customer_source_key k join data_source d on d.id = k.data_source_id
    where k.customer_id = ${customerId} order by d.name, k.external_key`;
  const events = await sql<{ syncRunId: number; action: 'CREATED' | 'UPDATED'; matchedOn: CustomerSyncHistory['events'][number]['matchedOn']; dataSourceName: string; filterDate: string; startedOn: Date }[]>`
    select e.sync_run_id, e.action, e.matched_on, d.name as data_source_name, to_char(r.filter_date, 'YYYY-MM-DD') as filter_date, r.started_on
    from customer_sync_event e join sync_run r on r.id = e.sync_run_id join data_source d on d.id = r.data_source_id
    where e.customer_id = ${customerId} order by r.started_on desc limit 200`;
  return {
    customerId: c.id,
    custno: c.custno,
    firstName: c.firstName,
    lastName: c.lastName,
    sourceKeys: keys,
    events: events.map((e) => ({ ...e, startedOn: e.startedOn.toISOString() })),
  };
}

/** The customers one sync created or changed (the first 500). */
export async function syncRunCustomers(sql: Sql, user: SessionUser, runId: number): Promise<SyncRunCustomer[]> {
  const run = await getSyncRun(sql, runId);
  await assertStorePlace(sql, user, { storeId: run.storeIdPk });
  return sql<SyncRunCustomer[]>`
    select c.id as customer_id, c.custno, c.first_name, c.last_name, e.action, e.matched_on
    from customer_sync_event e join customer c on c.id = e.customer_id
    where e.sync_run_id = ${runId} order by c.last_name, c.first_name, c.id limit 500`;
}
