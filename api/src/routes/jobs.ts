import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError } from '@drivebay/shared';
import type { JobSystem } from '../jobs/job-system';
import { requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { bearer, errorResponses, json } from './common';

// Read by operators only (no screen shows it), so the shape lives beside its one route.
const jobInfoSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdOn: z.string(),
  startAfter: z.string(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
  output: z.unknown(),
});

const jobRoute = createRoute({
  tags: ['Operations'],
  security: bearer,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/jobs/{queue}/{id}',
  summary: 'The state of one background job (super admins only)',
  request: { params: z.object({ queue: z.string().min(1).max(100), id: z.string().min(1).max(100) }) },
  responses: { 200: json(jobInfoSchema), ...errorResponses },
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Background job state for operators; mounted by the entry points, which own the job system. */
export function jobRoutes(jobs: JobSystem) {
  return new OpenAPIHono<AppEnv>().openapi(jobRoute, async (c) => {
    if (!c.var.user.roles.includes('SUPER_ADMIN')) throw new AppError('FORBIDDEN', 'Only a super admin can read job states');
    const { queue, id } = c.req.valid('param');
    const job = await jobs.jobState(queue, id);
    if (!job) throw new AppError('NOT_FOUND', 'No such job');
    return c.json({ ...job, createdOn: job.createdOn.toISOString(), startAfter: job.startAfter.toISOString(), startedOn: iso(job.startedOn), completedOn: iso(job.completedOn) }, 200);
  });
}
