import type { Sql } from '../../db/database';
import type { JobSystem } from '../../jobs/job-system';
import { QUEUES } from '../../jobs/queues';
import type { Logger } from '../../lib/logger';
import type { InboxNotifier } from '../conversations/notifier';
import type { OutboxWaker } from '../conversations/deps';
import { queueInitiation, runInitiationJob } from '../interactions';
import type { PlannerRunner } from './run-planner';
import { executeTransfer } from './transfer';

export type PlannerRunnerOptions = {
  sql: Sql;
  logger?: Logger | undefined;
  /** The process's job system: transfer runs are jobs on QUEUES.plannerRun. */
  jobs?: JobSystem | undefined;
  notifier: InboxNotifier;
  outbox?: OutboxWaker | undefined;
};

export type StartedPlannerRunner = PlannerRunner & { stop(): Promise<void> };

function initiator(o: PlannerRunnerOptions) {
  return async (ids: number[]) => {
    if (o.jobs) {
      await queueInitiation(o.jobs, ids);
      return;
    }
    await runInitiationJob({ sql: o.sql, notifier: o.notifier, outbox: o.outbox, logger: o.logger }, { interactionIds: ids });
  };
}

/**
 * Runs transfer runs as jobs on QUEUES.plannerRun: a run is taken by one process, retried when it
 * fails, and its job state is readable; the first outreach of what it created is queued on the
 * interaction-initiation queue. The planner_run row holds its progress and counts.
 */
export async function startPlannerRunner(o: PlannerRunnerOptions & { jobs: JobSystem }): Promise<StartedPlannerRunner> {
  const { jobs } = o;
  const submit = async (runId: number) => {
    const jobId = await jobs.send(QUEUES.plannerRun, { runId });
    await o.sql`update planner_run set job_id = ${jobId} where id = ${runId}`;
  };
  const deps = { sql: o.sql, logger: o.logger, initiate: initiator(o), next: submit };
  const stopWork = await jobs.work<{ runId: number }>(QUEUES.plannerRun, async (data) => {
    await executeTransfer(deps, data.runId);
    return { runId: data.runId };
  });
  return {
    submit,
    initiate: deps.initiate,
    stop: stopWork,
  };
}

/**
 * Without a job system (an app built for a test or a tool): a run is worked in this process right
 * after it is recorded, and the interactions it created are initiated in turn.
 */
export function inProcessPlannerRunner(o: Omit<PlannerRunnerOptions, 'jobs'>): StartedPlannerRunner {
  const running = new Set<Promise<void>>();
  const submit = async (runId: number) => {
    const p: Promise<void> = executeTransfer(deps, runId)
      .catch((err: unknown) => o.logger?.error({ err, runId }, 'planner transfer failed'))
      .finally(() => running.delete(p));
    running.add(p);
  };
  const deps = { sql: o.sql, logger: o.logger, initiate: initiator(o), next: submit };
  return {
    submit,
    initiate: deps.initiate,
    stop: async () => {
      // A run may hand on to the next run of its all-tabs run while finishing.
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
