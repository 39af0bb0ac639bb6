import { AppError, type InitiateOutcome } from '@drivebay/shared';
import type { JobSystem } from '../../jobs/job-system';
import { QUEUES } from '../../jobs/queues';
import type { Logger } from '../../lib/logger';
import type { ServiceDeps } from '../conversations/deps';
import { initiateInteraction } from './initiate';

/** Interactions per job: a transfer of thousands is many small jobs, each retried on its own. */
export const INITIATION_BATCH = 100;

export type InitiationJob = { interactionIds: number[] };

/** What one job did, by outcome, plus the starts refused (another open conversation, contacted lately). */
export type InitiationSummary = Partial<Record<InitiateOutcome | 'REFUSED', number>>;

/** Queues the first texts of these interactions, {@link INITIATION_BATCH} per job; returns the job ids. */
export async function queueInitiation(jobs: Pick<JobSystem, 'send'>, interactionIds: readonly number[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < interactionIds.length; i += INITIATION_BATCH) {
    const id = await jobs.send(QUEUES.interactionInitiate, { interactionIds: interactionIds.slice(i, i + INITIATION_BATCH) } satisfies InitiationJob);
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * Starts each interaction of a job in turn, not forced: a refusal (the customer has another open
 * conversation or was contacted lately) is kept on the interaction as its outcome and the rest go
 * on. Anything else (the database away) fails the job, which is retried; interactions already
 * started are skipped by the start itself, so a retry texts nobody twice.
 */
export async function runInitiationJob(deps: ServiceDeps, job: InitiationJob): Promise<InitiationSummary> {
  const summary: InitiationSummary = {};
  for (const interactionId of job.interactionIds) {
    try {
      const r = await initiateInteraction(deps, { interactionId });
      summary[r.outcome] = (summary[r.outcome] ?? 0) + 1;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      summary.REFUSED = (summary.REFUSED ?? 0) + 1;
      await deps.sql`
        update future_service_interaction
        set metadata = metadata || jsonb_build_object('initiation', jsonb_build_object('outcome', 'REFUSED', 'reason', ${err.message}::text, 'at', now())),
          updated_on = now()
        where id = ${interactionId} and not conversation_initiated`;
    }
  }
  return summary;
}

/** Runs the interaction-initiate queue in this process; resolves with a function that stops it. */
export function startInitiationWorker(deps: ServiceDeps & { jobs: JobSystem; logger?: Logger | undefined }): Promise<() => Promise<void>> {
  return deps.jobs.work<InitiationJob>(QUEUES.interactionInitiate, async (data) => {
    const summary = await runInitiationJob(deps, data);
    deps.logger?.info({ summary, count: data.interactionIds.length }, 'conversations started');
    return summary;
  });
}
