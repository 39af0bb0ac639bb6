import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AppError,
  SERVICE_TYPES,
  automatedFailedSchema,
  automatedReportSchema,
  automatedRunSchema,
  automatedStartSchema,
  automatedStatusSchema,
  brandTimezoneSchema,
  brandsTimezoneQuerySchema,
  bulkInitiateResultSchema,
  bulkInitiateSchema,
  customerPickSchema,
  customerSearchQuerySchema,
  customerTypeCountSchema,
  followUpInitiateQuerySchema,
  followUpSchema,
  fsiQuerySchema,
  initiateQuerySchema,
  interactionTypeCountSchema,
  serviceInteractionStoresSchema,
  startConversationSchema,
  storeOptionSchema,
  userFollowupSchema,
  workflowFollowupQuerySchema,
  workflowInitiateResultSchema,
} from '@drivebay/shared';
import type { JobSystem } from '../jobs/job-system';
import { QUEUES } from '../jobs/queues';
import { requireUser } from '../middleware/auth';
import type { ConversationDeps } from '../services/conversations/deps';
import { loadInteractionForUser } from '../services/conversations/interaction-access';
import { queueInitiation, runInitiationJob } from '../services/interactions';
import {
  automatedFailed,
  automatedStatus,
  automatedTodayReport,
  brandTimezones,
  customerTypesOf,
  enterpriseOf,
  interactionTypesOfStores,
  startAutomatedRun,
  storesOfBrandsInZone,
} from '../services/workflow/automated';
import { listFollowUps, scheduleFollowUp, setUserFollowup } from '../services/workflow/follow-ups';
import { initiateForUser, searchCustomers, startConversation } from '../services/workflow/start-conversation';
import type { AppEnv } from '../types';
import { bearer, errorResponses, json } from './common';

const FSI = '/api/future-service-interaction';
const SW = '/api/service-workflow';
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const ent = z.object({ enterpriseid: z.string().regex(/^[1-9]\d{0,9}$/, 'Use the enterprise id').optional() });
const conflict = { 409: { description: 'A run is already under way', content: errorResponses[400].content } };
const route = <M extends 'get' | 'post' | 'put', P extends string>(method: M, path: P, summary: string, tag: string) => ({
  method, path, summary, tags: [tag], security: bearer, middleware: [requireUser] as [typeof requireUser],
});

