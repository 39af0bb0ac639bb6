import type { Sql } from '../../db/database';
import type { JobSystem } from '../../jobs/job-system';
import type { Logger } from '../../lib/logger';
import { createCarrierDirectory } from '../carriers/directory';
import { carrierSettingsFromEnv, type CarrierEnv } from '../carriers/settings';
import { createMailDirectory } from '../mail/directory';
import type { ConversationDeps } from './deps';
import { createInProcessNotifier, createPgNotifier } from './notifier';
import { startOutboxWorker, type OutboxWorker } from './outbox-worker';

/** What a process needs from its settings to run the conversation core. */
export type ConversationCoreEnv = CarrierEnv & { SMTP_URL?: string | undefined; QUIET_HOURS?: boolean | undefined };

export type ConversationCore = {
  /** Hand to `conversationRoutes`, `webhookRoutes` and `simulatorRoutes` (or to createApp). */
  deps: ConversationDeps;
  worker: OutboxWorker;
  /** Stops the outbox worker and sends the inbox notifications still gathered. */
  stop: () => Promise<void>;
};

/**
 * Builds the carrier and mail directories, the inbox notifier and the outbox worker of one API
 * process. `refreshInbox` is the embedded sync server's `refreshInboxRows`; without it (the API
 * runs alone) inbox changes go out as PostgreSQL notifications for the sync-server processes.
 */
export function startConversationCore(opts: {
  sql: Sql;
  logger: Logger;
  env: ConversationCoreEnv;
  /** PUBLIC_URL, or the local address when it is not set. */
  publicUrl: string;
  refreshInbox?: (storeId: number, interactionIds: number[]) => Promise<unknown>;
  /** The process's job system, which drives the outbox worker; without it the worker runs one of its own. */
  jobs?: JobSystem | undefined;
}): ConversationCore {
  const { sql, logger } = opts;
  const settings = carrierSettingsFromEnv(opts.env, opts.publicUrl);
  const carrier = createCarrierDirectory({ sql, settings });
  const mail = createMailDirectory({ sql, smtpUrl: opts.env.SMTP_URL });
  const refresh = opts.refreshInbox;
  const notifier = refresh
    ? createInProcessNotifier(async (storeId, ids) => void (await refresh(storeId, ids)), { logger })
    : createPgNotifier(sql, { logger });
  const worker = startOutboxWorker({
    sql,
    logger,
    notifier,
    carrierFor: carrier.carrierFor,
    mailerFor: mail.mailerFor,
    publicUrl: settings.publicUrl,
    quietHours: opts.env.QUIET_HOURS ?? true,
    jobs: opts.jobs,
  });
  logger.info({ carrier: carrier.mode, mail: mail.capturing ? 'captured' : 'smtp', publicUrl: settings.publicUrl }, 'conversation core started');
  return {
    deps: { notifier, carrier, publicUrl: settings.publicUrl, outbox: worker, mail },
    worker,
    stop: async () => {
      await worker.stop();
      await notifier.flush();
    },
  };
}
