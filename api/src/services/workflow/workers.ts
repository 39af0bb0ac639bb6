import type { JobSystem } from '../../jobs/job-system';
import { QUEUES } from '../../jobs/queues';
import type { Logger } from '../../lib/logger';
import type { ServiceDeps } from '../conversations/deps';
import { runAutomatedRun } from './automated';
import { sendDueFollowUps } from './follow-ups';

/**
 * The lead workers of this process: the follow-up sweep (every minute, one waiting at a time
 * across processes) and the automated lead-manager runs. Resolves with a function that stops both.
 */
export async function startLeadWorkers(deps: ServiceDeps & { jobs: JobSystem; logger?: Logger | undefined }): Promise<() => Promise<void>> {
  const stopFollowUps = await deps.jobs.work(QUEUES.leadFollowUps, async () => {
    const r = await sendDueFollowUps(deps);
    if (r.sent || r.skipped) deps.logger?.info(r, 'follow-ups sent');
    return r;
  });
  await deps.jobs.schedule(QUEUES.leadFollowUps, '* * * * *', null, { singletonKey: 'sweep' });
  const stopAutomated = await deps.jobs.work<{ runId: number }>(QUEUES.automatedLeadManager, async (data) => {
    const run = await runAutomatedRun(deps, data.runId);
    deps.logger?.info({ runId: data.runId, initiated: run?.initiated, failed: run?.failed }, 'automated lead-manager run finished');
    return run;
  });
  return async () => {
    await stopFollowUps();
    await stopAutomated();
  };
}
