import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { analyzeReply, defaultAnalyzer } from '../services/assistant';
import { analyzeRequestSchema, analyzeResponseSchema } from '@drivebay/shared';
import type { AppEnv } from '../types';
import { requireUser } from '../middleware/auth';
import { bearer, errorResponses, json } from './common';

const analyzeRoute = createRoute({
  method: 'post',
  path: '/api/assistant/analyze',
  tags: ['Assistant'],
  summary: "Reads a customer's reply: its intents (finalIntentNames[0] routes the conversation) and appointment dates",
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: { required: true, content: { 'application/json': { schema: analyzeRequestSchema } } } },
  responses: { 200: json(analyzeResponseSchema), ...errorResponses },
});

export const assistantRoutes = new OpenAPIHono<AppEnv>().openapi(analyzeRoute, async (c) =>
  c.json(await analyzeReply(c.var.sql, c.var.user, c.req.valid('json')), 200),
);

// Train when the API starts rather than on the first customer's reply. Unreferenced, so the
// timer never keeps a process (a test, a script) alive on its own.
setTimeout(() => defaultAnalyzer(), 0).unref();