const initiateRoute = createRoute({
  ...route('get', `${SW}/initiate`, 'Start a conversation: the assistant’s first text (400 with the spec’s text when another is open or the customer was contacted, unless isForced)', 'Workflow'),
  request: { query: initiateQuerySchema },
  responses: { 200: json(workflowInitiateResultSchema), ...errorResponses },
});
const startRoute = createRoute({
  ...route('post', `${SW}/start-conversation`, 'Start a conversation with a customer about one of their vehicles', 'Workflow'),
  request: { body: body(startConversationSchema) },
  responses: { 200: json(workflowInitiateResultSchema), ...errorResponses },
});
const customersRoute = createRoute({
  ...route('get', `${SW}/customers`, 'Customers of a store to start a conversation with (name, phone, e-mail or customer number)', 'Workflow'),
  request: { query: customerSearchQuerySchema },
  responses: { 200: json(customerPickSchema), ...errorResponses },
});
const followUpInitiateRoute = createRoute({
  ...route('post', `${SW}/follow-up/initiate`, 'Plan a follow-up of a code (E1…FUDT); sent by the follow-up job when due', 'Follow-ups'),
  request: { query: followUpInitiateQuerySchema },
  responses: { 200: json(followUpSchema), ...errorResponses },
});
const workflowFollowupRoute = createRoute({
  ...route('post', `${FSI}/workflow/followup`, 'The follow-up workflow: plan the follow-up of a code (body default empty)', 'Follow-ups'),
  request: { query: workflowFollowupQuerySchema, body: { required: false, content: { 'application/json': { schema: z.object({}).passthrough() } } } },
  responses: { 200: json(followUpSchema), ...errorResponses },
});
const followUpsRoute = createRoute({
  ...route('get', `${FSI}/follow-ups`, 'A conversation’s follow-ups, newest first', 'Follow-ups'),
  request: { query: fsiQuerySchema },
  responses: { 200: json(z.array(followUpSchema)), ...errorResponses },
});
const userFollowupRoute = createRoute({
  ...route('put', `${FSI}/user-followup`, 'Set a lead’s userFollowup (plans its follow-up; null cancels)', 'Follow-ups'),
  request: { body: body(userFollowupSchema) },
  responses: { 200: json(z.object({ futureServiceInteractionId: z.number().int(), userFollowup: z.string().nullable(), followUp: followUpSchema.nullable() })), ...errorResponses },
});
const bulkRoute = createRoute({
  ...route('post', `${SW}/bulk/initiate`, 'Start (or, with followupType, plan follow-ups for) many conversations as jobs', 'Workflow'),
  request: { body: body(bulkInitiateSchema), headers: ent },
  responses: { 200: json(bulkInitiateResultSchema), ...errorResponses },
});
const brandTimezoneRoute = createRoute({
  ...route('get', '/api/store/brand-timezone', 'The enterprise’s time zones with the brands of their stores', 'Automated lead manager'),
  request: { headers: ent },
  responses: { 200: json(brandTimezoneSchema), ...errorResponses },
});
const brandsTimezoneRoute = createRoute({
  ...route('get', '/api/store/brands-timezone', 'Stores of the brands (repeated) in the zone', 'Automated lead manager'),
  request: { headers: ent, query: brandsTimezoneQuerySchema },
  responses: { 200: json(z.array(storeOptionSchema)), ...errorResponses },
});
const storesRoute = createRoute({
  ...route('post', '/api/lisa/service-interactions/stores', 'Interaction types waiting to start in the stores, with counts', 'Automated lead manager'),
  request: { headers: ent, body: body(serviceInteractionStoresSchema) },
  responses: { 200: json(interactionTypeCountSchema), ...errorResponses },
});
const customerTypeRoute = createRoute({
  ...route('get', '/api/lisa/service-interactions/customer-type/{interactionId}', 'Customer types of an interaction type’s waiting interactions in the stores', 'Automated lead manager'),
  request: {
    headers: ent,
    params: z.object({ interactionId: z.enum(SERVICE_TYPES) }),
    query: z.object({ storeIds: z.string().regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/, 'Use store ids separated by commas') }),
  },
  responses: { 200: json(customerTypeCountSchema), ...errorResponses },
});
const automatedStartRoute = createRoute({
  ...route('post', '/api/lisa/automated/lead-manager/start', 'Start the automated lead-manager conversations (a job)', 'Automated lead manager'),
  request: { headers: ent, body: body(automatedStartSchema) },
  responses: { 200: json(automatedRunSchema), ...errorResponses, ...conflict },
});
const automatedStatusRoute = createRoute({
  ...route('get', '/api/lisa/automated/lead-manager/status', 'The latest run’s status (COMPLETED re-enables Start)', 'Automated lead manager'),
  request: { headers: ent },
  responses: { 200: json(automatedStatusSchema), ...errorResponses },
});
const automatedFailedRoute = createRoute({
  ...route('get', '/api/lisa/automated/lead-manager/failed', 'The latest run’s failed interactions', 'Automated lead manager'),
  request: { headers: ent },
  responses: { 200: json(automatedFailedSchema), ...errorResponses },
});
const automatedReportRoute = createRoute({
  ...route('get', '/api/lisa/automated/lead-manager/today-report', 'Today’s runs in the zone: taken, started, failed, replied', 'Automated lead manager'),
  request: { headers: ent, query: z.object({ zone: z.string().max(64).optional() }) },
  responses: { 200: json(automatedReportSchema), ...errorResponses },
});

export type WorkflowDeps = ConversationDeps & { jobs?: Pick<JobSystem, 'send'> | undefined };

