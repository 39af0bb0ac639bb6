import {
  AppError,
  IMPORT_FIELD_LABELS,
  MAX_LISTED_ROW_ERRORS,
  PREVIEW_ROWS,
  IMPORT_FIELDS,
  isoDayInZone,
  missingRequired,
  readImportRow,
  rememberingPhoneReader,
  suggestMapping,
  type AlertFileType,
  type ImportPreview,
  type ImportQuery,
  type RowError,
} from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { assertManager, assertStorePlace } from '../access';
import { applyAlerts } from '../apply/alerts';
import { applyCustomerVehicles } from '../apply/customer-vehicles';
import { clearStaging, openStager, STAGE_BATCH, type Stager } from '../apply/staging';
import { enrichAlerts } from '../alerts/enrich';
import { getDataSource } from '../sources/data-sources';
import { effectiveMapping, savedMapping } from './mappings';
import { withUploadedFile, FILE_FIELD } from './read-upload';
import { openTable, type TableRow } from './table-reader';

/** Header names of a file: trimmed, blanks named by their column, repeats numbered. */
export function headerNames(cells: unknown[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((c, i) => {
    const base = (c === null || c === undefined ? '' : String(c)).replaceAll('\u0000', '').trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

const isBlank = (row: TableRow) => row.cells.every((c) => c === null || c === undefined || String(c).trim() === '');

type Place = { enterpriseId: number; bocId: number; storeId: number; dataSourceId: number | null };

async function checkPlace(sql: Sql, user: SessionUser, q: Pick<ImportQuery, 'enterprise_id' | 'boc_id_pk' | 'store_id_pk' | 'data_source_id'>): Promise<Place> {
  assertManager(user);
  await assertStorePlace(sql, user, { storeId: q.store_id_pk, bocId: q.boc_id_pk, enterpriseId: q.enterprise_id });
  if (q.data_source_id !== undefined) {
    const source = await getDataSource(sql, user, q.data_source_id);
    if (source.bocId !== q.boc_id_pk || (source.storeId !== null && source.storeId !== q.store_id_pk)) {
      throw new AppError('VALIDATION_FAILED', 'The data source does not serve this store', [{ field: 'data_source_id', message: 'another store’s source' }]);
    }
  }
  return { enterpriseId: q.enterprise_id, bocId: q.boc_id_pk, storeId: q.store_id_pk, dataSourceId: q.data_source_id ?? null };
}

/** The first rows of an uploaded file with the suggested and the saved mapping; nothing is kept. */
export async function previewImport(sql: Sql, user: SessionUser, q: ImportQuery, request: Request): Promise<ImportPreview> {
  const place = await checkPlace(sql, user, q);
  return withUploadedFile(request, async (file) => {
    const table = await openTable(file.name, file.stream);
    let headers: string[] | null = null;
    const rows: string[][] = [];
    for await (const row of table.rows) {
      if (isBlank(row)) continue;
      if (!headers) headers = headerNames(row.cells);
      else rows.push(headers.map((_, i) => (row.cells[i] instanceof Date ? (row.cells[i] as Date).toISOString().slice(0, 10) : String(row.cells[i] ?? '')).replaceAll('\u0000', '')));
      if (rows.length >= PREVIEW_ROWS) break;
    }
    if (!headers) throw new AppError('VALIDATION_FAILED', 'The file has no rows', [{ field: FILE_FIELD, message: 'empty' }]);
    return {
      fileName: file.name,
      headers,
      rows,
      suggested: suggestMapping(q.file_type, headers),
      saved: await savedMapping(sql, place.dataSourceId, q.file_type),
      fields: IMPORT_FIELDS[q.file_type].map((f) => ({ field: f.field, label: IMPORT_FIELD_LABELS[f.field], required: f.required })),
    };
  });
}

export type ImportOutcome = { fileReportId: number };

/**
 * Imports an uploaded file (spec §7 data-sync import): reads it as it arrives, checks every row
 * against the source's mapping, stages the good rows, then applies them and completes the file
 * report in one transaction. Rows with problems are listed on the report and left out; the good
 * rows are kept (docs/data-sync.md says why). A file that cannot be read, lacks a required column
 * or is too large is refused whole: the report says why and nothing of it is kept. A dry run
 * checks and reports without keeping anything. Progress is the share of the file read, written
 * to the report as it goes, and 0 again once the file is done.
 */
export async function runImport(sql: Sql, user: SessionUser, q: ImportQuery, request: Request, onProgress?: (percent: number) => void): Promise<ImportOutcome> {
  const place = await checkPlace(sql, user, q);
  const dryRun = q.dry_run === 'true';
  if (q.file_type === 'RECALL' && q.recall_type) {
    const [known] = await sql`select 1 from recall_type where code = ${q.recall_type}`;
    if (!known) throw new AppError('VALIDATION_FAILED', `Unknown recall type ${q.recall_type}`, [{ field: 'recall_type', message: 'not a recall type' }]);
  }
  const [store] = await sql<{ timeZone: string }[]>`select office_time_zone as time_zone from store where id = ${place.storeId}`;
  const today = isoDayInZone(new Date(), store!.timeZone);

  return withUploadedFile(request, async (file) => {
    const [report] = await sql<{ id: number }[]>`
      insert into file_upload_report (enterprise_id, boc_id, store_id, data_source_id, file_type, recall_type, file_name, dry_run, uploaded_by)
      values (${place.enterpriseId}, ${place.bocId}, ${place.storeId}, ${place.dataSourceId}, ${q.file_type}, ${q.recall_type ?? null},
        ${file.name.slice(0, 255)}, ${dryRun}, ${user.userId})
      returning id`;
    const reportId = report!.id;
    const batchKey = `file:${reportId}`;
    try {
      const table = await openTable(file.name, file.stream);
      let headers: string[] | null = null;
      let index = new Map<string, number>();
      let mapping = {};
      let total = 0;
      let accepted = 0;
      const rejectedRows = new Set<number>();
      const errors: RowError[] = [];
      let stager: Stager | null = null;
      let lastProgress = 0;
      const phone = rememberingPhoneReader();
      // Progress is written every STAGE_BATCH rows read: reading is most of the work, and 100 is
      // written once every row is read and checked.
      const tellProgress = async () => {
        if (!file.declaredBytes) return;
        const progress = Math.min(90, Math.floor((table.bytesRead() / file.declaredBytes) * 90));
        if (progress <= lastProgress) return;
        lastProgress = progress;
        await sql`update file_upload_report set progress = ${progress}, total_rows = ${total} where id = ${reportId}`;
        onProgress?.(progress);
      };
      try {
        for await (const row of table.rows) {
          if (isBlank(row)) continue;
          if (!headers) {
            headers = headerNames(row.cells);
            index = new Map(headers.map((h, i) => [h, i]));
            mapping = effectiveMapping(q.file_type, headers, await savedMapping(sql, place.dataSourceId, q.file_type));
            const missing = missingRequired(q.file_type, mapping, headers);
            if (missing.length) {
              throw new AppError('VALIDATION_FAILED', `The file has no column for ${missing.map((f) => IMPORT_FIELD_LABELS[f]).join(', ')} (its columns: ${headers.join(', ').slice(0, 300)}). Map the columns and upload it again`, missing.map((f) => ({ field: `${FILE_FIELD}.${f}`, message: 'no column' })));
            }
            stager = await openStager(sql, batchKey);
            continue;
          }
          total++;
          const { row: values, problems } = readImportRow(q.file_type, mapping, (h) => row.cells[index.get(h)!], today, phone);
          if (problems.length) {
            rejectedRows.add(row.rowNumber);
            for (const p of problems) if (errors.length < MAX_LISTED_ROW_ERRORS) errors.push({ rowNumber: row.rowNumber, field: IMPORT_FIELD_LABELS[p.field], message: p.message });
            continue;
          }
          accepted++;
          await stager!.add({ ...values, rowNumber: row.rowNumber });
          if (accepted % STAGE_BATCH === 0) await tellProgress();
        }
        if (!headers) throw new AppError('VALIDATION_FAILED', 'The file has no rows', [{ field: FILE_FIELD, message: 'empty' }]);
        await stager!.end();
      } catch (error) {
        stager?.abort(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
      // The whole file is read and checked: 100 until the rows are applied, then 0 with the report complete.
      await sql`update file_upload_report set progress = 100, total_rows = ${total} where id = ${reportId}`;
      onProgress?.(100);
      if (errors.length) await sql`insert into file_upload_row_error ${sql(errors.map((e) => ({ file_report_id: reportId, row_number: e.rowNumber, field: e.field, message: e.message.slice(0, 300) })))} on conflict do nothing`;
      const [dup] = await sql<{ n: number }[]>`
        select (count(*) - count(distinct ${q.file_type === 'CUSTOMER_VEHICLE' ? sql`vin` : sql`(vin, code, alert_date)`}))::int as n from import_staging where batch_key = ${batchKey}`;
      await sql.begin(async (t) => {
        const tx = t as unknown as Sql;
        let created = 0;
        let updated = 0;
        if (!dryRun && accepted > 0) {
          if (q.file_type === 'CUSTOMER_VEHICLE') {
            const r = await applyCustomerVehicles(tx, { batchKey, bocId: place.bocId, storeId: place.storeId, dataSourceId: place.dataSourceId, readingSource: 'IMPORT', withEvents: false });
            created = r.created;
            updated = r.updated;
          } else {
            const r = await applyAlerts(tx, { batchKey, fileReportId: reportId, fileType: q.file_type as AlertFileType, enterpriseId: place.enterpriseId, bocId: place.bocId, storeId: place.storeId, recallType: q.recall_type ?? null });
            created = r.created;
            updated = r.updated;
            await enrichAlerts(tx, { fileReportIds: [reportId] });
          }
        }
        await tx`delete from import_staging where batch_key = ${batchKey}`;
        await tx`
          update file_upload_report set status = 'COMPLETED', progress = 0, finished_on = now(), file_size = ${table.bytesRead()},
            total_rows = ${total}, accepted_rows = ${accepted}, rejected_rows = ${rejectedRows.size}, duplicate_rows = ${dup!.n},
            created_records = ${created}, updated_records = ${updated}
          where id = ${reportId}`;
      });
      return { fileReportId: reportId };
    } catch (error) {
      await clearStaging(sql, batchKey).catch(() => undefined);
      const refused = error instanceof AppError;
      const message = error instanceof Error ? error.message : String(error);
      await sql`
        update file_upload_report set status = ${refused ? 'REJECTED' : 'FAILED'}, progress = 0, finished_on = now(), file_error = ${message.slice(0, 1000)}
        where id = ${reportId}`;
      if (refused) throw error;
      throw new AppError('CONFLICT', `The file could not be imported and nothing of it was kept: ${message.slice(0, 200)}`, [{ field: FILE_FIELD, message: 'import failed' }]);
    }
  });
}
