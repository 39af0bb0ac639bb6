import { AppError, DATA_SYNC_MESSAGES, type DataSourceKind } from '@drivebay/shared';
import type { Sql } from '../../../db/database';

export type SourceRow = {
  id: number;
  enterpriseId: number;
  bocId: number;
  storeId: number | null;
  name: string;
  kind: DataSourceKind;
};

/**
 * The dealer-system source that serves a store: the store's own enabled one, else its BOC's.
 * Throws the spec's 'Datasource is not configured' when neither has one.
 */
export async function dmsSourceOfStore(sql: Sql, storeId: number): Promise<SourceRow> {
  const [row] = await sql<SourceRow[]>`
    select d.id, d.enterprise_id, d.boc_id, d.store_id, d.name, d.kind
    from data_source d join store s on s.boc_id = d.boc_id
    where s.id = ${storeId} and d.enabled and d.kind <> 'SPREADSHEET' and (d.store_id = ${storeId} or d.store_id is null)
    order by d.store_id nulls last, d.id limit 1`;
  if (!row) throw new AppError('VALIDATION_FAILED', DATA_SYNC_MESSAGES.notConfigured, [{ field: 'storeIdPk', message: 'no dealer system is configured for this store or its BOC' }]);
  return row;
}
