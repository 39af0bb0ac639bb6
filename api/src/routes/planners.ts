import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AppError,
  cvLeadBatchPageSchema,
  cvLeadBatchQuerySchema,
  cvLeadBatchSchema,
  cvLeadImportQuerySchema,
  cvLeadPageSchema,
  cvLeadRunQuerySchema,
  cvLeadRunResultSchema,
  cvLeadSearchQuerySchema,
  auditPageSchema,
  auditSearchSchema,
  artParamsSchema,
  artResultSchema,
  controlResultSchema,
  plannerHandOffSchema,
  PLANNER_CODES,
  PLANNERS,
  plannerDefinitionSchema,
  plannerResultSchema,
  plannerRunListQuerySchema,
  plannerRunPageSchema,
  plannerRunParamsSchema,
  plannerRunSchema,
  recallTransferInputSchema,
  recallTransferResultSchema,
  serviceClosedPageSchema,
  serviceClosedQuerySchema,
  type PlannerCode,
  type PlannerHandOffParams,
  type PlannerRunParams,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import { runPlanner, type PlannerRunner } from '../services/planners/run-planner';
import { getRun, listDefinitions, listRuns } from '../services/planners/runs';
import { auditPlannerSearch } from '../services/planners/audit';
import { searchServiceClosed } from '../services/planners/service-closed';
import { handOffPlanner, runArt } from '../services/planners/art';
import { importCvLeads, listCvLeadBatches, runCvLeads, searchCvLeads } from '../services/planners/cv-leads';
import { transferRecallLeads } from '../services/data-sync/alerts/recall-transfer';
import type { AppEnv } from '../types';
import { bearer, errorResponses, idParam, json } from './common';

const TAG = ['Planners'];

/** One route per planner tab, at the spec's path of its run (GET with a query, POST with a body). */
function plannerRoute(code: PlannerCode) {
  const p = PLANNERS[code];
  const summary = `Runs the ${p.label} planner: view mode pages the due vehicles, transfer mode queues a transfer run`;
  return p.call.method === 'GET'
    ? createRoute({ method: 'get', path: p.call.path, tags: TAG, summary, security: bearer, middleware: [requireUser] as const, request: { query: plannerRunParamsSchema }, responses: { 200: json(plannerResultSchema), ...errorResponses } })
    : createRoute({
        method: 'post',
        path: p.call.path,
        tags: TAG,
        summary,
        security: bearer,
        middleware: [requireUser] as const,
        request: { body: { content: { 'application/json': { schema: plannerRunParamsSchema } }, required: true } },
        responses: { 200: json(plannerResultSchema), ...errorResponses },
      });
}

const runRoute = createRoute({
  method: 'get',
  path: '/api/future-service-interaction/planner-runs/{id}',
  tags: TAG,
  summary: 'One planner run: its status, progress and counts',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: z.object({ id: idParam }) },
  responses: { 200: json(plannerRunSchema), ...errorResponses },
});

const runsRoute = createRoute({
  method: 'get',
  path: '/api/future-service-interaction/planner-runs',
  tags: TAG,
  summary: 'The run history of a store, newest first',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: plannerRunListQuerySchema },
  responses: { 200: json(plannerRunPageSchema), ...errorResponses },
});

const definitionsRoute = createRoute({
  method: 'get',
  path: '/api/future-service-interaction/planner-definitions',
  tags: TAG,
  summary: 'The predictive planner definitions of an enterprise, with the dates each was run for',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: z.object({ enterpriseId: idParam }) },
  responses: { 200: json(z.array(plannerDefinitionSchema)), ...errorResponses },
});

const auditRoute = createRoute({
  method: 'post',
  path: '/api/future-service-interaction/audit-planner-search',
  tags: TAG,
  summary: 'Audit planners 1 and 2: what earlier transfers created and what came of it',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: { content: { 'application/json': { schema: auditSearchSchema } }, required: true } },
  responses: { 200: json(auditPageSchema), ...errorResponses },
});

