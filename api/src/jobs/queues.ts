import type { QueuePolicy } from 'pg-boss';

/** Every queue the product runs, by name; later jobs (planner runs, imports, reports) add theirs here. */
export const QUEUES = {
  /** Hands queued messages to carriers and mail servers (the message_outbox table holds the work). */
  outboxDrain: 'outbox-drain',
  /** Answers customer texts a stopped process left unanswered. */
  assistantRecovery: 'assistant-recovery',
  /** One step of the simulated dealer system. */
  dealerFeedTick: 'dealer-feed-tick',
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
};
