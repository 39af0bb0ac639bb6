import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { bocSchema, enterpriseSchema, storeSchema } from '@drivebay/shared';
import { listBocs, listEnterprises, listStores } from '../services/org/list-org';
import type { AppEnv } from '../types';
import { requireUser } from '../middleware/auth';
import { bearer, errorResponses, idParam, json } from './common';

const enterprisesRoute = createRoute({
  method: 'get',
  path: '/api/enterprise',
  tags: ['Organisation'],
  summary: 'Enterprises the user can see',
  security: bearer,
  middleware: [requireUser] as const,
  responses: { 200: json(z.array(enterpriseSchema)), 401: errorResponses[401] },
});

const enterpriseParams = z.object({ enterpriseId: idParam });

const bocsRoute = createRoute({
  method: 'get',
  path: '/api/enterprise/{enterpriseId}/boc',
  tags: ['Organisation'],
  summary: 'BOCs of an enterprise within the user’s scope',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: enterpriseParams },
  responses: { 200: json(z.array(bocSchema)), 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] },
});

const storesRoute = createRoute({
  method: 'get',
  path: '/api/enterprise/{enterpriseId}/store',
  tags: ['Organisation'],
  summary: 'Stores of an enterprise within the user’s scope, optionally of one BOC',
  security: bearer,
  middleware: [requireUser] as const,
  request: { params: enterpriseParams, query: z.object({ bocId: idParam.optional() }) },
  responses: { 200: json(z.array(storeSchema)), 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] },
});

export const orgRoutes = new OpenAPIHono<AppEnv>()
  .openapi(enterprisesRoute, async (c) => c.json(await listEnterprises(c.var.sql, c.var.user), 200))
  .openapi(bocsRoute, async (c) => c.json(await listBocs(c.var.sql, c.var.user, c.req.valid('param').enterpriseId), 200))
  .openapi(storesRoute, async (c) =>
    c.json(await listStores(c.var.sql, c.var.user, c.req.valid('param').enterpriseId, c.req.valid('query').bocId), 200),
  );
