import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  APPOINTMENT_STATUS_REPORT_BASE_PATH,
  BUCKET_REPORTS,
  DATABASE_VIEW_KEYS,
  databaseViewRequestSchema,
  databaseViewSchema,
  type DatabaseViewKey,
  appointmentDatewiseSchema,
  appointmentDetailPageSchema,
  appointmentDetailRequestSchema,
  appointmentSummarySchema,
  bucketReportRequestSchema,
  bulkConversationBody,
  bulkConversationQuerySchema,
  enterpriseHeaderSchema,
  feaReportBody,
  feaReportQuerySchema,
  bucketReportSchema,
  dashboardDetailPageSchema,
  dashboardDetailRequestSchema,
  dashboardRequestSchema,
  dashboardSchema,
  monthlyReportSchema,
  reportExportSchema,
  reportFilterSchema,
  reportTemplateInputSchema,
  reportTemplateSchema,
  reportTemplateUpdateSchema,
  type AppointmentReportKind,
} from '@drivebay/shared';
import { appointmentDatewise, appointmentDetail, appointmentSummary } from '../services/reports/appointment-status';
import { runBucketReport } from '../services/reports/bucket-reports';
import { dashboardDetail, dashboardSummary } from '../services/reports/dashboard';
import { databaseView } from '../services/reports/database-views';
import { EXPORT_CONTENT_TYPES, exportFileName, exportTable, toCsv, toXlsx } from '../services/reports/export-report';
import { monthlyReport } from '../services/reports/monthly';
import { createReportTemplate, listReportTemplates, updateReportTemplate } from '../services/reports/templates';
import type { AppEnv } from '../types';
import { requireUser } from '../middleware/auth';
import { validationError } from '../middleware/errors';
import { bearer, errorResponses, json } from './common';

/** Base path of the appointment-status report calls (spec §7). */
export const APPOINTMENT_STATUS_REPORT_BASE = APPOINTMENT_STATUS_REPORT_BASE_PATH;

const tags = ['Reports'];
const common = { tags, security: bearer, middleware: requireUser };
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

export const reportRoutes = new OpenAPIHono<AppEnv>();

// Dashboard ---------------------------------------------------------------------------------------

reportRoutes.openapi(
  createRoute({
    ...common,
    method: 'post',
    path: '/api/future-service-interaction/summaryReport',
    summary: 'Dashboard: contacted, responded, engaged and booked conversations by day and store, with insight entries',
    request: body(dashboardRequestSchema),
    responses: { 200: json(dashboardSchema), ...errorResponses },
  }),
  async (c) => c.json(await dashboardSummary(c.var.sql, c.var.user, c.req.valid('json')), 200),
);

reportRoutes.openapi(
  createRoute({
    ...common,
    method: 'post',
    path: '/api/future-service-interaction/summaryReport/detail',
    summary: 'The conversations behind one dashboard counter (optionally of one day and one store), paged',
    request: body(dashboardDetailRequestSchema),
    responses: { 200: json(dashboardDetailPageSchema), ...errorResponses },
  }),
  async (c) => c.json(await dashboardDetail(c.var.sql, c.var.user, c.req.valid('json')), 200),
);

reportRoutes.openapi(
  createRoute({
    ...common,
    method: 'post',
    path: '/api/lisa/report/responseInsight/monthly',
    summary: 'Monthly responses: per month and customer type, a count per response category, appointments, opt-out, unclassified',
    request: body(reportFilterSchema),
    responses: { 200: json(monthlyReportSchema), ...errorResponses },
  }),
  async (c) => c.json(await monthlyReport(c.var.sql, c.var.user, c.req.valid('json')), 200),
);

// Appointment-status report views ----------------------------------------------------------------------

