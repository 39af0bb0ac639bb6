import { AppError, isLagging, type DataSource, type DataSourceHealth, type DataSourceInput, type DataSourceUpdate } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SecretBox } from '../../../lib/secret-box';
import type { SessionUser } from '../../auth/sessions';
import { assertBocAccess, assertManager, assertStorePlace, visibleStoreIds } from '../access';

type Row = {
  id: number;
  enterpriseId: number;
  bocId: number;
  bocName: string;
  storeId: number | null;
  storeName: string | null;
  name: string;
  kind: DataSource['kind'];
  hasCredentials: boolean;
  lagDays: number;
  enabled: boolean;
  lastSyncOn: Date | null;
  lastDataOn: Date | null;
  lastFailureOn: Date | null;
  lastError: string | null;
  createdOn: Date;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDataSource(r: Row, now = new Date()): DataSource {
  const failing = r.lastFailureOn !== null;
  return {
    ...r,
    lastSyncOn: iso(r.lastSyncOn),
    lastDataOn: iso(r.lastDataOn),
    lastFailureOn: iso(r.lastFailureOn),
    createdOn: r.createdOn.toISOString(),
    // Spreadsheets come when people bring them; only dealer systems are expected to feed daily.
    lagging: r.enabled && r.kind !== 'SPREADSHEET' && isLagging({ lastDataOn: iso(r.lastDataOn), lastSyncOn: iso(r.lastSyncOn), lagDays: r.lagDays, createdOn: r.createdOn.toISOString() }, now),
    failing,
  };
}

const select = (sql: Sql) => sql`
  select d.id, d.enterprise_id, d.boc_id, b.boc_name, d.store_id, s.store_name, d.name, d.kind, d.credentials_encrypted is not null as has_credentials,
    d.lag_days, d.enabled, d.last_sync_on, d.last_data_on, d.last_failure_on, d.last_error, d.created_on
  from data_source d join boc b on b.id = d.boc_id left join store s on s.id = d.store_id`;

/**
 * Sources a user may see in an enterprise: those of their stores, and the BOC-level ones of
 * the BOCs their stores are in.
 */
export async function listDataSources(sql: Sql, user: SessionUser, q: { enterpriseId: number; bocId?: number | undefined; storeId?: number | undefined }): Promise<DataSource[]> {
  const stores = await visibleStoreIds(sql, user, q.enterpriseId);
  const rows = await sql<Row[]>`
    ${select(sql)}
    where d.enterprise_id = ${q.enterpriseId}
      and (d.store_id = any(${stores}::bigint[]) or (d.store_id is null and d.boc_id in (select boc_id from store where id = any(${stores}::bigint[]))))
      ${q.bocId ? sql`and d.boc_id = ${q.bocId}` : sql``}
      ${q.storeId ? sql`and (d.store_id = ${q.storeId} or (d.store_id is null and d.boc_id = (select boc_id from store where id = ${q.storeId})))` : sql``}
    order by b.boc_name, s.store_name nulls first, d.name`;
  return rows.map((r) => toDataSource(r));
}

export async function getDataSource(sql: Sql, user: SessionUser, id: number): Promise<DataSource> {
  const [row] = await sql<Row[]>`${select(sql)} where d.id = ${id}`;
  if (!row) throw new AppError('NOT_FOUND', `Data source ${id} does not exist`, [{ field: 'dataSourceId', message: 'unknown data source' }]);
  if (row.storeId !== null) await assertStorePlace(sql, user, { storeId: row.storeId });
  else await assertBocAccess(sql, user, row.bocId);
  return toDataSource(row);
}

export async function createDataSource(sql: Sql, user: SessionUser, input: DataSourceInput & { lagDays: number; enabled: boolean }, box: SecretBox): Promise<DataSource> {
  assertManager(user);
  const { enterpriseId } = await assertBocAccess(sql, user, input.bocId).catch(async (error: unknown) => {
    // A store user may configure their own store's source without seeing the whole BOC.
    if (input.storeId && error instanceof AppError && error.code === 'FORBIDDEN') return assertStorePlace(sql, user, { storeId: input.storeId, bocId: input.bocId });
    throw error;
  });
  if (input.storeId) await assertStorePlace(sql, user, { storeId: input.storeId, bocId: input.bocId });
  const sealed = input.credentials ? box.seal(JSON.stringify(input.credentials)) : null;
  const [row] = await sql<{ id: number }[]>`
    insert into data_source (enterprise_id, boc_id, store_id, name, kind, credentials_encrypted, lag_days, enabled, created_by)
    values (${enterpriseId}, ${input.bocId}, ${input.storeId ?? null}, ${input.name}, ${input.kind}, ${sealed}, ${input.lagDays}, ${input.enabled}, ${user.userId})
    on conflict do nothing
    returning id`;
  if (!row) throw new AppError('CONFLICT', `A data source named ${input.name} already exists here`, [{ field: 'body.name', message: 'already used' }]);
  return getDataSource(sql, user, row.id);
}

export async function updateDataSource(sql: Sql, user: SessionUser, id: number, input: DataSourceUpdate, box: SecretBox): Promise<DataSource> {
  assertManager(user);
  await getDataSource(sql, user, id);
  const sealed = input.credentials === undefined ? undefined : input.credentials === null ? null : box.seal(JSON.stringify(input.credentials));
  try {
    await sql`
      update data_source set
        name = coalesce(${input.name ?? null}, name),
        lag_days = coalesce(${input.lagDays ?? null}, lag_days),
        enabled = coalesce(${input.enabled ?? null}, enabled),
        credentials_encrypted = case when ${sealed !== undefined} then ${sealed ?? null} else credentials_encrypted end,
        updated_on = now()
      where id = ${id}`;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError('CONFLICT', `A data source named ${input.name} already exists here`, [{ field: 'body.name', message: 'already used' }]);
    throw error;
  }
  return getDataSource(sql, user, id);
}

/** The dealer-system credentials of a source, opened (for a connector). */
export async function sourceCredentials(sql: Sql, id: number, box: SecretBox): Promise<{ username: string; password: string; dealerCode?: string } | null> {
  const [row] = await sql<{ credentialsEncrypted: string | null }[]>`select credentials_encrypted from data_source where id = ${id}`;
  return row?.credentialsEncrypted ? (JSON.parse(box.open(row.credentialsEncrypted)) as { username: string; password: string }) : null;
}

/** Lagging and failing dealer-system sources of the stores a user sees: what managers are shown. */
export async function dataSourceHealth(sql: Sql, user: SessionUser, enterpriseId: number, now = new Date()): Promise<DataSourceHealth> {
  const sources = await listDataSources(sql, user, { enterpriseId });
  const problems: DataSourceHealth['problems'] = [];
  for (const s of sources.map((r) => r)) {
    const where = s.storeName ?? `${s.bocName} (all stores)`;
    if (s.failing) problems.push({ dataSourceId: s.id, name: s.name, storeName: s.storeName, kind: 'FAILING', since: s.lastFailureOn, message: `${s.name} for ${where}: the last sync failed${s.lastError ? ` (${s.lastError})` : ''}` });
    else if (s.lagging) {
      const days = Math.floor((now.getTime() - new Date(s.lastDataOn ?? s.createdOn).getTime()) / 86_400_000);
      problems.push({ dataSourceId: s.id, name: s.name, storeName: s.storeName, kind: 'LAGGING', since: s.lastDataOn, message: `${s.name} for ${where}: no new data for ${days} days` });
    }
  }
  return { problems };
}
