import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  DATA_SYNC_MESSAGES,
  customerSyncHistorySchema,
  dataSourceHealthSchema,
  dataSourceInputSchema,
  dataSourceListQuerySchema,
  dataSourceSchema,
  dataSourceUpdateSchema,
  manualSyncInputSchema,
  manualSyncResultSchema,
  schedulerCreatedSchema,
  schedulerDetailsSchema,
  schedulerInputSchema,
  schedulerSchema,
  storeTimelineQuerySchema,
  storeTimelineSchema,
  syncHistoryQuerySchema,
  syncRunCustomerSchema,
  syncRunPageSchema,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import { dataSecretBox } from '../lib/secret-box';
import { assertManager, assertStorePlace } from '../services/data-sync/access';
import { createDataSource, dataSourceHealth, listDataSources, updateDataSource } from '../services/data-sync/sources/data-sources';
import { customerSyncHistory, getSyncRun, storeTimeline, syncHistory, syncRunCustomers } from '../services/data-sync/sync/history';
import { runSync } from '../services/data-sync/sync/run-sync';
import { createScheduler, listSchedulers, schedulerDetails } from '../services/data-sync/sync/schedulers';
import type { AppEnv } from '../types';
import { bearer, errorResponses, idParam, json } from './common';

// Data sources, syncs and schedules (spec §2 admin "Data-source configuration", "Scheduler jobs",
// "Sync history", "Store history timeline", "Customer sync history", "Manual sync"; §7 data-sync).
const common = { tags: ['Data sync'], security: bearer };
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const withConflict = { ...errorResponses, 409: errorResponses[400] };

const listSources = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/datasource-configuration',
  summary: 'Data sources of an enterprise (of a BOC or store when named) the user sees',
  request: { query: dataSourceListQuerySchema },
  responses: { 200: json(z.array(dataSourceSchema)), ...errorResponses },
});
const createSource = createRoute({
  ...common, middleware: [requireUser] as const, method: 'post', path: '/api/data-sync/datasource-configuration',
  summary: 'Configure a data source for a BOC or one of its stores; credentials are stored encrypted',
  request: body(dataSourceInputSchema),
  responses: { 200: json(dataSourceSchema), ...withConflict },
});
const updateSource = createRoute({
  ...common, middleware: [requireUser] as const, method: 'put', path: '/api/data-sync/datasource-configuration/{dataSourceId}',
  summary: 'Change a data source (name, credentials, lag days, enabled)',
  request: { params: z.object({ dataSourceId: idParam }), ...body(dataSourceUpdateSchema) },
  responses: { 200: json(dataSourceSchema), ...withConflict },
});
const health = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/health',
  summary: 'Lagging and failing dealer-system sources of the stores the user sees',
  request: { query: z.object({ enterpriseId: idParam }) },
  responses: { 200: json(dataSourceHealthSchema), ...errorResponses },
});
const history = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/sync-history',
  summary: 'Sync history of an enterprise or one store, newest first, a page at a time',
  request: { query: syncHistoryQuerySchema },
  responses: { 200: json(syncRunPageSchema), ...errorResponses },
});
const runCustomers = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/sync-history/{syncRunId}/customers',
  summary: 'The customers one sync created or changed',
  request: { params: z.object({ syncRunId: idParam }) },
  responses: { 200: json(z.array(syncRunCustomerSchema)), ...errorResponses },
});
const timeline = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/store-history-timeline/{storeId}',
  summary: 'What came into a store per day (syncs and files) over the last days',
  request: { params: z.object({ storeId: idParam }), query: storeTimelineQuerySchema },
  responses: { 200: json(storeTimelineSchema), ...errorResponses },
});
const customerHistory = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/customer-sync-history/{customerId}',
  summary: 'What syncs did to one customer, and the customer numbers each source knows them by',
  request: { params: z.object({ customerId: idParam }) },
  responses: { 200: json(customerSyncHistorySchema), ...errorResponses },
});
const manualSync = createRoute({
  ...common, middleware: [requireUser] as const, method: 'post', path: '/api/data-sync/manual-sync',
  summary: "Sync a store from its dealer system now ('Synced Successfully', 'DMS not supporting Sync', 'Datasource is not configured')",
  request: body(manualSyncInputSchema),
  responses: { 200: json(manualSyncResultSchema), ...withConflict },
});
const schedulersByApiName = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/scheduler/api-name/{enterpriseId}',
  summary: 'Schedulers of an enterprise by API name (of one store too when storeIdFk is given)',
  request: { params: z.object({ enterpriseId: idParam }), query: z.object({ storeIdFk: idParam.optional() }) },
  responses: { 200: json(z.array(schedulerSchema)), ...errorResponses },
});
const createSchedulerRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'post', path: '/api/data-sync/scheduler',
  summary: "Create a daily scheduler ('Scheduler created successfully' / 'Unable to create scheduler')",
  request: body(schedulerInputSchema),
  responses: { 200: json(schedulerCreatedSchema), ...withConflict },
});
const schedulerDetailsRoute = createRoute({
  ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/scheduler/{schedulerId}',
  summary: 'One scheduler with its recent runs',
  request: { params: z.object({ schedulerId: idParam }) },
  responses: { 200: json(schedulerDetailsSchema), ...errorResponses },
});

