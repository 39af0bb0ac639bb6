import type { Writable } from 'node:stream';
import type { Sql } from '../../../db/database';
import type { ImportRow } from '@drivebay/shared';

/** A row on its way in: its place in the file (or the sync) and its values. */
export type StagedRow = ImportRow & { rowNumber: number };

/** Rows per statement when rows are staged in batches. */
export const STAGE_BATCH = 5000;

const COLUMNS = 'batch_key, row_number, custno, first_name, last_name, phone, email, vin, make, model, year, odometer, read_on, code, description, alert_date';

const record = (batchKey: string, r: StagedRow) => ({
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
});

/**
 * Writes rows of a batch to the staging table. The rows travel as one JSON document per
 * STAGE_BATCH rows, read by json_populate_recordset: one parameter instead of sixteen per row,
 * which postgres.js would otherwise serialize one by one (the slowest part of a large file).
 */
export async function stageRows(sql: Sql, batchKey: string, rows: readonly StagedRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += STAGE_BATCH) {
    const json = JSON.stringify(rows.slice(i, i + STAGE_BATCH).map((r) => record(batchKey, r)));
    await sql`insert into import_staging (${sql.unsafe(COLUMNS)}) select ${sql.unsafe(COLUMNS)} from json_populate_recordset(null::import_staging, ${json}::text::json)`;
  }
}

export async function clearStaging(sql: Sql, batchKey: string): Promise<void> {
  await sql`delete from import_staging where batch_key = ${batchKey}`;
}

/** Rows staged as they are read; `end` waits until every row is in the table. */
export type Stager = {
  add: (row: StagedRow) => Promise<void>;
  end: () => Promise<void>;
  /** Gives up: what was sent may be in the table (clearStaging removes it). */
  abort: (error: Error) => void;
};

// COPY's text format: backslash, tab, newline and carriage return escaped, \N for null.
const copyText = (v: string | number | null): string => {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : v;
};

function copyLine(batchKey: string, r: StagedRow): string {
  const values = [batchKey, r.rowNumber, r.custno, r.firstName, r.lastName, r.phone, r.email, r.vin, r.make, r.model, r.year, r.odometer, r.readOn, r.code, r.description, r.alertDate];
  return `${values.map(copyText).join('\t')}\n`;
}

/**
 * Stages rows while the file is still being read. On a PostgreSQL server the rows stream through
 * one COPY into the staging table, so the database stores them while the next rows are parsed.
 * COPY holds its connection until the last row; with a pool of one connection (the embedded
 * engine) that would stall every other query of the import, so there the rows go in batches of
 * STAGE_BATCH, one batch on its way while the next is read.
 */
export async function openStager(sql: Sql, batchKey: string): Promise<Stager> {
  if ((sql.options?.max ?? 1) > 1) {
    const copy = (await sql`copy import_staging (${sql.unsafe(COLUMNS)}) from stdin`.writable()) as Writable;
    let failure: Error | null = null;
    copy.on('error', (error: Error) => {
      failure ??= error;
    });
    let chunk: string[] = [];
    const send = async () => {
      if (failure) throw failure;
      if (!chunk.length) return;
      const ok = copy.write(chunk.join(''));
      chunk = [];
      if (!ok) await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          copy.off('drain', done);
          copy.off('error', done);
          if (error) reject(error);
          else resolve();
        };
        copy.once('drain', done);
        copy.once('error', done);
      });
    };
    return {
      add: async (row) => {
        chunk.push(copyLine(batchKey, row));
        if (chunk.length >= 500) await send();
      },
      end: async () => {
        await send();
        await new Promise<void>((resolve, reject) => {
          if (failure) return reject(failure);
          copy.once('error', reject);
          copy.end(() => resolve());
        });
        if (failure) throw failure;
      },
      abort: (error) => {
        if (!copy.destroyed) copy.destroy(error);
      },
    };
  }
  let batch: StagedRow[] = [];
  let pending: Promise<void> = Promise.resolve();
  const flush = async () => {
    await pending;
    const rows = batch;
    batch = [];
    pending = rows.length ? stageRows(sql, batchKey, rows) : Promise.resolve();
    // A failure surfaces at the next flush or at the end; it must not go unhandled meanwhile.
    pending.catch(() => undefined);
  };
  return {
    add: async (row) => {
      batch.push(row);
      if (batch.length >= STAGE_BATCH) await flush();
    },
    end: async () => {
      await flush();
      await pending;
    },
    abort: () => {
      batch = [];
    },
  };
}
