import { toE164 } from '../conversations/rules/phone';
import type { ImportFileType } from './constants';

/** A product field a spreadsheet column can be mapped to. */
export type ImportField =
  | 'custno'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'email'
  | 'vin'
  | 'make'
  | 'model'
  | 'year'
  | 'odometer'
  | 'readOn'
  | 'code'
  | 'description'
  | 'alertDate';

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  custno: 'Customer number',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Mobile phone',
  email: 'Email',
  vin: 'VIN',
  make: 'Make',
  model: 'Model',
  year: 'Model year',
  odometer: 'Odometer',
  readOn: 'Odometer date',
  code: 'Campaign or alert code',
  description: 'Description',
  alertDate: 'Date',
};

type FieldSpec = { field: ImportField; required: boolean };

const ALERT_FIELDS: FieldSpec[] = [
  { field: 'vin', required: true },
  { field: 'code', required: true },
  { field: 'alertDate', required: true },
  { field: 'description', required: false },
  { field: 'odometer', required: false },
  { field: 'firstName', required: false },
  { field: 'lastName', required: false },
  { field: 'phone', required: false },
];

/** The fields each kind of file fills, in the order the mapping screen lists them. */
export const IMPORT_FIELDS: Record<ImportFileType, FieldSpec[]> = {
  RECALL: ALERT_FIELDS,
  HEA_ALERT: ALERT_FIELDS,
  CONNECTED_CAR_ALERT: ALERT_FIELDS,
  FEA_ALERT: ALERT_FIELDS,
  CUSTOMER_VEHICLE: [
    { field: 'custno', required: true },
    { field: 'firstName', required: false },
    { field: 'lastName', required: true },
    { field: 'phone', required: false },
    { field: 'email', required: false },
    { field: 'vin', required: true },
    { field: 'make', required: true },
    { field: 'model', required: true },
    { field: 'year', required: true },
    { field: 'odometer', required: false },
    { field: 'readOn', required: false },
  ],
};

/** Header words that suggest a field, compared without case, spaces or punctuation. */
const SYNONYMS: Record<ImportField, string[]> = {
  custno: ['custno', 'cust', 'customerno', 'customernumber', 'custnumber', 'customerid', 'custid', 'dmscustomerno', 'customer'],
  firstName: ['firstname', 'first', 'given', 'fname', 'givenname', 'customerfirstname'],
  lastName: ['lastname', 'last', 'family', 'lname', 'surname', 'familyname', 'customerlastname'],
  phone: ['phone', 'cellular', 'cell', 'mobile', 'mobilephone', 'cellphone', 'phonenumber', 'customerphone'],
  email: ['email', 'emailaddress', 'mail'],
  vin: ['vin', 'serial', 'serialnumber', 'vehicleidentificationnumber', 'vinnumber', 'vehiclevin'],
  make: ['make', 'brand', 'vehiclemake'],
  model: ['model', 'vehiclemodel', 'line'],
  year: ['year', 'modelyear', 'vehicleyear', 'yr', 'my'],
  odometer: ['odometer', 'mileage', 'miles', 'odo', 'currentmileage', 'odometerreading'],
  readOn: ['readon', 'mileagedate', 'odometerdate', 'readingdate', 'lastservicedate', 'servicedate'],
  code: ['code', 'campaign', 'campaigncode', 'campaignid', 'recallcode', 'recallid', 'alertcode', 'dtc', 'dtccode', 'faultcode'],
  description: ['description', 'desc', 'campaigndescription', 'recalldescription', 'alertdescription', 'details', 'summary', 'recallsummary'],
  alertDate: ['date', 'alertdate', 'recalldate', 'notificationdate', 'eventdate', 'reportdate', 'campaigndate'],
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A mapping: product field -> column header of the file. */
export type ColumnMapping = Partial<Record<ImportField, string>>;

/** Suggested column for each field of a file type from the file's headers (exact synonyms first). */
export function suggestMapping(fileType: ImportFileType, headers: readonly string[]): ColumnMapping {
  const out: ColumnMapping = {};
  const taken = new Set<string>();
  const squashed = headers.map((h) => [h, squash(h)] as const);
  for (const { field } of IMPORT_FIELDS[fileType]) {
    const words = SYNONYMS[field];
    const exact = squashed.find(([h, s]) => !taken.has(h) && words.includes(s));
    const partial = exact ?? squashed.find(([h, s]) => !taken.has(h) && s.length > 2 && words.some((w) => w.length > 3 && s.includes(w)));
    if (partial) {
      out[field] = partial[0];
      taken.add(partial[0]);
    }
  }
  return out;
}

/** Required fields a mapping leaves without a column of the file. */
export function missingRequired(fileType: ImportFileType, mapping: ColumnMapping, headers: readonly string[]): ImportField[] {
  return IMPORT_FIELDS[fileType].filter((f) => f.required && !(mapping[f.field] && headers.includes(mapping[f.field]!))).map((f) => f.field);
}

/** 17 characters, no I, O or Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/**
 * A day written as YYYY-MM-DD, MM/DD/YYYY (the US dealer exports), DD.MM.YYYY (the spec's planner
 * format) or a spreadsheet date; null when it is none of them or no such day.
 */
export function parseImportDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s))) [y, m, d] = [+match[1]!, +match[2]!, +match[3]!];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s))) [y, m, d] = [+match[3]!, +match[1]!, +match[2]!];
  else if ((match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s))) [y, m, d] = [+match[3]!, +match[2]!, +match[1]!];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900 || y > 2100) return null;
  return date.toISOString().slice(0, 10);
}

