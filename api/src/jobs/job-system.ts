import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { Sql } from '../db/database';
import type { Logger } from '../lib/logger';
import { postgresJsDb } from './postgres-adapter';
import { QUEUE_SETTINGS, type QueueSettings } from './queues';

/** Where a job stands: waiting, running, waiting to be tried again, or settled. */
export type JobState = JobWithMetadata['state'];

/** What can be read about one job. */
export type JobInfo = {
  id: string;
  queue: string;
  state: JobState;
  /** Runs that failed and were tried again so far. */
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** The handler's result, or the error of the last failed run. */
  output: unknown;
};

export type SendOptions = {
  /** Not before this time. */
  startAfter?: Date;
  /** With a 'short' queue: no second waiting job with this key. */
  singletonKey?: string;
};

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<unknown>;

export type JobSystem = {
  /** Installs or migrates the pgboss schema (once per database) and starts maintenance. */
  start(): Promise<void>;
  /** Stops every worker after the jobs under way, then pg-boss itself. */
  stop(): Promise<void>;
  /**
   * Runs `handler` for the queue's jobs in this process, one at a time; a job is handed to one
   * process only. A throw fails the run, which is retried as the queue's settings say.
   * Resolves with a function that stops this worker (after its job under way).
   */
  work<T extends object | null = null>(queue: string, handler: JobHandler<T>, settings?: QueueSettings): Promise<() => Promise<void>>;
  /** Queues a job; null when a waiting job with the same singleton key already exists. */
  send(queue: string, data?: object | null, options?: SendOptions): Promise<string | null>;
  /** Queues a job on a cron schedule (whole minutes); one job per slot across all processes. */
  schedule(queue: string, cron: string, data?: object | null, options?: { singletonKey?: string }): Promise<void>;
  /** The state of one job, or null when there is no such job. */
  jobState(queue: string, id: string): Promise<JobInfo | null>;
};

export type JobSystemOptions = {
  sql: Sql;
  logger?: Logger | undefined;
  /** Schema of pg-boss's tables. */
  schema?: string;
  /**
   * Several processes may start on one fresh PostgreSQL database at once (a cluster): hold a
   * session lock while pg-boss installs its schema, which it otherwise does in each of them and
   * fails in all but one. Needs a pool of more than one connection, so not on PGlite.
   */
  installLock?: boolean;
};

/** The session advisory lock held while pg-boss installs or migrates its schema. */
const INSTALL_LOCK = 0x6a6f6273; // 'jobs'

/**
 * Starts of the instances in this process, one after another. On the embedded engine every
 * instance shares one connection, where pg-boss's install lock (an advisory lock, held per
 * connection) cannot keep two installs apart.
 */
let starting: Promise<unknown> = Promise.resolve();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A worker's result as stored; a value kept as JSON text is read back as the value. */
function jsonOutput(output: unknown): unknown {
  if (typeof output !== 'string') return output ?? null;
  try {
    return JSON.parse(output) as unknown;
  } catch {
    return output;
  }
}

/**
 * The product's one job system: pg-boss on the app's PostgreSQL, reached through the app's own
 * postgres.js handle (see postgres-adapter.ts). A job is taken by one worker across every
 * process (`for update skip locked` in pg-boss), retried with backoff when it fails, and its
 * state stays readable until pg-boss's retention removes it.
 */