const serviceClosedRoute = createRoute({
  method: 'get',
  path: '/api/future-service-interaction/service-closed',
  tags: TAG,
  summary: 'Closed repair orders of a store between two days (DD.MM.YYYY), with their service types',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: serviceClosedQuerySchema },
  responses: { 200: json(serviceClosedPageSchema), ...errorResponses },
});

const cvBatchesRoute = createRoute({
  method: 'get',
  path: '/api/future-service-interaction/cv-leads-batchs',
  tags: TAG,
  summary: 'The customer-vehicle lead batches of a store, newest first',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: cvLeadBatchQuerySchema },
  responses: { 200: json(cvLeadBatchPageSchema), ...errorResponses },
});

const cvImportRoute = createRoute({
  method: 'post',
  path: '/api/future-service-interaction/cv-leads-batchs/import',
  tags: TAG,
  summary: 'Imports a CSV file of customer-vehicle leads (multipart field multipartFile) as a new batch of the store',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: cvLeadImportQuerySchema },
  responses: { 200: json(cvLeadBatchSchema), ...errorResponses },
});

const cvRunRoute = createRoute({
  method: 'get',
  path: '/api/future-service-interaction/run-future-prediction-for-cv-leads',
  tags: TAG,
  summary: 'Views a lead batch, or transfers its matched leads into conversations (each once)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: cvLeadRunQuerySchema },
  responses: { 200: json(cvLeadRunResultSchema), ...errorResponses },
});

const cvSearchRoute = createRoute({
  method: 'get',
  path: '/api/list-of-customer-vehicle-lead/search',
  tags: TAG,
  summary: 'Searches the customer-vehicle leads of a store by name, mobile number or VIN',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: cvLeadSearchQuerySchema },
  responses: { 200: json(cvLeadPageSchema), ...errorResponses },
});

const artRoute = createRoute({
  method: 'post',
  path: '/api/lisa/art',
  tags: TAG,
  summary: 'All-tabs run: counts every planner tab of a store for a planner date, or transfers them one tab after another',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: { content: { 'application/json': { schema: artParamsSchema } }, required: true } },
  responses: { 200: json(artResultSchema), ...errorResponses },
});

/**
 * One address, two forms: with the query future-service-interaction-id a person takes that
 * conversation over (the conversation's Options, answered by the assistant controls); with a JSON
 * body a planner's due list is handed to people instead of the assistant.
 */
const handOffRoute = createRoute({
  method: 'post',
  path: '/api/lisa/hand-off/manual-hand-off',
  tags: TAG,
  summary:
    'Manual Handoff. Query future-service-interaction-id: a person takes the conversation over. JSON body (a planner and its run parameters): view the planner’s due list, or transfer it to people (assistant off, in the handoff list, no text sent)',
  security: bearer,
  middleware: [requireUser] as const,
  request: {
    query: z.object({ 'future-service-interaction-id': idParam.optional() }),
    body: { content: { 'application/json': { schema: plannerHandOffSchema } }, required: false },
  },
  responses: { 200: json(z.union([plannerResultSchema, controlResultSchema])), ...errorResponses },
});

/**
 * The spec lists the recall leads (`recalllead/fetch/all`) but no call that starts conversations
 * from them; this one does, through the planners' transfer runs (docs/data-sync.md).
 */
const recallTransferRoute = createRoute({
  method: 'post',
  path: '/api/data-sync/recalllead/transfer',
  tags: ['Data sync'],
  summary: 'Transfer recall leads into conversations: queues a transfer run (RECALL) whose progress planner-runs/{id} reports',
  description:
    'Name the leads (recallLeadIds), or take every new lead of a recall file (fileReportId), of a recall type (recall_type), or of the store (all: true). Each lead becomes a conversation whose first text is the recall template; leads left out (another open conversation, contacted lately, opted out, blocked, no mobile, marks) keep the reason. run is null (selected 0) when no lead of the selection is still new.',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: { content: { 'application/json': { schema: recallTransferInputSchema } }, required: true } },
  responses: { 200: json(recallTransferResultSchema), ...errorResponses },
});

