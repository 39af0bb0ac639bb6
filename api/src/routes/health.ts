import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { databaseAnswers } from '../db/database';
import type { AppEnv } from '../types';
import { json } from './common';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), uptimeSeconds: z.number() });

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['Operations'],
  summary: 'Whether the service and its database answer',
  responses: { 200: json(healthSchema, 'All parts answer'), 503: json(healthSchema, 'The database does not answer') },
});

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(healthRoute, async (c) => {
  const up = await databaseAnswers(c.var.sql);
  const body = { status: up ? ('ok' as const) : ('degraded' as const), database: up ? ('up' as const) : ('down' as const), uptimeSeconds: Math.round(process.uptime()) };
  return up ? c.json(body, 200) : c.json(body, 503);
});
