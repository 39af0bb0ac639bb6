import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { draftResponseSchema, saveDraftResponseSchema, saveDraftSchema } from '@drivebay/shared';
import { getDraft, saveDraft } from '../services/drafts';
import { requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { bearer, errorResponses, idParam, json } from './common';

const getRoute = createRoute({
  method: 'get',
  path: '/api/drafts',
  tags: ['Conversations'],
  summary: 'The signed-in user’s composer draft of a conversation (null when none, or once its message was sent)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: z.object({ future_service_interaction_id: idParam }) },
  responses: { 200: json(draftResponseSchema), ...errorResponses },
});

const putRoute = createRoute({
  method: 'put',
  path: '/api/drafts',
  tags: ['Conversations'],
  summary: 'Save the user’s draft of a conversation: the later edit (updatedAt) wins; empty content and subject clear it',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: { required: true, content: { 'application/json': { schema: saveDraftSchema } } } },
  responses: { 200: json(saveDraftResponseSchema), ...errorResponses },
});

/** Composer drafts per user and conversation, shared by that user's devices. */
export const draftRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getRoute, async (c) => c.json({ draft: await getDraft(c.var.sql, c.var.user, c.req.valid('query').future_service_interaction_id) }, 200))
  .openapi(putRoute, async (c) => c.json(await saveDraft(c.var.sql, c.var.user, c.req.valid('json')), 200));
