import { z } from 'zod';
import { isBridgeDate } from '../boards/dates';
import { REPORT_MAX_PAGE_SIZE } from './constants';

/** Database views (spec §2): server-paged, filterable, sortable, exportable tables of the records. */
export const DATABASE_VIEWS = [
  { key: 'sales', title: 'Sales', dated: 'Sold date' },
  { key: 'appointments', title: 'Appointments', dated: 'Appointment start' },
  { key: 'customers', title: 'Customers', dated: 'Created' },
  { key: 'open-services', title: 'Open services', dated: 'Opened' },
  { key: 'closed-services', title: 'Closed services', dated: 'Closed' },
] as const;
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
});
export type DatabaseView = z.infer<typeof databaseViewSchema>;