export const dataSyncRoutes = ({ encryptionKey }: { encryptionKey?: string | undefined } = {}) =>
  new OpenAPIHono<AppEnv>()
    .openapi(listSources, async (c) => c.json(await listDataSources(c.var.sql, c.var.user, c.req.valid('query')), 200))
    .openapi(createSource, async (c) => {
      const box = await dataSecretBox(c.var.sql, encryptionKey);
      return c.json(await createDataSource(c.var.sql, c.var.user, c.req.valid('json'), box), 200);
    })
    .openapi(updateSource, async (c) => {
      const box = await dataSecretBox(c.var.sql, encryptionKey);
      return c.json(await updateDataSource(c.var.sql, c.var.user, c.req.valid('param').dataSourceId, c.req.valid('json'), box), 200);
    })
    .openapi(health, async (c) => c.json(await dataSourceHealth(c.var.sql, c.var.user, c.req.valid('query').enterpriseId), 200))
    .openapi(history, async (c) => c.json(await syncHistory(c.var.sql, c.var.user, c.req.valid('query')), 200))
    .openapi(runCustomers, async (c) => c.json(await syncRunCustomers(c.var.sql, c.var.user, c.req.valid('param').syncRunId), 200))
    .openapi(timeline, async (c) => c.json(await storeTimeline(c.var.sql, c.var.user, c.req.valid('param').storeId, c.req.valid('query').days), 200))
    .openapi(customerHistory, async (c) => c.json(await customerSyncHistory(c.var.sql, c.var.user, c.req.valid('param').customerId), 200))
    .openapi(manualSync, async (c) => {
      const input = c.req.valid('json');
      assertManager(c.var.user);
      await assertStorePlace(c.var.sql, c.var.user, { storeId: input.storeIdPk });
      const runId = await runSync(c.var.sql, { storeId: input.storeIdPk, filterDate: input.filterDate, apiName: input.apiName, trigger: 'MANUAL', userId: c.var.user.userId });
      return c.json({ message: DATA_SYNC_MESSAGES.synced, run: await getSyncRun(c.var.sql, runId) }, 200);
    })
    .openapi(schedulersByApiName, async (c) =>
      c.json(await listSchedulers(c.var.sql, c.var.user, c.req.valid('param').enterpriseId, c.req.valid('query').storeIdFk), 200),
    )
    .openapi(createSchedulerRoute, async (c) => {
      const scheduler = await createScheduler(c.var.sql, c.var.user, c.req.valid('json'));
      return c.json({ message: DATA_SYNC_MESSAGES.schedulerCreated, scheduler }, 200);
    })
    .openapi(schedulerDetailsRoute, async (c) => c.json(await schedulerDetails(c.var.sql, c.var.user, c.req.valid('param').schedulerId), 200));
