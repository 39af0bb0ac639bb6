import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@drivebay/shared';
import { createJobSystem, type JobSystem } from '../jobs/job-system';
import { startHarness, type Harness } from '../testing/app-harness';
import { waitFor } from '../testing/conversation-harness';
import { jobRoutes } from './jobs';

let h: Harness;
let jobs: JobSystem;

beforeAll(async () => {
  h = await startHarness();
  jobs = createJobSystem({ sql: h.db.sql });
  await jobs.start();
  h.app.route('/', jobRoutes(jobs));
});
afterAll(async () => {
  await jobs?.stop();
  await h?.close();
});

describe('GET /api/jobs/{queue}/{id}', () => {
  it('shows a super admin where a job stands, and no one else', async () => {
    const stop = await jobs.work('test-report', async () => ({ rows: 3 }), { pollingIntervalSeconds: 0.5 });
    try {
      const id = (await jobs.send('test-report', { storeId: 1 }))!;
      const admin = await h.login('super_admin');
      const body = await waitFor(async () => {
        const res = await h.get(`/api/jobs/test-report/${id}`, admin);
        expect(res.status).toBe(200);
        const job = (await res.json()) as { state: string };
        return job.state === 'completed' ? job : null;
      }, 10_000, 'the job done');
      expect(body).toMatchObject({ id, queue: 'test-report', state: 'completed', retryCount: 0, output: { rows: 3 } });

      const manager = await h.login('office_manager');
      const refused = await h.get(`/api/jobs/test-report/${id}`, manager);
      expect(refused.status).toBe(403);
      expect(apiErrorSchema.parse(await refused.json()).code).toBe('FORBIDDEN');
      expect((await h.get(`/api/jobs/test-report/${id}`)).status).toBe(401);

      const missing = await h.get('/api/jobs/test-report/00000000-0000-4000-8000-000000000000', admin);
      expect(missing.status).toBe(404);
      expect(apiErrorSchema.parse(await missing.json()).code).toBe('NOT_FOUND');
    } finally {
      await stop();
    }
  });
});