export function createJobSystem(o: JobSystemOptions): JobSystem {
  const boss = new PgBoss({
    db: postgresJsDb(o.sql),
    schema: o.schema ?? 'pgboss',
    // The embedded engine runs one statement at a time for every connection: keep pg-boss's
    // own bookkeeping rare and short so it never holds up the product's queries.
    superviseIntervalSeconds: 60,
    maintenanceIntervalSeconds: 300,
    monitorIntervalSeconds: 60,
    warningSlowQuerySeconds: 30,
    monitorVacuum: false,
    reindex: false,
  });
  boss.on('error', (err) => o.logger?.error({ err }, 'job system error'));
  const created = new Set<string>();
  const workers = new Map<string, Set<string>>();
  let started: Promise<void> | null = null;

  const ensureQueue = async (queue: string, settings: QueueSettings | undefined) => {
    if (created.has(queue)) return;
    const s = settings ?? QUEUE_SETTINGS[queue as keyof typeof QUEUE_SETTINGS] ?? {};
    const retries = {
      ...(s.retryLimit !== undefined ? { retryLimit: s.retryLimit } : {}),
      ...(s.retryDelaySeconds !== undefined ? { retryDelay: s.retryDelaySeconds } : {}),
      ...(s.retryBackoff !== undefined ? { retryBackoff: s.retryBackoff } : {}),
      ...(s.expireInSeconds !== undefined ? { expireInSeconds: s.expireInSeconds } : {}),
    };
    if (!(await boss.getQueue(queue))) {
      // Two processes may race to create it; the loser's error only says it exists.
      await boss.createQueue(queue, { ...(s.policy ? { policy: s.policy } : {}), ...retries }).catch(async (err: unknown) => {
        if (!(await boss.getQueue(queue))) throw err;
      });
    } else if (Object.keys(retries).length) {
      // The settings in queues.ts win over those a queue was made with (its policy stays).
      await boss.updateQueue(queue, retries);
    }
    created.add(queue);
  };

  const wakeLocal = (queue: string) => {
    for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
  };

  return {
    start() {
      const install = o.installLock ? () => withSessionLock(o.sql, INSTALL_LOCK, () => boss.start()) : () => boss.start();
      started ??= (starting = starting.catch(() => undefined).then(install)).then(() => undefined);
      return started;
    },
    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      // Graceful: resolves once the jobs under way have settled (or 30 s have passed).
      await boss.stop({ graceful: true, close: false, timeout: 30_000 });
    },
    async work(queue, handler, settings) {
      await ensureQueue(queue, settings);
      const s = settings ?? QUEUE_SETTINGS[queue as keyof typeof QUEUE_SETTINGS] ?? {};
      const id = await boss.work<object | null>(
        queue,
        { batchSize: 1, pollingIntervalSeconds: s.pollingIntervalSeconds ?? 2 },
        async ([job]) => (job ? handler(job.data as never, { id: job.id, retryCount: job.retryCount }) : undefined),
      );
      const mine = workers.get(queue) ?? new Set<string>();
      mine.add(id);
      workers.set(queue, mine);
      return async () => {
        mine.delete(id);
        await boss.offWork(queue, { id, wait: true });
      };
    },
    async send(queue, data = null, options = {}) {
      await ensureQueue(queue, undefined);
      const id = await boss.send(queue, data, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      if (!options.startAfter) wakeLocal(queue);
      return id;
    },
    async schedule(queue, cron, data = null, options = {}) {
      await ensureQueue(queue, undefined);
      await boss.schedule(queue, cron, data, options.singletonKey ? { singletonKey: options.singletonKey } : {});
    },
    async jobState(queue, id) {
      if (!UUID.test(id)) return null;
      if (!(await boss.getQueue(queue))) return null;
      const [job] = await boss.findJobs(queue, { id });
      if (!job) return null;
      return {
        id: job.id,
        queue: job.name,
        state: job.state,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        createdOn: job.createdOn,
        startAfter: job.startAfter,
        startedOn: job.startedOn ?? null,
        completedOn: job.completedOn ?? null,
        output: jsonOutput(job.output),
      };
    },
  };
}

/** A job system a component runs on: the process's own, or one of its own when it was given none. */
export type BorrowedJobSystem = {
  jobs: JobSystem;
  /** Stops the job system when it was made for the component; leaves a shared one running. */
  release(): Promise<void>;
};

/**
 * The process's job system when one is given; else one made (and started) for the caller
 * alone, as a component started on its own in a test is its own process.
 */
export function borrowJobSystem(jobs: JobSystem | undefined, o: JobSystemOptions): BorrowedJobSystem {
  if (jobs) return { jobs, release: async () => {} };
  const own = createJobSystem(o);
  return { jobs: own, release: () => own.stop() };
}

/** Runs `work` while this process holds a session advisory lock on its own connection. */
async function withSessionLock<T>(sql: Sql, key: number, work: () => Promise<T>): Promise<T> {
  const reserved = await sql.reserve();
  try {
    await reserved`select pg_advisory_lock(${key})`;
    try {
      return await work();
    } finally {
      await reserved`select pg_advisory_unlock(${key})`;
    }
  } finally {
    reserved.release();
  }
}
