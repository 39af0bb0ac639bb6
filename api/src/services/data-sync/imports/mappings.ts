import { AppError, DATA_SYNC_MESSAGES, missingRequired, suggestMapping, type ColumnMapping, type ImportFileType } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { assertManager } from '../access';
import { getDataSource } from '../sources/data-sources';

export async function savedMapping(sql: Sql, dataSourceId: number | null, fileType: ImportFileType): Promise<ColumnMapping | null> {
  if (dataSourceId === null) return null;
  const [row] = await sql<{ mapping: ColumnMapping }[]>`select mapping from import_mapping where data_source_id = ${dataSourceId} and file_type = ${fileType}`;
  return row?.mapping ?? null;
}

/** Saves a source's mapping for a kind of file ('Mapping Saved Successfully.'). */
export async function saveMapping(sql: Sql, user: SessionUser, o: { dataSourceId: number; fileType: ImportFileType; mapping: ColumnMapping }) {
  assertManager(user);
  await getDataSource(sql, user, o.dataSourceId);
  const columns = Object.values(o.mapping);
  if (new Set(columns).size !== columns.length) throw new AppError('VALIDATION_FAILED', 'A column is mapped to two fields', [{ field: 'body.mapping', message: 'each column may fill one field' }]);
  const missing = missingRequired(o.fileType, o.mapping, columns as string[]);
  if (missing.length) throw new AppError('VALIDATION_FAILED', `Map a column to each required field: ${missing.join(', ')}`, missing.map((f) => ({ field: `body.mapping.${f}`, message: 'required' })));
  await sql`
    insert into import_mapping (data_source_id, file_type, mapping, updated_by) values (${o.dataSourceId}, ${o.fileType}, ${sql.json(o.mapping)}, ${user.userId})
    on conflict (data_source_id, file_type) do update set mapping = excluded.mapping, updated_by = excluded.updated_by, updated_on = now()`;
  return { message: DATA_SYNC_MESSAGES.mappingSaved, ...o };
}

/**
 * The mapping an import uses: the source's saved one where its columns are in the file, the
 * suggestion from the headers for the other fields.
 */
export function effectiveMapping(fileType: ImportFileType, headers: string[], saved: ColumnMapping | null): ColumnMapping {
  const suggested = suggestMapping(fileType, headers);
  const kept = Object.fromEntries(Object.entries(saved ?? {}).filter(([, column]) => headers.includes(column!)));
  const used = new Set(Object.values(kept));
  const rest = Object.fromEntries(Object.entries(suggested).filter(([field, column]) => !(field in kept) && !used.has(column!)));
  return { ...rest, ...kept };
}
