// The spreadsheet import against PostgreSQL's COPY: 100,000 customer-vehicle rows as CSV and as
// XLSX go through the product's import (stream, parse, map, validate, stage, dedupe, upsert into
// customers, vehicles and odometer readings under the identity rule), and the same rows as CSV are
// loaded with COPY into a plain table, in the same process on the same database; a second figure
// is COPY of the same rows into the product's own tables with their indexes, keys and triggers. Peak memory is
// sampled while each import runs, at 25,000 and 100,000 rows: a streamed import stays flat as the
// file grows.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/import.ts [rows=100000]
//
// PostgreSQL at DATABASE_URL (a fresh database, dropped afterwards); the local one by default.
import { appendFileSync, createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { ImportQuery } from '@drivebay/shared';
import { createTestDatabase } from '@drivebay/api/testing';
import { seedDemo } from '../api/src/seed/demo';
import { findSession, createSession } from '../api/src/services/auth/sessions';
import { runImport } from '../api/src/services/data-sync/imports/run-import';
import { openTable } from '../api/src/services/data-sync/imports/table-reader';
import { generator, machine } from './support';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const rows = Number(process.argv[2] ?? 100_000);
const HEADER = ['Customer Number', 'First Name', 'Last Name', 'Mobile', 'Email', 'VIN', 'Make', 'Model', 'Year', 'Odometer', 'Mileage Date'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const FIRST = ['Avery', 'Jordan', 'Morgan', 'Riley', 'Casey', 'Quinn', 'Harper', 'Rowan'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Castillo', 'Novak', 'Haddad', 'Mensah'];
const AREAS = ['201', '203', '215', '302', '404', '469', '512', '602', '615', '704', '720', '801'];

/** Deterministic rows: one vehicle per row, customers with one or two vehicles. */
function* makeRows(count: number): Generator<(string | number)[]> {
  const r = generator(424242);
  for (let i = 0; i < count; i++) {
    const c = Math.floor(i / 1.25);
    const vin = Array.from({ length: 17 }, () => VIN_CHARS[Math.floor(r() * VIN_CHARS.length)]).join('');
    yield [`B-${c}`, FIRST[c % FIRST.length]!, LAST[(c >> 3) % LAST.length]!, `(${AREAS[c % AREAS.length]}) 555-01${String(10 + (c % 90))}`, `b${c}@example.com`, vin, 'Toyota', 'Camry', 2015 + (i % 10), 1000 + (i % 90_000), '2026-10-01'];
  }
}

function writeCsv(path: string, count: number) {
  const lines = [HEADER.join(',')];
  for (const row of makeRows(count)) lines.push(row.join(','));
  writeFileSync(path, lines.join('\n'));
}

async function writeXlsx(path: string, count: number) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Customers');
  ws.addRow(HEADER).commit();
  for (const row of makeRows(count)) ws.addRow(row).commit();
  ws.commit();
  await wb.commit();
}

/** A multipart request streaming a file from disk, with its length declared as a browser does. */
function uploadRequest(path: string, name: string): Request {
  const boundary = 'benchboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="multipartFile"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.toWeb(Readable.from((async function* () {
    yield head;
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
    yield tail;
  })())) as ReadableStream<Uint8Array>;
  return new Request('http://bench/api/data-sync/import', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + statSync(path).size + tail.length) },
    body,
    duplex: 'half',
  } as RequestInit);
}