type View = { path: string; kind: AppointmentReportKind; view: 'summary' | 'datewise' | 'detail' };
const B = APPOINTMENT_STATUS_REPORT_BASE;
const VIEWS: View[] = [
  { path: `${B}/v2/appointment-status-report-summary`, kind: 'status', view: 'summary' },
  { path: `${B}/v2/appointment-status-report-detail`, kind: 'status', view: 'detail' },
  { path: `${B}/fetch-appointment-status-detail`, kind: 'status', view: 'detail' },
  { path: `${B}/fetch-appointment-status-datewise`, kind: 'status', view: 'datewise' },
  ...(['handoff', 'unresponsive', 'nraa'] as const).flatMap((kind) =>
    (['summary', 'datewise', 'detail'] as const).map((view) => ({ path: `${B}/fetch-${kind}-appointment-${view}`, kind, view })),
  ),
];

for (const v of VIEWS) {
  const what = `${v.kind === 'status' ? 'Appointment status' : `${v.kind} appointments`} report, ${v.view}`;
  if (v.view === 'detail') {
    reportRoutes.openapi(
      createRoute({ ...common, method: 'post', path: v.path, summary: `${what}: one row per appointment, paged`, request: body(appointmentDetailRequestSchema), responses: { 200: json(appointmentDetailPageSchema), ...errorResponses } }),
      async (c) => c.json(await appointmentDetail(c.var.sql, c.var.user, c.req.valid('json'), v.kind), 200),
    );
  } else if (v.view === 'datewise') {
    reportRoutes.openapi(
      createRoute({ ...common, method: 'post', path: v.path, summary: `${what}: counts by status per day`, request: body(reportFilterSchema), responses: { 200: json(appointmentDatewiseSchema), ...errorResponses } }),
      async (c) => c.json(await appointmentDatewise(c.var.sql, c.var.user, c.req.valid('json'), v.kind), 200),
    );
  } else {
    reportRoutes.openapi(
      createRoute({ ...common, method: 'post', path: v.path, summary: `${what}: counts by status per store and service type`, request: body(reportFilterSchema), responses: { 200: json(appointmentSummarySchema), ...errorResponses } }),
      async (c) => c.json(await appointmentSummary(c.var.sql, c.var.user, c.req.valid('json'), v.kind), 200),
    );
  }
}

// Bucket reports ------------------------------------------------------------------------------------

for (const r of BUCKET_REPORTS) {
  if (r.key === 'fea') continue;
  reportRoutes.openapi(
    createRoute({
      ...common,
      method: 'post',
      path: r.path,
      summary: `${r.title}: ${r.counts}`,
      request: body(bucketReportRequestSchema),
      responses: { 200: json(bucketReportSchema), ...errorResponses },
    }),
    async (c) => c.json(await runBucketReport(c.var.sql, c.var.user, r.key, c.req.valid('json')), 200),
  );
}

// FEA (spec §7: body and query): the filter in the body, paging and the bar clicked in the query too.
{
  const r = BUCKET_REPORTS.find((b) => b.key === 'fea')!;
  reportRoutes.openapi(
    createRoute({
      ...common,
      method: 'post',
      path: r.path,
      summary: `${r.title}: ${r.counts} The query's page, size and bucket win over the body's.`,
      request: { query: feaReportQuerySchema, ...body(bucketReportRequestSchema) },
      responses: { 200: json(bucketReportSchema), ...errorResponses },
    }),
    async (c) => {
      const parsed = bucketReportRequestSchema.safeParse(feaReportBody(c.req.valid('json'), c.req.valid('query')));
      if (!parsed.success) throw validationError(parsed.error, 'query');
      return c.json(await runBucketReport(c.var.sql, c.var.user, 'fea', parsed.data), 200);
    },
  );
}

// Bulk conversation status (spec §7: GET, enterpriseId header, query params) ------------------------
// The same reports answer POST at the same paths with the body every report takes (the screens).

