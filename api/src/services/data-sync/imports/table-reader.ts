import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '@drivebay/shared';
import { FILE_FIELD } from './read-upload';

/** One row of a table file: its number as a spreadsheet program shows it (the header is row 1). */
export type TableRow = { rowNumber: number; cells: unknown[] };

export type TableFile = {
  format: 'CSV' | 'XLSX';
  rows: AsyncIterable<TableRow>;
  /** Bytes read so far from the upload. */
  bytesRead: () => number;
};

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, [{ field: FILE_FIELD, message }]);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (head: Buffer, magic: number[]) => magic.every((b, i) => head[i] === b);

/** The first bytes of a stream, and the whole stream again (those bytes first), counting bytes. */
async function peek(stream: Readable): Promise<{ head: Buffer; whole: Readable; bytesRead: () => number }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < 8) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks);
  let read = head.length;
  const whole = Readable.from(
    (async function* () {
      if (head.length) yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        read += next.value.length;
        yield next.value;
      }
    })(),
    { objectMode: false },
  );
  return { head, whole, bytesRead: () => read };
}

/** Text of a CSV upload, checked to be UTF-8 as it streams (a BOM is dropped). */
async function* utf8Text(bytes: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let lines = 1;
  for await (const chunk of bytes as AsyncIterable<Buffer>) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      // The line of the first broken character: the lines before this chunk and those in it before it.
      const loose = new TextDecoder('utf-8').decode(chunk);
      const before = loose.slice(0, Math.max(0, loose.indexOf('\uFFFD')));
      const line = lines + (before.match(/\n/g)?.length ?? 0);
      throw refuse(`The file is not UTF-8 text: a broken character on line ${line}. Save it as "CSV UTF-8" and upload it again`);
    }
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
    if (text) yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw refuse(`The file is not UTF-8 text: it ends inside a character (line ${lines})`);
  }
}

/**
 * The separator of a CSV file: whichever of comma, semicolon and tab its first line holds most of
 * outside quotes (a comma when none). One separator per file parses faster than trying three on
 * every character, and keeps a semicolon inside a comma file's field in its field.
 */
export function sniffDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  return counts[';'] > counts[','] && counts[';'] >= counts['\t'] ? ';' : counts['\t'] > counts[','] ? '\t' : ',';
}

async function* csvRows(bytes: Readable): AsyncGenerator<TableRow> {
  const text = utf8Text(bytes);
  // The first line, to tell the separator by (a header longer than one chunk is read on).
  const head: string[] = [];
  for (let next = await text.next(); !next.done; next = await text.next()) {
    head.push(next.value);
    if (/[\r\n]/.test(next.value) || head.join('').length > 100_000) break;
  }
  const delimiter = sniffDelimiter(head.join(''));
  const parser = parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, max_record_size: 100_000 });
  const source = Readable.from((async function* () {
    yield* head;
    yield* text;
  })());
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { rowNumber: info.lines, cells: record };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(`The file could not be read as CSV: ${(error as Error).message}`);
  }
}

type CellObject = { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown; hyperlink?: unknown };

/** A cell as a plain value: text of rich text and links, a formula's result, dates as dates. */
function cellValue(v: unknown): unknown {
  if (v === null || v === undefined || v instanceof Date) return v ?? null;
  if (typeof v === 'object') {
    const o = v as CellObject;
    if (o.richText) return o.richText.map((t) => t.text).join('');
    if ('result' in o) return cellValue(o.result);
    if ('error' in o) return null;
    if ('text' in o) return cellValue(o.text);
    return null;
  }
  return v;
}

async function* xlsxRows(bytes: Readable): AsyncGenerator<TableRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(bytes, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'emit' });
  try {
    // The first worksheet only: manufacturer and dealer exports keep their rows on one sheet.
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        yield { rowNumber: row.number, cells: Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellValue(values[i + 1])) };
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(`The file could not be read as XLSX: ${(error as Error).message}`);
  }
}

const EXTENSIONS = ['csv', 'txt', 'xlsx'];
const KNOWN_BINARIES = [
  { magic: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { magic: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG picture' },
  { magic: [0xff, 0xd8, 0xff], what: 'a JPEG picture' },
  { magic: [0x47, 0x49, 0x46, 0x38], what: 'a GIF picture' },
];

/**
 * Opens an uploaded table: XLSX (a zip) or CSV (UTF-8 text, comma, semicolon or tab separated),
 * told by the bytes, not only the name. Refuses other files with a message saying what to send.
 */
export async function openTable(name: string, stream: Readable): Promise<TableFile> {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (ext && !EXTENSIONS.includes(ext)) throw refuse(`Only CSV and XLSX files are taken; ${name} is a .${ext} file`);
  const { head, whole, bytesRead } = await peek(stream);
  if (!head.length) throw refuse('The file is empty');
  if (startsWith(head, ZIP)) return { format: 'XLSX', rows: xlsxRows(whole), bytesRead };
  if (startsWith(head, OLE)) throw refuse('This is an Excel 97-2003 (.xls) file: save it as .xlsx or CSV and upload it again');
  if (ext === 'xlsx') throw refuse(`${name} is not an XLSX file (it is not a zip package)`);
  const known = KNOWN_BINARIES.find((b) => startsWith(head, b.magic));
  if (known) throw refuse(`Only CSV and XLSX files are taken; this file is ${known.what}`);
  if (head.subarray(0, 8).includes(0)) throw refuse('Only CSV and XLSX files are taken; this file is neither (UTF-16 text is not taken: save it as "CSV UTF-8")');
  return { format: 'CSV', rows: csvRows(whole), bytesRead };
}