/** Runs `work` while sampling the process's resident and heap memory; returns seconds and peaks (MiB). */
async function measured<T>(work: () => Promise<T>) {
  globalThis.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  return { result, seconds, peakRssMiB: rss / 2 ** 20, peakHeapMiB: heap / 2 ** 20 };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const db = await createTestDatabase();
  try {
    await seedDemo(db.sql);
    const [user] = await db.sql<{ id: number }[]>`select id from app_user where username = 'enterprise_admin'`;
    const { token } = await createSession(db.sql, { userId: user!.id, ip: '127.0.0.1', userAgent: 'bench' });
    const session = (await findSession(db.sql, token))!;
    const [place] = await db.sql<{ storeId: number; bocId: number; enterpriseId: number }[]>`
      select s.id as store_id, s.boc_id, b.enterprise_id from store s join boc b on b.id = s.boc_id order by s.id limit 1`;
    const query = (fileType: 'CUSTOMER_VEHICLE'): ImportQuery => ({ enterprise_id: place!.enterpriseId, boc_id_pk: place!.bocId, store_id_pk: place!.storeId, file_type: fileType });

    const small = Math.round(rows / 4);
    const files = { csvSmall: join(dir, 'small.csv'), csv: join(dir, 'rows.csv'), xlsxSmall: join(dir, 'small.xlsx'), xlsx: join(dir, 'rows.xlsx') };
    writeCsv(files.csvSmall, small);
    writeCsv(files.csv, rows);
    await writeXlsx(files.xlsxSmall, small);
    await writeXlsx(files.xlsx, rows);

    // The baseline: COPY of the same CSV into a plain table with the same columns.
    await db.sql`create table bench_copy (custno text, first_name text, last_name text, phone text, email text, vin text, make text, model text, year int, odometer int, read_on date)`;
    const copy = await measured(async () => {
      const writable = await db.sql`copy bench_copy from stdin with (format csv, header true)`.writable();
      await pipeline(createReadStream(files.csv), writable);
    });
    const [copied] = await db.sql<{ n: number }[]>`select count(*)::int as n from bench_copy`;

    // The floor under any import in this process: reading the files' rows with the product's
    // readers (csv-parse, exceljs' streaming reader) and nothing else, no database at all.
    const readOnly = async (path: string, name: string) =>
      measured(async () => {
        const table = await openTable(name, createReadStream(path, { highWaterMark: 256 * 1024 }));
        let n = 0;
        for await (const _row of table.rows) n++;
        return n;
      });
    const csvRead = await readOnly(files.csv, 'rows.csv');
    const xlsxRead = await readOnly(files.xlsx, 'rows.xlsx');

    const product = async (path: string, name: string) => {
      // Each import starts from the demo's customers: earlier imports' customers are removed.
      await db.sql`delete from odometer_reading where service_vehicle_id in (select v.id from service_vehicle v join customer c on c.id = v.customer_id where c.custno like 'B-%')`;
      await db.sql`delete from service_vehicle where customer_id in (select id from customer where custno like 'B-%')`;
      await db.sql`delete from customer where custno like 'B-%'`;
      const run = await measured(() => runImport(db.sql, session, query('CUSTOMER_VEHICLE'), uploadRequest(path, name)));
      const [report] = await db.sql<{ status: string; acceptedRows: number; createdRecords: number }[]>`
        select status, accepted_rows, created_records from file_upload_report where id = ${run.result.fileReportId}`;
      if (report!.status !== 'COMPLETED') throw new Error(`${name}: ${report!.status}`);
      return { ...run, accepted: report!.acceptedRows, customers: report!.createdRecords };
    };
    const csvSmall = await product(files.csvSmall, 'small.csv');
    const csv = await product(files.csv, 'rows.csv');
    const xlsxSmall = await product(files.xlsxSmall, 'small.xlsx');
    const xlsx = await product(files.xlsx, 'rows.xlsx');
    await db.sql`delete from odometer_reading where service_vehicle_id in (select v.id from service_vehicle v join customer c on c.id = v.customer_id where c.custno like 'B-%')`;
    await db.sql`delete from service_vehicle where customer_id in (select id from customer where custno like 'B-%')`;
    await db.sql`delete from customer where custno like 'B-%'`;
    // A second baseline, fairer to the product and reported beside the first: COPY of the same rows
    // into the product's own tables (customers, vehicles, odometer readings) with their indexes,
    // keys and triggers, ids given in the files, in one transaction; then removed again. It is
    // what writing these rows costs the database before any parsing, checking or matching. It runs
    // after the imports (whose rows are removed first), so its files do not weigh on their memory.
    const tableFiles = { customers: join(dir, 'customers.tsv'), vehicles: join(dir, 'vehicles.tsv'), readings: join(dir, 'readings.tsv') };
    const [ids] = await db.sql<{ customer: number; vehicle: number }[]>`
      select (select coalesce(max(id), 0) from customer) + 1000000 as customer, (select coalesce(max(id), 0) from service_vehicle) + 1000000 as vehicle`;
    {
      const customers: string[] = [];
      const vehicles: string[] = [];
      const readings: string[] = [];
      const known = new Map<string, number>();
      let v = Number(ids!.vehicle);
      for (const [custno, first, last, phone, email, vin, make, model, year, odometer, readOn] of makeRows(rows)) {
        let c = known.get(String(custno));
        if (c === undefined) {
          c = Number(ids!.customer) + known.size;
          known.set(String(custno), c);
          customers.push(`${c}\t${place!.bocId}\t${place!.storeId}\tT${custno}\t${first}\t${last}\t+1${String(phone).replace(/\D/g, '')}\t${email}\n`);
        }
        vehicles.push(`${v}\t${c}\t${vin}\t${make}\t${model}\t${year}\t${odometer}\n`);
        readings.push(`${v}\t${readOn}\t${odometer}\tIMPORT\n`);
        v++;
      }
      writeFileSync(tableFiles.customers, customers.join(''));
      writeFileSync(tableFiles.vehicles, vehicles.join(''));
      writeFileSync(tableFiles.readings, readings.join(''));
    }
    const tableCopy = await measured(() =>
      db.sql.begin(async (tx) => {
        await pipeline(createReadStream(tableFiles.customers), await tx`copy customer (id, boc_id, store_id, custno, first_name, last_name, cellular, email) from stdin`.writable());
        await pipeline(createReadStream(tableFiles.vehicles), await tx`copy service_vehicle (id, customer_id, vin, make, model, year, odometer) from stdin`.writable());
        await pipeline(createReadStream(tableFiles.readings), await tx`copy odometer_reading (service_vehicle_id, read_on, odometer, source) from stdin`.writable());
      }),
    );
    await db.sql`delete from odometer_reading where service_vehicle_id >= ${ids!.vehicle}`;
    await db.sql`delete from service_vehicle where id >= ${ids!.vehicle}`;
    await db.sql`delete from customer where id >= ${ids!.customer}`;


    const rate = (n: number, s: number) => Math.round(n / s);
    const figures = {
      bench: 'import',
      database: db.kind,
      rows,
      copyRowsPerSecond: rate(copied!.n, copy.seconds),
      csvRowsPerSecond: rate(csv.accepted, csv.seconds),
      xlsxRowsPerSecond: rate(xlsx.accepted, xlsx.seconds),
      csvRatioToCopy: Number((copy.seconds / csv.seconds).toFixed(3)),
      xlsxRatioToCopy: Number((copy.seconds / xlsx.seconds).toFixed(3)),
      csvReadSeconds: Number(csvRead.seconds.toFixed(2)),
      xlsxReadSeconds: Number(xlsxRead.seconds.toFixed(2)),
      csvReadRatioToCopy: Number((copy.seconds / csvRead.seconds).toFixed(3)),
      xlsxReadRatioToCopy: Number((copy.seconds / xlsxRead.seconds).toFixed(3)),
      tableCopySeconds: Number(tableCopy.seconds.toFixed(2)),
      csvRatioToTableCopy: Number((tableCopy.seconds / csv.seconds).toFixed(3)),
      xlsxRatioToTableCopy: Number((tableCopy.seconds / xlsx.seconds).toFixed(3)),
      peakRssMiB: { csv: { [small]: Math.round(csvSmall.peakRssMiB), [rows]: Math.round(csv.peakRssMiB) }, xlsx: { [small]: Math.round(xlsxSmall.peakRssMiB), [rows]: Math.round(xlsx.peakRssMiB) } },
      peakHeapMiB: { csv: { [small]: Math.round(csvSmall.peakHeapMiB), [rows]: Math.round(csv.peakHeapMiB) }, xlsx: { [small]: Math.round(xlsxSmall.peakHeapMiB), [rows]: Math.round(xlsx.peakHeapMiB) } },
      customersCreated: csv.customers,
      fileMiB: { csv: Number((statSync(files.csv).size / 2 ** 20).toFixed(1)), xlsx: Number((statSync(files.xlsx).size / 2 ** 20).toFixed(1)) },
    };
    const date = new Date().toISOString();
    console.info(`database: ${db.kind}; ${machine()}`);
    console.info(`COPY ${copied!.n} rows: ${copy.seconds.toFixed(2)} s; into the product's tables: ${tableCopy.seconds.toFixed(2)} s`);
    console.info(`CSV import ${csv.accepted} rows: ${csv.seconds.toFixed(2)} s; XLSX: ${xlsx.seconds.toFixed(2)} s`);
    const file = new URL('./RESULTS.md', import.meta.url);
    if (!existsSync(file)) appendFileSync(file, '# Benchmark results\n\nAppended by the scripts in this folder; newest last.\n');
    appendFileSync(
      file,
      `\n## import — ${date}\n\n` +
        `- Machine: ${machine()}\n- Database: ${db.kind}; ${rows} customer-vehicle rows (${figures.fileMiB.csv} MiB CSV, ${figures.fileMiB.xlsx} MiB XLSX), ${csv.customers} customers\n` +
        `- PostgreSQL COPY of the CSV into a plain table: ${copy.seconds.toFixed(2)} s (${figures.copyRowsPerSecond} rows/s)\n` +
        `- Reading the files' rows alone (the product's readers, no database): CSV ${csvRead.seconds.toFixed(2)} s, XLSX ${xlsxRead.seconds.toFixed(2)} s; the bare COPY's time over these: CSV ${figures.csvReadRatioToCopy}, XLSX ${figures.xlsxReadRatioToCopy}\n` +
        `- Second baseline: COPY of the same rows into the product's tables (customer, service_vehicle, odometer_reading, with their indexes, keys and triggers): ${tableCopy.seconds.toFixed(2)} s\n` +
        `- Product import (stream, parse, map, validate, stage, dedupe, upsert customers, vehicles, odometer readings): CSV ${csv.seconds.toFixed(2)} s (${figures.csvRowsPerSecond} rows/s), XLSX ${xlsx.seconds.toFixed(2)} s (${figures.xlsxRowsPerSecond} rows/s)\n` +
        `- Ratio to COPY (COPY time / import time): CSV ${figures.csvRatioToCopy}, XLSX ${figures.xlsxRatioToCopy}; to the COPY into the product's tables: CSV ${figures.csvRatioToTableCopy}, XLSX ${figures.xlsxRatioToTableCopy}\n` +
        `- Peak resident memory, ${small} -> ${rows} rows: CSV ${Math.round(csvSmall.peakRssMiB)} -> ${Math.round(csv.peakRssMiB)} MiB, XLSX ${Math.round(xlsxSmall.peakRssMiB)} -> ${Math.round(xlsx.peakRssMiB)} MiB; peak heap CSV ${Math.round(csvSmall.peakHeapMiB)} -> ${Math.round(csv.peakHeapMiB)} MiB, XLSX ${Math.round(xlsxSmall.peakHeapMiB)} -> ${Math.round(xlsx.peakHeapMiB)} MiB\n` +
        `\n${JSON.stringify(figures)}\n`,
    );
    console.info(JSON.stringify(figures));
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
