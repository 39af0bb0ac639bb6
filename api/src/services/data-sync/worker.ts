import type { Sql } from '../../db/database';
import type { JobSystem } from '../../jobs/job-system';
import { QUEUES } from '../../jobs/queues';
import type { Logger } from '../../lib/logger';
import { runDueSchedulers } from './sync/schedulers';

/**
 * Scheduled syncs on the job system: a cron job every minute (one per minute across every
 * process) runs the schedulers whose time has come in their zone. The sync_scheduler rows are the
 * schedule, so a scheduler created through the API needs no job of its own.
 */
export async function startDataSyncWorker(o: { sql: Sql; jobs: JobSystem; logger?: Logger }): Promise<() => Promise<void>> {
  const stop = await o.jobs.work(QUEUES.dataSyncTick, async () => ({ runs: (await runDueSchedulers(o.sql, new Date(), o.logger)).length }));
  await o.jobs.schedule(QUEUES.dataSyncTick, '* * * * *');
  return stop;
}