/** One row as the product keeps it. */
export type ImportRow = {
  custno: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
  readOn: string | null;
  code: string | null;
  description: string | null;
  alertDate: string | null;
};

export type RowProblem = { field: ImportField; message: string };

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  // NUL is the one character PostgreSQL cannot keep in text.
  const s = (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).replaceAll('\u0000', '').trim();
  return s === '' ? null : s;
};

const integer = (v: unknown): number | null | 'bad' => {
  const s = text(v);
  if (s === null) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isInteger(n) ? n : 'bad';
};

const REQUIRED = Object.fromEntries(
  Object.entries(IMPORT_FIELDS).map(([type, fields]) => [type, new Set(fields.filter((f) => f.required).map((f) => f.field))]),
) as Record<ImportFileType, Set<ImportField>>;

/**
 * {@link toE164} remembering its last answers (up to `size` numbers). A customer-vehicle list
 * repeats a customer's number on each of their vehicles, households and fleets share numbers, and
 * the full check is the costliest step of reading a row.
 */
export function rememberingPhoneReader(size = 20_000): (input: string) => string | null {
  const known = new Map<string, string | null>();
  return (input) => {
    const hit = known.get(input);
    if (hit !== undefined) return hit;
    const e164 = toE164(input);
    if (known.size >= size) known.clear();
    known.set(input, e164);
    return e164;
  };
}

/**
 * Reads one row through a mapping: the values the product keeps, or what is wrong with them.
 * `cell(header)` gives a column's raw value. `today` (YYYY-MM-DD) bounds model years and dates.
 * `phone` turns a number into E.164 or null (a file's import passes a remembering one).
 */