/** The predictive planner runs, their history and the audit planners. */
export function plannerRoutes(runner: PlannerRunner) {
  const app = new OpenAPIHono<AppEnv>();
  for (const code of PLANNER_CODES) {
    const route = plannerRoute(code);
    if (route.method === 'get') {
      app.openapi(route, async (c) => c.json(await runPlanner(c.var.sql, runner, c.var.user, code, c.req.valid('query' as never) as PlannerRunParams), 200));
    } else {
      app.openapi(route, async (c) => c.json(await runPlanner(c.var.sql, runner, c.var.user, code, c.req.valid('json' as never) as PlannerRunParams), 200));
    }
  }
  app.openapi(handOffRoute, async (c, next) => {
    // The conversation form is the assistant controls' (mounted after these routes).
    if (c.req.valid('query')['future-service-interaction-id'] !== undefined) {
      await next();
      return c.res as never;
    }
    // Validated when sent as JSON; without a body the validator leaves an empty object.
    const body = c.req.valid('json') as Partial<PlannerHandOffParams>;
    if (body.planner === undefined) {
      throw new AppError('VALIDATION_FAILED', 'Send a planner and its run parameters as JSON, or the query future-service-interaction-id', [
        { field: 'body', message: 'required' },
      ]);
    }
    return c.json(await handOffPlanner(c.var.sql, runner, c.var.user, body as PlannerHandOffParams), 200);
  });
  return app
    .openapi(recallTransferRoute, async (c) => c.json(await transferRecallLeads(c.var.sql, runner, c.var.user, c.req.valid('json')), 200))
    .openapi(artRoute, async (c) => c.json(await runArt(c.var.sql, runner, c.var.user, c.req.valid('json')), 200))
    .openapi(runRoute, async (c) => c.json(await getRun(c.var.sql, c.var.user, c.req.valid('param').id), 200))
    .openapi(runsRoute, async (c) => c.json(await listRuns(c.var.sql, c.var.user, c.req.valid('query')), 200))
    .openapi(definitionsRoute, async (c) => c.json(await listDefinitions(c.var.sql, c.var.user, c.req.valid('query').enterpriseId), 200))
    .openapi(auditRoute, async (c) => c.json(await auditPlannerSearch(c.var.sql, c.var.user, c.req.valid('json')), 200))
    .openapi(serviceClosedRoute, async (c) => c.json(await searchServiceClosed(c.var.sql, c.var.user, c.req.valid('query')), 200))
    .openapi(cvBatchesRoute, async (c) => c.json(await listCvLeadBatches(c.var.sql, c.var.user, c.req.valid('query')), 200))
    .openapi(cvImportRoute, async (c) => {
      const q = c.req.valid('query');
      const form = (c.req.header('content-type') ?? '').includes('multipart/form-data') ? await c.req.parseBody().catch(() => ({})) : {};
      const file = (form as Record<string, unknown>).multipartFile;
      if (!(file instanceof File)) throw new AppError('VALIDATION_FAILED', 'Attach the CSV file as multipartFile', [{ field: 'multipartFile', message: 'required' }]);
      return c.json(await importCvLeads(c.var.sql, c.var.user, { storeId: q.store_id, name: q.name, fileName: file.name, text: await file.text() }), 200);
    })
    .openapi(cvRunRoute, async (c) => c.json(await runCvLeads(c.var.sql, c.var.user, (ids) => runner.initiate(ids), c.req.valid('query')), 200))
    .openapi(cvSearchRoute, async (c) => c.json(await searchCvLeads(c.var.sql, c.var.user, c.req.valid('query')), 200));
}
