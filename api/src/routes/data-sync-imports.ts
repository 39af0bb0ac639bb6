import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AppError,
  alertPageSchema,
  alertSearchSchema,
  enrichmentInputSchema,
  enrichmentResultSchema,
  fileReportDetailSchema,
  fileReportSchema,
  fileReportsQuerySchema,
  importPreviewSchema,
  importQuerySchema,
  mappingSavedSchema,
  pageQuerySchema,
  recallLeadPageSchema,
  recallLeadQuerySchema,
  recallTypeSchema,
  saveMappingInputSchema,
  type AlertFileType,
} from '@drivebay/shared';
import type { Sql } from '../db/database';
import { requireUser } from '../middleware/auth';
import { enrichAlerts } from '../services/data-sync/alerts/enrich';
import { alertsOfFile, fileReport, fileReports, recallLeads, recallTypes, searchAlerts } from '../services/data-sync/alerts/queries';
import { assertManager } from '../services/data-sync/access';
import { saveMapping } from '../services/data-sync/imports/mappings';
import { previewImport, runImport } from '../services/data-sync/imports/run-import';
import type { AppEnv } from '../types';
import { bearer, errorResponses, idParam, json } from './common';

// Spreadsheet imports and manufacturer files (spec §2 "Imports and alerts", "Excel import
// mapping"; §7 data-sync calls). The import and preview take the file as multipart/form-data in
// the field multipartFile, streamed (not validated as a JSON body).
const common = { tags: ['Data sync'], security: bearer };
const withLimits = { ...errorResponses, 409: errorResponses[400], 413: { description: 'The file is too large', content: errorResponses[400].content } };
const multipartNote = 'The file goes as multipart/form-data in the field `multipartFile` (CSV in UTF-8, or XLSX; at most 25 MB).';

const importRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'post', path: '/api/data-sync/import',
  summary: 'Import a recall, alert or customer-vehicle file into a store',
  description: `${multipartNote} Rows with problems are listed on the report and left out; a file that cannot be read or lacks a required column is refused whole (400) with its report kept. dry_run=true checks without keeping anything.`,
  request: { query: importQuerySchema },
  responses: { 200: json(fileReportDetailSchema), ...withLimits },
});
const previewRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'post', path: '/api/data-sync/import/preview',
  summary: 'The first rows of a file with the suggested and the saved column mapping; nothing is kept',
  description: multipartNote,
  request: { query: importQuerySchema.pick({ enterprise_id: true, boc_id_pk: true, store_id_pk: true, file_type: true, data_source_id: true }) },
  responses: { 200: json(importPreviewSchema), ...withLimits },
});
const mappingRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'put', path: '/api/data-sync/import/mapping',
  summary: "Save a source's column mapping for a kind of file ('Mapping Saved Successfully.')",
  request: { body: { content: { 'application/json': { schema: saveMappingInputSchema } }, required: true } },
  responses: { 200: json(mappingSavedSchema), ...errorResponses },
});
const reportsRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/fetch-file-uploard-reports/{enterpriseId}',
  summary: 'Uploaded files of an enterprise and what came of each, newest first',
  request: { params: z.object({ enterpriseId: idParam }), query: fileReportsQuerySchema },
  responses: { 200: json(z.array(fileReportSchema)), ...errorResponses },
});
const reportRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/file-report/{fileReportId}',
  summary: 'One file report with its refused rows (the first 1,000)',
  request: { params: z.object({ fileReportId: idParam }) },
  responses: { 200: json(fileReportDetailSchema), ...errorResponses },
});
const alertPage = (segment: string, fileType: AlertFileType) =>
  createRoute({
    ...common, middleware: [requireUser] as const, method: 'get', path: `/api/data-sync/${segment}/{fileReportId}`,
    summary: `The alerts of one ${fileType} file, a page at a time`,
    request: { params: z.object({ fileReportId: idParam }), query: pageQuerySchema },
    responses: { 200: json(alertPageSchema), ...errorResponses },
  });
const recallTypesRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/recalltype/fetch/all',
  summary: 'Recall types a recall file can be filed under',
  responses: { 200: json(z.array(recallTypeSchema)), 401: errorResponses[401] },
});
const recallLeadsRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/recalllead/fetch/all',
  summary: 'Recall leads (recalls of vehicles the stores know), newest first',
  request: { query: recallLeadQuerySchema },
  responses: { 200: json(recallLeadPageSchema), ...errorResponses },
});
const enrichment = (path: string, fea: boolean) =>
  createRoute({
    ...common, middleware: [requireUser] as const, method: 'post', path,
    summary: fea ? 'Match an FEA file’s alerts to vehicles and customers again' : 'Match a recall, HEA or connected-car file’s alerts to vehicles and customers again (recall leads, odometer readings)',
    request: { body: { content: { 'application/json': { schema: enrichmentInputSchema } }, required: true } },
    responses: { 200: json(enrichmentResultSchema), ...errorResponses },
  });
const emailAlertsRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'post', path: '/api/email-alert/all',
  summary: 'The alert inbox: alerts of the stores the user sees, filtered by the body, paged by the query',
  request: { query: pageQuerySchema, body: { content: { 'application/json': { schema: alertSearchSchema } }, required: true } },
  responses: { 200: json(alertPageSchema), ...errorResponses },
});

async function enrich(sql: Sql, user: Parameters<typeof fileReport>[1], fileReportId: number, fea: boolean) {
  assertManager(user);
  const report = await fileReport(sql, user, fileReportId);
  if (report.fileType === 'CUSTOMER_VEHICLE' || (report.fileType === 'FEA_ALERT') !== fea) {
    throw new AppError('VALIDATION_FAILED', fea ? 'Only FEA files are enriched here' : 'FEA files are enriched at /api/data-sync/fea/perform/enrichment', [{ field: 'body.fileReportId', message: `a ${report.fileType} file` }]);
  }
  if (report.status !== 'COMPLETED' || report.dryRun) throw new AppError('VALIDATION_FAILED', 'Only imported files are enriched', [{ field: 'body.fileReportId', message: 'not imported' }]);
  const result = await sql.begin((tx) => enrichAlerts(tx as unknown as Sql, { fileReportIds: [fileReportId] }));
  return { fileReportId, ...result };
}

export const dataSyncImportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(importRoute, async (c) => {
    const { fileReportId } = await runImport(c.var.sql, c.var.user, c.req.valid('query'), c.req.raw);
    return c.json(await fileReport(c.var.sql, c.var.user, fileReportId), 200);
  })
  .openapi(previewRoute, async (c) => c.json(await previewImport(c.var.sql, c.var.user, c.req.valid('query'), c.req.raw), 200))
  .openapi(mappingRoute, async (c) => c.json(await saveMapping(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(reportsRoute, async (c) => c.json(await fileReports(c.var.sql, c.var.user, c.req.valid('param').enterpriseId, c.req.valid('query').file_type), 200))
  .openapi(reportRoute, async (c) => c.json(await fileReport(c.var.sql, c.var.user, c.req.valid('param').fileReportId), 200))
  .openapi(alertPage('hea', 'HEA_ALERT'), async (c) => c.json(await alertsOfFile(c.var.sql, c.var.user, { ...c.req.valid('param'), ...c.req.valid('query'), fileType: 'HEA_ALERT' }), 200))
  .openapi(alertPage('cca', 'CONNECTED_CAR_ALERT'), async (c) => c.json(await alertsOfFile(c.var.sql, c.var.user, { ...c.req.valid('param'), ...c.req.valid('query'), fileType: 'CONNECTED_CAR_ALERT' }), 200))
  .openapi(alertPage('fea', 'FEA_ALERT'), async (c) => c.json(await alertsOfFile(c.var.sql, c.var.user, { ...c.req.valid('param'), ...c.req.valid('query'), fileType: 'FEA_ALERT' }), 200))
  .openapi(alertPage('recall', 'RECALL'), async (c) => c.json(await alertsOfFile(c.var.sql, c.var.user, { ...c.req.valid('param'), ...c.req.valid('query'), fileType: 'RECALL' }), 200))
  .openapi(recallTypesRoute, async (c) => c.json(await recallTypes(c.var.sql), 200))
  .openapi(recallLeadsRoute, async (c) => c.json(await recallLeads(c.var.sql, c.var.user, c.req.valid('query')), 200))
  .openapi(enrichment('/api/data-sync/perform/enrichment', false), async (c) => c.json(await enrich(c.var.sql, c.var.user, c.req.valid('json').fileReportId, false), 200))
  .openapi(enrichment('/api/data-sync/fea/perform/enrichment', true), async (c) => c.json(await enrich(c.var.sql, c.var.user, c.req.valid('json').fileReportId, true), 200))
  .openapi(emailAlertsRoute, async (c) => c.json(await searchAlerts(c.var.sql, c.var.user, c.req.valid('json'), c.req.valid('query')), 200));
