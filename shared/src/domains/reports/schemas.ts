import { z } from 'zod';
import { SERVICE_TYPES, RESPONSE_CATEGORY_CODES } from '../../codes';
import { APPOINTMENT_STATUSES } from '../appointments/constants';
import { isBridgeDate } from '../boards/dates';
import { BUCKET_REPORT_KEYS } from './catalog';
import { DATABASE_VIEW_KEYS } from './database-views';
import { CUSTOMER_TYPES, DASHBOARD_TABS, REPORT_COUNTERS, REPORT_MAX_PAGE_SIZE } from './constants';

const id = z.number().int().positive();
/** A calendar day written YYYY-MM-DD (a real one: 2026-02-30 is refused). */
const isoDay = z.string().refine(isBridgeDate, 'must be a date written YYYY-MM-DD');
const instant = z.string();

/**
 * The body every report call takes (spec §7): the enterprise, BOCs, stores, service types and a
 * range of days (YYYY-MM-DD, both included, UTC). Missing BOCs and stores mean the spec's defaults;
 * a missing range means the last 7 days. demoFlag is what the client sends for demo enterprises;
 * the server decides it from the enterprise and says so in the answer.
 */
export const reportFilterSchema = z
  .object({
    enterpriseId: id,
    bocIds: z.array(id).max(200).optional(),
    storeIds: z.array(id).max(500).optional(),
    serviceTypes: z.array(z.enum(SERVICE_TYPES)).max(SERVICE_TYPES.length).optional(),
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
    demoFlag: z.boolean().optional(),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, { message: 'must not be before startDate', path: ['endDate'] })
  .refine((f) => !f.startDate || !f.endDate || Date.parse(f.endDate) - Date.parse(f.startDate) <= 3 * 366 * 86_400_000, {
    message: 'a report covers at most three years',
    path: ['endDate'],
  });
export type ReportFilter = z.infer<typeof reportFilterSchema>;

const paging = { page: z.number().int().min(0).max(100_000).optional(), size: z.number().int().min(1).max(REPORT_MAX_PAGE_SIZE).optional() };

/** Paging info (spec §3): zero-based page, page size, total element count. */
export const reportPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), page: z.number().int(), size: z.number().int(), totalElements: z.number().int() });

/** What the server used: the stores after defaults and scope, the days, the demo flag. */
export const reportScopeSchema = z.object({
  enterpriseId: id,
  storeIds: z.array(id),
  startDate: isoDay,
  endDate: isoDay,
  demoFlag: z.boolean(),
});
export type ReportScope = z.infer<typeof reportScopeSchema>;

// Dashboard -------------------------------------------------------------------------------------

export const reportCountersSchema = z.object(Object.fromEntries(REPORT_COUNTERS.map((c) => [c, z.number().int()])) as Record<(typeof REPORT_COUNTERS)[number], z.ZodNumber>);
export type ReportCounters = z.infer<typeof reportCountersSchema>;

export const dashboardRequestSchema = reportFilterSchema.and(
  z.object({ tab: z.enum(DASHBOARD_TABS).optional(), type: z.string().max(10).optional() }),
);
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;

