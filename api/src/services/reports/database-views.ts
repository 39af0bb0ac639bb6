import type { PendingQuery, Row } from 'postgres';
import { AppError, type DatabaseView, type DatabaseViewKey, type DatabaseViewRequest } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { paging, resolveReportScope } from './scope';

type Fragment = PendingQuery<Row[]>;
type Column = { field: string; headerName: string; type: 'string' | 'number' | 'date' | 'dateTime'; expr: string };
type Definition = { from: string; store: string; only?: string; date: string; search: string[]; columns: Column[]; defaultSort: string };

const CUSTOMER_NAME = "trim(c.first_name || ' ' || c.last_name)";

/** Each view: its joins, the column holding its store and its date, what search matches, its columns. */
const VIEWS: Record<DatabaseViewKey, Definition> = {
  sales: {
    from: 'sale x join customer c on c.id = x.customer_id join store s on s.id = x.store_id left join service_vehicle v on v.id = x.service_vehicle_id',
    store: 'x.store_id',
    date: 'x.sold_date',
    search: [CUSTOMER_NAME, 'c.custno', 'c.cellular', 'v.vin'],
    defaultSort: 'soldDate',
    columns: [
      { field: 'soldDate', headerName: 'Sold date', type: 'date', expr: "to_char(x.sold_date, 'YYYY-MM-DD')" },
      { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
      { field: 'customerName', headerName: 'Customer', type: 'string', expr: CUSTOMER_NAME },
      { field: 'custno', headerName: 'Customer no.', type: 'string', expr: 'c.custno' },
      { field: 'vehicle', headerName: 'Vehicle', type: 'string', expr: "concat_ws(' ', v.year, v.make, v.model)" },
      { field: 'vin', headerName: 'VIN', type: 'string', expr: 'v.vin' },
      { field: 'dealType', headerName: 'Deal type', type: 'string', expr: 'x.deal_type' },
      { field: 'salePrice', headerName: 'Price', type: 'number', expr: 'x.sale_price::float8' },
    ],
  },
  appointments: {
    from: 'appointment x join store s on s.id = x.store_id left join customer c on c.id = x.customer_id left join service_vehicle v on v.id = x.service_vehicle_id left join service_advisor a on a.id = x.advisor_id',
    store: 'x.store_id',
    date: 'x.start_date',
    search: [CUSTOMER_NAME, 'c.cellular', 'v.vin', 'x.title'],
    defaultSort: 'startDate',
    columns: [
      { field: 'startDate', headerName: 'Starts', type: 'dateTime', expr: `to_char(x.start_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` },
      { field: 'status', headerName: 'Status', type: 'string', expr: "initcap(replace(x.appt_status, '_', ' '))" },
      { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
      { field: 'customerName', headerName: 'Customer', type: 'string', expr: CUSTOMER_NAME },
      { field: 'vehicle', headerName: 'Vehicle', type: 'string', expr: "concat_ws(' ', v.year, v.make, v.model)" },
      { field: 'advisor', headerName: 'Advisor', type: 'string', expr: 'a.name' },
      { field: 'title', headerName: 'Service', type: 'string', expr: "coalesce(x.title, array_to_string(x.op_codes, ', '))" },
    ],
  },
  customers: {
    from: 'customer x join store s on s.id = x.store_id',
    store: 'x.store_id',
    date: 'x.created_on',
    search: ["trim(x.first_name || ' ' || x.last_name)", 'x.custno', 'x.cellular', 'x.email'],
    defaultSort: 'customerName',
    columns: [
      { field: 'customerName', headerName: 'Customer', type: 'string', expr: "trim(x.first_name || ' ' || x.last_name)" },
      { field: 'custno', headerName: 'Customer no.', type: 'string', expr: 'x.custno' },
      { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
      { field: 'cellular', headerName: 'Mobile', type: 'string', expr: 'x.cellular' },
      { field: 'email', headerName: 'E-mail', type: 'string', expr: 'x.email' },
      { field: 'texts', headerName: 'Texts', type: 'string', expr: "case when x.block_sms then 'Opted out' else 'Allowed' end" },
      { field: 'vehicles', headerName: 'Vehicles', type: 'number', expr: '(select count(*) from service_vehicle sv where sv.customer_id = x.id)::int' },
    ],
  },
  'open-services': {
    from: "repair_order x join store s on s.id = x.store_id left join customer c on c.id = x.customer_id left join service_vehicle v on v.id = x.service_vehicle_id left join service_advisor a on a.id = x.advisor_id left join ref_ro_status l on l.code = x.status_code",
    store: 'x.store_id',
    only: "x.status_code <> 'CLOSED'",
    date: 'x.open_date',
    search: [CUSTOMER_NAME, 'x.ro_number', 'v.vin'],
    defaultSort: 'openDate',
    columns: [
      { field: 'roNumber', headerName: 'RO', type: 'string', expr: 'x.ro_number' },
      { field: 'lane', headerName: 'Lane', type: 'string', expr: 'l.lane_name' },
      { field: 'openDate', headerName: 'Opened', type: 'dateTime', expr: `to_char(x.open_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` },
      { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
      { field: 'customerName', headerName: 'Customer', type: 'string', expr: CUSTOMER_NAME },
      { field: 'vehicle', headerName: 'Vehicle', type: 'string', expr: "concat_ws(' ', v.year, v.make, v.model)" },
      { field: 'advisor', headerName: 'Advisor', type: 'string', expr: 'a.name' },
    ],
  },
  'closed-services': {
    from: 'repair_order x join store s on s.id = x.store_id left join customer c on c.id = x.customer_id left join service_vehicle v on v.id = x.service_vehicle_id left join service_advisor a on a.id = x.advisor_id',
    store: 'x.store_id',
    only: "x.status_code = 'CLOSED'",
    date: 'x.close_date',
    search: [CUSTOMER_NAME, 'x.ro_number', 'v.vin'],
    defaultSort: 'closeDate',
    columns: [
      { field: 'roNumber', headerName: 'RO', type: 'string', expr: 'x.ro_number' },
      { field: 'closeDate', headerName: 'Closed', type: 'dateTime', expr: `to_char(x.close_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` },
      { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
      { field: 'customerName', headerName: 'Customer', type: 'string', expr: CUSTOMER_NAME },
      { field: 'vehicle', headerName: 'Vehicle', type: 'string', expr: "concat_ws(' ', v.year, v.make, v.model)" },
      { field: 'advisor', headerName: 'Advisor', type: 'string', expr: 'a.name' },
    ],
  },
};

/** One page of a database view within the user's scope; `all` for an export (up to 50,000 rows). */
export async function databaseView(sql: Sql, user: SessionUser, key: DatabaseViewKey, body: DatabaseViewRequest, o?: { all: true }): Promise<DatabaseView> {
  const def = VIEWS[key];
  // Scope: the same rules as reports, over every day when no dates are given.
  const scope = await resolveReportScope(sql, user, { ...body, startDate: body.startDate ?? '1900-01-01', endDate: body.endDate ?? '2999-12-31' });
  const sortField = body.sort?.field ?? def.defaultSort;
  const sortColumn = def.columns.find((c) => c.field === sortField);
  if (!sortColumn) throw new AppError('VALIDATION_FAILED', `The view cannot be sorted by ${sortField}`, [{ field: 'sort.field', message: 'unknown column' }]);
  const direction = body.sort?.direction ?? (body.sort ? 'asc' : 'desc');
  const { page, size, offset } = paging(body);
  const columns = def.columns.map((c) => ({ field: c.field, headerName: c.headerName, type: c.type }));
  if (!scope.storeIds.length) return { view: key, columns, rows: [], page, size, totalElements: 0 };
  const dated = body.startDate || body.endDate;
  const pattern = body.search ? `%${body.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where: Fragment = sql`${sql.unsafe(def.store)} = any(${scope.storeIds}) ${def.only ? sql`and ${sql.unsafe(def.only)}` : sql``}
    ${dated ? sql`and ${sql.unsafe(def.date)} >= ${scope.from} and ${sql.unsafe(def.date)} < ${scope.to}` : sql``}
    ${pattern ? sql`and (${sql.unsafe(def.search.map((s) => `coalesce(${s}, '')`).join(' || \' \' || '))}) ilike ${pattern}` : sql``}`;
  const select = def.columns.map((c) => `${c.expr} as "${c.field}"`).join(', ');
  const result = await sql<Record<string, string | number | null>[]>`
    select ${sql.unsafe(select)}, count(*) over ()::int as total_rows from ${sql.unsafe(def.from)}
    where ${where}
    order by ${sql.unsafe(`"${sortColumn.field}"`)} ${sql.unsafe(direction)} nulls last, 1
    ${o?.all ? sql`limit 50000` : sql`limit ${size} offset ${offset}`}`;
  return {
    view: key,
    columns,
    rows: result.map((r) => def.columns.map((c) => r[c.field] ?? null)),
    page,
    size,
    totalElements: (result[0]?.totalRows as number | undefined) ?? 0,
  };
}
