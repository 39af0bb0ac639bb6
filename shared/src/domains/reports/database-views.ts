import { z } from 'zod';
import { isBridgeDate } from '../boards/dates';
import { REPORT_MAX_PAGE_SIZE } from './constants';

/**
 * Database views (spec §2): server-paged, filterable, sortable, exportable tables of the records,
 * with a chart of one column over every row of the filter. What each holds is in docs/reports.md.
 */
export const DATABASE_VIEWS = [
  { key: 'sales', title: 'Sales', dated: 'Sold date', section: 'records' },
  { key: 'appointments', title: 'Appointments', dated: 'Appointment start', section: 'records' },
  { key: 'customers', title: 'Customers', dated: 'Created', section: 'records' },
  { key: 'customer-vehicle-leads', title: 'Customer-vehicle leads', dated: 'Uploaded', section: 'records' },
  { key: 'open-services', title: 'Open services', dated: 'Opened', section: 'records' },
  { key: 'closed-services', title: 'Closed services', dated: 'Closed', section: 'records' },
  { key: 'email-alerts', title: 'E-mail alerts (all alerts)', dated: 'Alert day', section: 'alerts' },
  { key: 'recall-alerts', title: 'Recall alerts', dated: 'Alert day', section: 'alerts' },
  { key: 'hea-alerts', title: 'HEA alerts', dated: 'Alert day', section: 'alerts' },
  { key: 'fea-alerts', title: 'FEA alerts', dated: 'Alert day', section: 'alerts' },
  { key: 'cca-alerts', title: 'Connected-car alerts', dated: 'Alert day', section: 'alerts' },
  { key: 'fea-leads', title: 'FEA leads', dated: 'Alert day', section: 'alerts' },
  { key: 'sales-introspection', title: 'Introspection: sales', dated: 'Sold date', section: 'introspection' },
  { key: 'closed-ro-introspection', title: 'Introspection: closed ROs', dated: 'Closed', section: 'introspection' },
  { key: 'tea-introspection', title: 'Introspection: Toyota error alerts (TEA)', dated: 'Alert day', section: 'introspection' },
  { key: 'dms', title: 'DMS view: the dealer system’s appointments', dated: 'Appointment start', section: 'introspection' },
] as const;
/** How the report picker groups the views. */
export const DATABASE_VIEW_SECTIONS = { records: 'Database views', alerts: 'Alerts and alert leads', introspection: 'Introspection and DMS' } as const;
export type DatabaseViewKey = (typeof DATABASE_VIEWS)[number]['key'];
export const DATABASE_VIEW_KEYS = DATABASE_VIEWS.map((v) => v.key) as DatabaseViewKey[];

const day = z.string().refine(isBridgeDate, 'must be a date written YYYY-MM-DD');

export const databaseViewRequestSchema = z.object({
  enterpriseId: z.number().int().positive(),
  bocIds: z.array(z.number().int().positive()).max(200).optional(),
  storeIds: z.array(z.number().int().positive()).max(500).optional(),
  /** Days of the view's date column, both included (UTC); none means every day. */
  startDate: day.optional(),
  endDate: day.optional(),
  /** Only the rows of one bar of the view's chart (its label, as the answer's chart names it). */
  bar: z.string().max(200).optional(),
  /** Matches names, phone, e-mail, VIN, RO or customer number, case-insensitively. */
  search: z.string().trim().max(100).optional(),
  sort: z.object({ field: z.string().max(50), direction: z.enum(['asc', 'desc']) }).optional(),
  page: z.number().int().min(0).max(100_000).optional(),
  size: z.number().int().min(1).max(REPORT_MAX_PAGE_SIZE).optional(),
});
export type DatabaseViewRequest = z.infer<typeof databaseViewRequestSchema>;

const cell = z.union([z.string(), z.number(), z.null()]);
export const databaseViewSchema = z.object({
  view: z.enum(DATABASE_VIEW_KEYS as [DatabaseViewKey, ...DatabaseViewKey[]]),
  columns: z.array(z.object({ field: z.string(), headerName: z.string(), type: z.enum(['string', 'number', 'date', 'dateTime']) })),
  /** One array of cells per row, in the order of `columns`. */
  rows: z.array(z.array(cell)),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  /** One column counted over every row of the filter and search (the bar chosen aside): the bars, most first. */
  chart: z.object({ title: z.string(), bars: z.array(z.object({ label: z.string(), count: z.number().int() })) }).nullable(),
});
export type DatabaseView = z.infer<typeof databaseViewSchema>;