for (const key of ['bulk-conversation-status', 'bulk-conversation-failed', 'bulk-conversation-current-date'] as const) {
  const r = BUCKET_REPORTS.find((b) => b.key === key)!;
  reportRoutes.openapi(
    createRoute({
      ...common,
      method: 'get',
      path: r.path,
      summary: `${r.title}: ${r.counts} Lists are comma-separated.`,
      request: { headers: enterpriseHeaderSchema, query: bulkConversationQuerySchema },
      responses: { 200: json(bucketReportSchema), ...errorResponses },
    }),
    async (c) => {
      const parsed = bucketReportRequestSchema.safeParse(bulkConversationBody(c.req.valid('header').enterpriseid, c.req.valid('query')));
      if (!parsed.success) throw validationError(parsed.error, 'query');
      return c.json(await runBucketReport(c.var.sql, c.var.user, key, parsed.data), 200);
    },
  );
}

// Report templates (spec §7: POST and PUT with the enterpriseId header and the template body) ---------

const TEMPLATES = '/api/lisa/report/template-master';

reportRoutes.openapi(
  createRoute({
    ...common,
    method: 'get',
    path: TEMPLATES,
    summary: 'The enterprise’s report templates (saved report filters), by name',
    request: { headers: enterpriseHeaderSchema },
    responses: { 200: json(z.array(reportTemplateSchema)), ...errorResponses },
  }),
  async (c) => c.json(await listReportTemplates(c.var.sql, c.var.user, Number(c.req.valid('header').enterpriseid)), 200),
);

reportRoutes.openapi(
  createRoute({
    ...common,
    method: 'post',
    path: TEMPLATES,
    summary: 'Saves a report template: a report and its BOCs, stores, service types and rolling range',
    request: { headers: enterpriseHeaderSchema, ...body(reportTemplateInputSchema) },
    responses: { 201: json(reportTemplateSchema, 'Saved'), ...errorResponses },
  }),
  async (c) => c.json(await createReportTemplate(c.var.sql, c.var.user, Number(c.req.valid('header').enterpriseid), c.req.valid('json')), 201),
);

reportRoutes.openapi(
  createRoute({
    ...common,
    method: 'put',
    path: TEMPLATES,
    summary: 'Changes a report template of the enterprise (the body names it by id)',
    request: { headers: enterpriseHeaderSchema, ...body(reportTemplateUpdateSchema) },
    responses: { 200: json(reportTemplateSchema), ...errorResponses },
  }),
  async (c) => c.json(await updateReportTemplate(c.var.sql, c.var.user, Number(c.req.valid('header').enterpriseid), c.req.valid('json')), 200),
);

// Database views ------------------------------------------------------------------------------------

reportRoutes.openapi(
  createRoute({
    ...common,
    method: 'post',
    path: '/api/lisa/report/database-view/{view}',
    summary: 'A database view (sales, appointments, customers, open and closed services): server-paged, searchable, sortable',
    request: { params: z.object({ view: z.enum(DATABASE_VIEW_KEYS as [DatabaseViewKey, ...DatabaseViewKey[]]) }), ...body(databaseViewRequestSchema) },
    responses: { 200: json(databaseViewSchema), ...errorResponses },
  }),
  async (c) => c.json(await databaseView(c.var.sql, c.var.user, c.req.valid('param').view, c.req.valid('json')), 200),
);

// Export ----------------------------------------------------------------------------------------------

reportRoutes.openapi(
  createRoute({
    ...common,
    method: 'post',
    path: '/api/lisa/report/export',
    summary: 'A report’s detail table as CSV or Excel (every row, up to 50,000)',
    request: body(reportExportSchema),
    responses: {
      200: {
        description: 'The file',
        content: { [EXPORT_CONTENT_TYPES.csv]: { schema: { type: 'string' } }, [EXPORT_CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } } },
      },
      ...errorResponses,
    },
  }),
  async (c) => {
    const req = c.req.valid('json');
    const table = await exportTable(c.var.sql, c.var.user, req);
    const name = exportFileName(req, req.format);
    c.header('Content-Disposition', `attachment; filename="${name}"`);
    c.header('Content-Type', EXPORT_CONTENT_TYPES[req.format]);
    if (req.format === 'csv') return c.body(toCsv(table), 200);
    return c.body(new Uint8Array(await toXlsx(table)), 200);
  },
);
