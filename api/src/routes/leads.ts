import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { interactionRecordSchema, leadPageSchema, leadQuerySchema } from '@drivebay/shared';
import { listLeads } from '../services/leads/list-leads';
import { getInteraction } from '../services/leads/get-interaction';
import type { AppEnv } from '../types';
import { requireUser } from '../middleware/auth';
import { bearer, errorResponses, idParam, json } from './common';

const leadsRoute = createRoute({
  method: 'get',
  path: '/leadmanager/getLeadManagerDataForCompanyOffice',
  tags: ['Lead manager'],
  summary: 'The lead list of one store (companyId is the BOC, officeId the store)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: leadQuerySchema },
  responses: { 200: json(leadPageSchema), ...errorResponses },
});

const interactionRoute = createRoute({
  method: 'get',
  path: '/api/future-service-interaction',
  tags: ['Conversations'],
  summary: 'One future service interaction with its customer, store, vehicle, sale and marks',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: z.object({ 'future-service-interaction-id': idParam }) },
  responses: { 200: json(interactionRecordSchema), ...errorResponses },
});

export const leadRoutes = new OpenAPIHono<AppEnv>()
  .openapi(leadsRoute, async (c) => c.json(await listLeads(c.var.sql, c.var.user, c.req.valid('query')), 200))
  .openapi(interactionRoute, async (c) =>
    c.json(await getInteraction(c.var.sql, c.var.user, c.req.valid('query')['future-service-interaction-id']), 200),
  );
