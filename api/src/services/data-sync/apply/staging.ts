import type { Sql } from '../../../db/database';
import type { ImportRow } from '@drivebay/shared';

/** A row on its way in: its place in the file (or the sync) and its values. */
export type StagedRow = ImportRow & { rowNumber: number };

const COLUMNS = ['batch_key', 'row_number', 'custno', 'first_name', 'last_name', 'phone', 'email', 'vin', 'make', 'model', 'year', 'odometer', 'read_on', 'code', 'description', 'alert_date'] as const;

/** Rows per insert: 16 columns x 2,000 stays under PostgreSQL's 65,535 parameters. */
export const STAGE_BATCH = 2000;

/** Writes rows of a batch to the staging table (one statement per STAGE_BATCH rows). */
export async function stageRows(sql: Sql, batchKey: string, rows: readonly StagedRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += STAGE_BATCH) {
    const part = rows.slice(i, i + STAGE_BATCH).map((r) => ({
      batch_key: batchKey,
      row_number: r.rowNumber,
      custno: r.custno,
      first_name: r.firstName,
      last_name: r.lastName,
      phone: r.phone,
      email: r.email,
      vin: r.vin,
      make: r.make,
      model: r.model,
      year: r.year,
      odometer: r.odometer,
      read_on: r.readOn,
      code: r.code,
      description: r.description,
      alert_date: r.alertDate,
    }));
    await sql`insert into import_staging ${sql(part, ...COLUMNS)}`;
  }
}

export async function clearStaging(sql: Sql, batchKey: string): Promise<void> {
  await sql`delete from import_staging where batch_key = ${batchKey}`;
}