/** Insight entries (spec §3): per customer type and day, how many answers fell in each category. */
export const insightEntrySchema = z.object({
  customerType: z.enum(CUSTOMER_TYPES),
  date: isoDay,
  insights: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type InsightEntry = z.infer<typeof insightEntrySchema>;

export const dashboardSchema = z.object({
  scope: reportScopeSchema,
  tab: z.enum(DASHBOARD_TABS),
  type: z.string(),
  typeLabel: z.string(),
  counters: reportCountersSchema,
  byDay: z.array(reportCountersSchema.extend({ date: isoDay })),
  byStore: z.array(
    reportCountersSchema.extend({
      storeId: id,
      storeName: z.string(),
      /** Median seconds from a customer's first message to the store's first answer. */
      medianFirstResponseSeconds: z.number().nullable(),
    }),
  ),
  insights: z.array(insightEntrySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardDetailRequestSchema = dashboardRequestSchema.and(
  z.object({ counter: z.enum(REPORT_COUNTERS), date: isoDay.optional(), storeId: id.optional(), ...paging }),
);
export type DashboardDetailRequest = z.infer<typeof dashboardDetailRequestSchema>;

export const dashboardDetailRowSchema = z.object({
  futureServiceInteractionId: id,
  storeId: id,
  storeName: z.string(),
  customerName: z.string(),
  serviceType: z.string(),
  customerType: z.enum(CUSTOMER_TYPES),
  contactedOn: instant.nullable(),
  respondedOn: instant.nullable(),
  engagedOn: instant.nullable(),
  apptBookedOn: instant.nullable(),
  responseInsight: z.string().nullable(),
  firstResponseSeconds: z.number().int().nullable(),
});
export type DashboardDetailRow = z.infer<typeof dashboardDetailRowSchema>;
export const dashboardDetailPageSchema = reportPageOf(dashboardDetailRowSchema);
export type DashboardDetailPage = z.infer<typeof dashboardDetailPageSchema>;

// Monthly response-insight report -----------------------------------------------------------------

export const categoryCountsSchema = z.object(
  Object.fromEntries(RESPONSE_CATEGORY_CODES.map((c) => [c, z.number().int()])) as Record<(typeof RESPONSE_CATEGORY_CODES)[number], z.ZodNumber>,
);

/** Monthly report columns (spec §9). */
export const monthlyRowSchema = z.object({
  month: z.string(),
  reportMonth: z.string(),
  customerType: z.enum(CUSTOMER_TYPES),
  categories: categoryCountsSchema,
  appointments: z.number().int(),
  optOut: z.number().int(),
  unclassified: z.number().int(),
  responded: z.number().int(),
});
export type MonthlyRow = z.infer<typeof monthlyRowSchema>;
export const monthlyReportSchema = z.object({ scope: reportScopeSchema, rows: z.array(monthlyRowSchema) });
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

// Appointment-status reports ------------------------------------------------------------------------

export const statusCountsSchema = z.object(
  Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof APPOINTMENT_STATUSES)[number], z.ZodNumber>,
);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

const statusTotals = statusCountsSchema.extend({
  total: z.number().int(),
  /** Completed or checked in, of those whose time has come (not cancelled); null when none. */
  showRate: z.number().nullable(),
});

export const appointmentSummaryRowSchema = statusTotals.extend({
  storeId: id,
  storeName: z.string(),
  bocId: id,
  bocName: z.string(),
  serviceType: z.string(),
});
export const appointmentSummarySchema = z.object({ scope: reportScopeSchema, rows: z.array(appointmentSummaryRowSchema), totals: statusTotals });
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;

export const appointmentDatewiseSchema = z.object({ scope: reportScopeSchema, rows: z.array(statusTotals.extend({ date: isoDay })), totals: statusTotals });
export type AppointmentDatewise = z.infer<typeof appointmentDatewiseSchema>;

export const appointmentDetailRequestSchema = reportFilterSchema.and(
  z.object({ statuses: z.array(z.enum(APPOINTMENT_STATUSES)).max(APPOINTMENT_STATUSES.length).optional(), date: isoDay.optional(), storeId: id.optional(), ...paging }),
);
export type AppointmentDetailRequest = z.infer<typeof appointmentDetailRequestSchema>;

export const appointmentDetailRowSchema = z.object({
  apptId: id,
  apptStatus: z.enum(APPOINTMENT_STATUSES),
  futureServiceInteractionId: id,
  storeId: id,
  storeName: z.string(),
  customerName: z.string(),
  serviceType: z.string(),
  startDate: instant,
  bookedOn: instant,
  bookedByAssistant: z.boolean(),
  advisorName: z.string().nullable(),
});
export type AppointmentDetailRow = z.infer<typeof appointmentDetailRowSchema>;
export const appointmentDetailPageSchema = reportPageOf(appointmentDetailRowSchema).extend({ scope: reportScopeSchema });
export type AppointmentDetailPage = z.infer<typeof appointmentDetailPageSchema>;

// Bucket reports ------------------------------------------------------------------------------------

export const bucketReportRequestSchema = reportFilterSchema.and(z.object({ bucket: z.string().max(100).optional(), ...paging }));
export type BucketReportRequest = z.infer<typeof bucketReportRequestSchema>;

export const bucketRowSchema = z.object({
  rowKey: z.string(),
  futureServiceInteractionId: id.nullable(),
  storeId: id,
  storeName: z.string(),
  customerName: z.string().nullable(),
  serviceType: z.string().nullable(),
  bucket: z.string(),
  bucketLabel: z.string(),
  occurredOn: instant,
  detail: z.string().nullable(),
});
export type BucketRow = z.infer<typeof bucketRowSchema>;

export const bucketReportSchema = z.object({
  report: z.enum(BUCKET_REPORT_KEYS as [string, ...string[]]),
  scope: reportScopeSchema,
  total: z.number().int(),
  summary: z.array(z.object({ bucket: z.string(), label: z.string(), count: z.number().int() })),
  detail: reportPageOf(bucketRowSchema),
});
export type BucketReportResult = z.infer<typeof bucketReportSchema>;

// Export ----------------------------------------------------------------------------------------------

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
export const REPORT_EXPORT_SOURCES = ['dashboard', 'appointment-status', 'monthly', ...BUCKET_REPORT_KEYS, ...DATABASE_VIEW_KEYS.map((k) => `view-${k}`)] as const;

/** Which report's detail to write, in which format; `filter` is that report's own body. */
export const reportExportSchema = z.object({
  report: z.enum(REPORT_EXPORT_SOURCES as unknown as [string, ...string[]]),
  format: z.enum(REPORT_EXPORT_FORMATS),
  kind: z.enum(['status', 'handoff', 'unresponsive', 'nraa']).optional(),
  filter: z.record(z.string(), z.unknown()),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

const idsText = z.string().max(5000).regex(/^\d{1,12}(,\d{1,12})*$/, 'must be ids separated by commas');
const servicesText = z.string().max(2000).regex(/^[A-Z0-9_]+(,[A-Z0-9_]+)*$/, 'must be service types separated by commas');
const countText = z.string().regex(/^\d{1,6}$/, 'must be a whole number');

/** The query of the bulk conversation calls (spec §7: enterpriseId header, query params): the report filter as text. */
export const bulkConversationQuerySchema = z.object({
  bocIds: idsText.optional(),
  storeIds: idsText.optional(),
  serviceTypes: servicesText.optional(),
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
  bucket: z.string().max(100).optional(),
  page: countText.optional(),
  size: countText.optional(),
});
export type BulkConversationQuery = z.infer<typeof bulkConversationQuerySchema>;

/** The enterpriseId header the bulk conversation calls take. */
export const enterpriseHeaderSchema = z.object({ enterpriseid: z.string().regex(/^\d{1,12}$/, 'Use the enterprise id') });

/** A bulk conversation query as the body every report takes; the body's own rules then apply. */
export function bulkConversationBody(enterpriseId: string, q: BulkConversationQuery): unknown {
  const ids = (s: string | undefined) => (s === undefined ? undefined : s.split(',').map(Number));
  return {
    enterpriseId: Number(enterpriseId),
    ...(q.bocIds !== undefined ? { bocIds: ids(q.bocIds) } : {}),
    ...(q.storeIds !== undefined ? { storeIds: ids(q.storeIds) } : {}),
    ...(q.serviceTypes !== undefined ? { serviceTypes: q.serviceTypes.split(',') } : {}),
    ...(q.startDate !== undefined ? { startDate: q.startDate } : {}),
    ...(q.endDate !== undefined ? { endDate: q.endDate } : {}),
    ...(q.bucket !== undefined ? { bucket: q.bucket } : {}),
    ...(q.page !== undefined ? { page: Number(q.page) } : {}),
    ...(q.size !== undefined ? { size: Number(q.size) } : {}),
  };
}

/** The query of `POST /api/lisa/fea` (spec §7: body and query): paging and the bar clicked; the body holds the filter. */
export const feaReportQuerySchema = bulkConversationQuerySchema.pick({ bucket: true, page: true, size: true });
export type FeaReportQuery = z.infer<typeof feaReportQuerySchema>;

/** The FEA body with what its query names laid over it (the query wins). */
export function feaReportBody(body: unknown, q: FeaReportQuery): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return {
    ...body,
    ...(q.bucket !== undefined ? { bucket: q.bucket } : {}),
    ...(q.page !== undefined ? { page: Number(q.page) } : {}),
    ...(q.size !== undefined ? { size: Number(q.size) } : {}),
  };
}