/** Starting conversations, follow-ups and the automated lead-manager job (operations §4, §7). */
export function workflowRoutes(deps: WorkflowDeps) {
  const svc = (c: { var: { sql: AppEnv['Variables']['sql'] } }) => ({ sql: c.var.sql, notifier: deps.notifier, outbox: deps.outbox });
  return new OpenAPIHono<AppEnv>()
    .openapi(initiateRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await initiateForUser(svc(c), c.var.user, { interactionId: q.id, isForced: q.isForced ?? false }), 200);
    })
    .openapi(startRoute, async (c) => c.json(await startConversation(svc(c), c.var.user, c.req.valid('json')), 200))
    .openapi(customersRoute, async (c) => c.json(await searchCustomers(c.var.sql, c.var.user, c.req.valid('query')), 200))
    .openapi(followUpInitiateRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await scheduleFollowUp(svc(c), c.var.user, { interactionId: q['future-service-interaction-id'], code: q.followupType }), 200);
    })
    .openapi(workflowFollowupRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await scheduleFollowUp(svc(c), c.var.user, { interactionId: q['future-service-interaction-id'], code: q.followupType }), 200);
    })
    .openapi(followUpsRoute, async (c) => c.json(await listFollowUps(c.var.sql, c.var.user, c.req.valid('query')['future-service-interaction-id']), 200))
    .openapi(userFollowupRoute, async (c) => {
      const b = c.req.valid('json');
      return c.json(await setUserFollowup(svc(c), c.var.user, { interactionId: b.futureServiceInteractionId, userFollowup: b.userFollowup }), 200);
    })
    .openapi(bulkRoute, async (c) => {
      const b = c.req.valid('json');
      const enterpriseId = enterpriseOf(c.var.user, c.req.valid('header').enterpriseid);
      const ok: number[] = [];
      const refused: { id: number; message: string }[] = [];
      for (const id of [...new Set(b.futureServiceInteractionIds)]) {
        try {
          const f = await loadInteractionForUser(c.var.sql, c.var.user, id, 'body.futureServiceInteractionIds');
          const [place] = await c.var.sql<{ enterpriseId: number }[]>`select b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${f.storeId}`;
          if (place?.enterpriseId !== enterpriseId) throw new AppError('VALIDATION_FAILED', `Interaction ${id} is not in enterprise ${enterpriseId}`);
          ok.push(id);
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          refused.push({ id, message: err.message });
        }
      }
      if (b.followupType) {
        for (const id of ok) await scheduleFollowUp(svc(c), c.var.user, { interactionId: id, code: b.followupType });
      } else if (deps.jobs) {
        await queueInitiation(deps.jobs, ok);
      } else if (ok.length) {
        // Without a job system (a process of its own in tests and tools) the batch runs here.
        await runInitiationJob(svc(c), { interactionIds: ok });
      }
      return c.json({ queued: ok.length, refused }, 200);
    })
    .openapi(brandTimezoneRoute, async (c) => c.json(await brandTimezones(c.var.sql, c.var.user, enterpriseOf(c.var.user, c.req.valid('header').enterpriseid)), 200))
    .openapi(brandsTimezoneRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await storesOfBrandsInZone(c.var.sql, c.var.user, enterpriseOf(c.var.user, c.req.valid('header').enterpriseid), q.zone, q.brands), 200);
    })
    .openapi(storesRoute, async (c) => {
      const enterpriseId = enterpriseOf(c.var.user, c.req.valid('header').enterpriseid);
      return c.json(await interactionTypesOfStores(c.var.sql, c.var.user, enterpriseId, c.req.valid('json').storeIds), 200);
    })
    .openapi(customerTypeRoute, async (c) => {
      const enterpriseId = enterpriseOf(c.var.user, c.req.valid('header').enterpriseid);
      const storeIds = c.req.valid('query').storeIds.split(',').map(Number);
      return c.json(await customerTypesOf(c.var.sql, c.var.user, enterpriseId, storeIds, c.req.valid('param').interactionId), 200);
    })
    .openapi(automatedStartRoute, async (c) => {
      const run = await startAutomatedRun(c.var.sql, c.var.user, enterpriseOf(c.var.user, c.req.valid('header').enterpriseid), c.req.valid('json'));
      await deps.jobs?.send(QUEUES.automatedLeadManager, { runId: run.id });
      return c.json(run, 200);
    })
    .openapi(automatedStatusRoute, async (c) => c.json(await automatedStatus(c.var.sql, enterpriseOf(c.var.user, c.req.valid('header').enterpriseid)), 200))
    .openapi(automatedFailedRoute, async (c) => c.json(await automatedFailed(c.var.sql, enterpriseOf(c.var.user, c.req.valid('header').enterpriseid)), 200))
    .openapi(automatedReportRoute, async (c) =>
      c.json(await automatedTodayReport(c.var.sql, enterpriseOf(c.var.user, c.req.valid('header').enterpriseid), c.req.valid('query').zone), 200),
    );
}
