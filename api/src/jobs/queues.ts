import type { QueuePolicy } from 'pg-boss';

/** Every queue the product runs, by name; later jobs (planner runs, imports, reports) add theirs here. */
export const QUEUES = {
  /** Hands queued messages to carriers and mail servers (the message_outbox table holds the work). */
  outboxDrain: 'outbox-drain',
  /** Answers customer texts a stopped process left unanswered. */
  assistantRecovery: 'assistant-recovery',
  /** One step of the simulated dealer system. */
  dealerFeedTick: 'dealer-feed-tick',
  /** Starts conversations in bulk (planner transfers, bulk starts): the first text of each. */
  interactionInitiate: 'interaction-initiate',
  /** One transfer run of a predictive planner (planner_run holds its progress and counts). */
  plannerRun: 'planner-run',
  /** Each minute: runs the data-sync schedulers whose time has come. */
  dataSyncTick: 'data-sync-tick',
  /** Sends the lead follow-ups that are due (a cron every minute, and a wake when one is due now). */
  leadFollowUps: 'lead-follow-ups',
  /** Starts the conversations of one automated lead-manager run. */
  automatedLeadManager: 'automated-lead-manager',
  /** Each minute on the embedded database: vacuums and analyzes the tables that are due (db/maintenance.ts). */
  databaseMaintenance: 'database-maintenance',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** How a queue's jobs are kept and retried. */
export type QueueSettings = {
  policy?: QueuePolicy;
  /** Failed runs tried again before the job is failed for good. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each further one when `retryBackoff` is on. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A run still active after this long is taken to have died with its process and is retried. */
  expireInSeconds?: number;
  /** How often an idle worker looks for jobs (a send in the same process wakes it at once). */
  pollingIntervalSeconds?: number;
};

export const QUEUE_SETTINGS: Record<QueueName, QueueSettings> = {
  // 'short' keeps one waiting job per singleton key: wakes coalesce while a drain runs, and the
  // drain's own follow-ups (keyed by their time) are not queued twice by two processes.
  [QUEUES.outboxDrain]: { policy: 'short', retryLimit: 5, retryDelaySeconds: 1, retryBackoff: true, expireInSeconds: 300, pollingIntervalSeconds: 1 },
  [QUEUES.assistantRecovery]: { policy: 'short', retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 600, pollingIntervalSeconds: 2 },
  // One tick waits at a time, across every process, so two processes never both run the feed.
  [QUEUES.dealerFeedTick]: { policy: 'short', retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 120, pollingIntervalSeconds: 1 },
  // Each interaction is started once whatever happens (the start is idempotent), so a batch cut
  // short by a dying process is simply run again.
  [QUEUES.interactionInitiate]: { policy: 'standard', retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 900, pollingIntervalSeconds: 1 },
  // A retried transfer skips the vehicles its earlier attempt already claimed (planner_transfer).
  [QUEUES.plannerRun]: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 3600, pollingIntervalSeconds: 1 },
  // A missed tick is caught up by the next (schedulers run when their time has passed today).
  [QUEUES.dataSyncTick]: { policy: 'short', retryLimit: 0, expireInSeconds: 1800, pollingIntervalSeconds: 5 },
  // One sweep waits at a time; each follow-up is taken with skip locked, so a sweep run twice sends nothing twice.
  [QUEUES.leadFollowUps]: { policy: 'short', retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 300, pollingIntervalSeconds: 5 },
  // A run is resumed where it stopped (items done are skipped, a start texts nobody twice).
  [QUEUES.automatedLeadManager]: { policy: 'standard', retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 1800, pollingIntervalSeconds: 2 },
  // One round waits at a time; a missed round is made up by the next, which reads fresh statistics.
  [QUEUES.databaseMaintenance]: { policy: 'short', retryLimit: 0, expireInSeconds: 1800, pollingIntervalSeconds: 30 },
};