export function readImportRow(
  fileType: ImportFileType,
  mapping: ColumnMapping,
  cell: (header: string) => unknown,
  today: string,
  phone: (input: string) => string | null = toE164,
): { row: ImportRow; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const raw = (f: ImportField) => (mapping[f] ? cell(mapping[f]!) : undefined);
  const required = REQUIRED[fileType];
  const str = (f: ImportField, max: number) => {
    const v = text(raw(f));
    if (v === null) {
      if (required.has(f)) problems.push({ field: f, message: `${IMPORT_FIELD_LABELS[f]} is empty` });
      return null;
    }
    if (v.length > max) problems.push({ field: f, message: `${IMPORT_FIELD_LABELS[f]} is longer than ${max} characters` });
    return v.slice(0, max);
  };
  const row: ImportRow = {
    custno: str('custno', 40),
    firstName: str('firstName', 80),
    lastName: str('lastName', 80),
    phone: null,
    email: str('email', 200),
    vin: null,
    make: str('make', 40),
    model: str('model', 60),
    year: null,
    odometer: null,
    readOn: null,
    code: str('code', 40),
    description: str('description', 500),
    alertDate: null,
  };
  const vin = str('vin', 40)?.toUpperCase().replace(/\s/g, '') ?? null;
  if (vin !== null && !VIN_PATTERN.test(vin)) problems.push({ field: 'vin', message: 'VIN must be 17 letters and digits (no I, O or Q)' });
  else row.vin = vin;
  const number = text(raw('phone'));
  if (number !== null) {
    const e164 = phone(number);
    if (!e164) problems.push({ field: 'phone', message: `Mobile phone "${number.slice(0, 30)}" is not a valid number` });
    row.phone = e164;
  }
  if (row.email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(row.email)) problems.push({ field: 'email', message: 'Email is not an address' });
  const maxYear = Number(today.slice(0, 4)) + 2;
  const year = integer(raw('year'));
  if (year === 'bad' || (year !== null && (year < 1950 || year > maxYear))) problems.push({ field: 'year', message: `Model year must be a year from 1950 to ${maxYear}` });
  else if (year === null && required.has('year')) problems.push({ field: 'year', message: 'Model year is empty' });
  else row.year = year;
  const odometer = integer(raw('odometer'));
  if (odometer === 'bad' || (odometer !== null && (odometer < 0 || odometer > 2_000_000))) problems.push({ field: 'odometer', message: 'Odometer must be whole miles from 0 to 2,000,000' });
  else row.odometer = odometer;
  for (const f of ['readOn', 'alertDate'] as const) {
    const v = raw(f);
    if (text(v) === null) {
      if (required.has(f)) problems.push({ field: f, message: `${IMPORT_FIELD_LABELS[f]} is empty` });
      continue;
    }
    const day = parseImportDate(v instanceof Date ? v : text(v));
    if (!day) problems.push({ field: f, message: `${IMPORT_FIELD_LABELS[f]} must be a date (YYYY-MM-DD, MM/DD/YYYY or DD.MM.YYYY)` });
    else if (day > today) problems.push({ field: f, message: `${IMPORT_FIELD_LABELS[f]} is in the future` });
    else row[f] = day;
  }
  return { row, problems };
}

/** The key two rows of one file are duplicates on: one vehicle per list, one alert per vehicle, code and day. */
export function duplicateKey(fileType: ImportFileType, row: ImportRow): string {
  return fileType === 'CUSTOMER_VEHICLE' ? `${row.vin}` : `${row.vin}|${row.code}|${row.alertDate}`;
}

/** Whether a source has gone quiet: no new data for `lagDays` days (or never, once it has been synced). */
export function isLagging(source: { lastDataOn: string | null; lastSyncOn: string | null; lagDays: number; createdOn: string }, now: Date): boolean {
  const since = source.lastDataOn ?? source.createdOn;
  return now.getTime() - new Date(since).getTime() > source.lagDays * 86_400_000;
}

/** Roles that configure data sources and schedules, sync, and upload files. */
export const DATA_SYNC_MANAGER_ROLES = ['SUPER_ADMIN', 'SUPER_USER', 'SUPER_DATA_ADMIN', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN', 'DIVISION_MANAGER', 'OFFICE_MANAGER'] as const;

/** Whether any of the user's roles may change data-sync settings and bring data in. */
export function canManageDataSync(roles: readonly string[]): boolean {
  return roles.some((r) => (DATA_SYNC_MANAGER_ROLES as readonly string[]).includes(r));
}
