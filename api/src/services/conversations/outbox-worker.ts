import { isStatusAdvance } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { borrowJobSystem, type JobSystem } from '../../jobs/job-system';
import { QUEUE_SETTINGS, QUEUES } from '../../jobs/queues';
import type { Logger } from '../../lib/logger';
import type { CarrierPort } from '../carriers/carrier-port';
import { createMailDirectory } from '../mail/directory';
import { letterheadOfStore } from '../mail/letterhead';
import type { MailPort } from '../mail/mail-port';
import type { InboxNotifier } from './notifier';
import { isOptedOut } from './opt-out';
import { quietHoursHold } from './quiet-hours';

export type OutboxWorkerOptions = {
  sql: Sql;
  logger: Logger;
  notifier: InboxNotifier;
  carrierFor: (storeId: number) => Promise<CarrierPort>;
  /** Mail server per store; by default the store's smtp_url, else the captured mailbox. */
  mailerFor?: (storeId: number) => Promise<MailPort>;
  /** Base of the status callback address carriers report delivery to. */
  publicUrl: string;
  /** The process's job system; a worker given none runs one of its own (a process of its own). */
  jobs?: JobSystem | undefined;
  /** How often the drain queue is looked at when nobody in this process wakes the worker (at least 500 ms). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Attempts before a message that keeps failing for passing reasons is given up as failed. */
  maxAttempts?: number;
  /** How long a taken row stays the worker's; a worker that died frees it when this runs out. */
  leaseMs?: number;
  /** Wait before attempt n+1 after attempt n failed. */
  backoffMs?: (attempt: number) => number;
  /**
   * Hold texts that are not replies during the customer's quiet hours (21:00–08:00, see
   * quiet-hours.ts) until 08:00 their time. Off unless the caller turns it on: the product's
   * worker should; a test worker that does not test this then behaves the same at any hour.
   */
  quietHours?: boolean;
  /** The worker's clock for quiet hours; the real time unless a test pins it. */
  clock?: () => Date;
};

export type OutboxWorker = {
  /** Looks at the table now (through a drain job) instead of at the next poll. */
  wake(): void;
  /** Takes and handles one batch; returns how many entries it handled. */
  runOnce(): Promise<number>;
  /** Stops taking drain jobs and waits for the drain under way. */
  stop(): Promise<void>;
};

/** Said in the errors of a queued text whose customer opted out before it left. */
export const OPTED_OUT_AT_SUBMIT = 'Customer opted out';

const defaultBackoff = (attempt: number) => Math.min(2 ** (attempt - 1) * 2_000, 10 * 60_000);

type Job = { id: number; messageInstanceId: number; storeId: number; channel: 'SMS' | 'EMAIL'; attempts: number; bypassOptOut: boolean };
type Msg = {
  id: number;
  futureServiceInteractionId: number;
  customerId: number | null;
  content: string;
  subject: string | null;
  fromAddress: string | null;
  fromName: string | null;
  toAddress: string | null;
  toName: string | null;
  mediaUrls: string[];
  messageStatus: string | null;
  carrierMessageId: string | null;
};

/** A failure with a say on whether trying again can help (CarrierError, MailError). */
type Failure = { permanent?: boolean; display?: string; message?: string };

/**
 * The worker that hands queued messages to carriers and mail servers. The message_outbox table,
 * written in the same transaction as the message, is the source of truth; pg-boss jobs on the
 * outbox-drain queue only say when to look at it (see docs/jobs.md). Rows are taken with
 * `for update skip locked` and a lease, so several API processes share the table safely and a
 * crash loses nothing: an entry is only marked done after the carrier took it. A crash in the
 * moment between the carrier's answer and that mark sends the message again when the lease runs
 * out (at-least-once; carriers offer no idempotency key to close that gap).
 */
export function startOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { sql, logger, notifier } = opts;
  const pollIntervalMs = opts.pollIntervalMs ?? 1_000;
  const batchSize = opts.batchSize ?? 10;
  const maxAttempts = opts.maxAttempts ?? 8;
  const leaseMs = opts.leaseMs ?? 60_000;
  const backoffMs = opts.backoffMs ?? defaultBackoff;
  const mailerFor = opts.mailerFor ?? createMailDirectory({ sql }).mailerFor;
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const quietHours = opts.quietHours ?? false;
  const clock = opts.clock ?? (() => new Date());

  let stopped = false;
  let draining = false;
  let again = false;
  const borrowed = borrowJobSystem(opts.jobs, { sql, logger });
  const jobs = borrowed.jobs;

  const claim = () => sql<Job[]>`
    update message_outbox o set locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = o.attempts + 1, updated_on = now()
    where o.id in (
      select id from message_outbox
      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by next_attempt_at, id
      limit ${batchSize}
      for update skip locked)
    returning o.id, o.message_instance_id, o.store_id, o.channel, o.attempts, o.bypass_opt_out`;

  /** Records the outcome on the message (status only ever forward) and closes the entry. */
  const finish = async (job: Job, result: { status: string; carrierMessageId?: string; error?: string; outbox: 'submitted' | 'failed' }) => {
    const changed = await sql.begin(async (t) => {
      const tx = t as unknown as Sql;
      const [m] = await tx<{ messageStatus: string | null; storeId: number; futureServiceInteractionId: number }[]>`
        select message_status, store_id, future_service_interaction_id from message_instance where id = ${job.messageInstanceId} for update`;
      const advance = isStatusAdvance(m?.messageStatus ?? null, result.status);
      const error = result.error ? [result.error] : [];
      await tx`
        update message_instance set
          message_status = case when ${advance} then ${result.status} else message_status end,
          carrier_message_id = coalesce(carrier_message_id, ${result.carrierMessageId ?? null}),
          "timestamp" = coalesce("timestamp", case when ${result.outbox === 'submitted'} then now() end),
          errors = case when ${error.length > 0} then errors || ${tx.json(error)} else errors end
        where id = ${job.messageInstanceId}`;
      await tx`update message_outbox set status = ${result.outbox}, locked_until = null, last_error = ${result.error ?? null}, updated_on = now()
        where id = ${job.id}`;
      return m;
    });
    if (changed) notifier.interactionsChanged(changed.storeId, [changed.futureServiceInteractionId]);
  };

  const retryLater = async (job: Job, error: string) => {
    await sql`update message_outbox set locked_until = null, last_error = ${error}, updated_on = now(),
        next_attempt_at = now() + ${backoffMs(job.attempts)} * interval '1 millisecond'
      where id = ${job.id}`;
  };

  /** Puts a text back until `release`; waiting out quiet hours is not a failed attempt. */
  const holdUntil = async (job: Job, release: Date) => {
    await sql`update message_outbox set locked_until = null, attempts = greatest(attempts - 1, 0), next_attempt_at = ${release},
        last_error = ${`Held for quiet hours until ${release.toISOString()}`}, updated_on = now()
      where id = ${job.id}`;
  };

  const handle = async (job: Job) => {
    const [m] = await sql<Msg[]>`
      select id, future_service_interaction_id, customer_id, content, subject, from_address, from_name, to_address, to_name,
        media_urls, message_status, carrier_message_id
      from message_instance where id = ${job.messageInstanceId}`;
    if (!m) return finish(job, { status: 'failed', error: 'The message no longer exists', outbox: 'failed' });
    // Taken by a carrier already (the worker died before closing the entry): do not send twice.
    if (m.carrierMessageId) return finish(job, { status: m.messageStatus ?? 'queued', outbox: 'submitted' });
    try {
      if (job.channel === 'SMS') {
        if (!job.bypassOptOut && (await isOptedOut(sql, { storeId: job.storeId, customerId: m.customerId, phone: m.toAddress }))) {
          return finish(job, { status: 'failed', error: OPTED_OUT_AT_SUBMIT, outbox: 'failed' });
        }
        // Decided at the moment the text would leave, not when it was written: a text queued at
        // 20:55 that reaches the carrier at 21:05 is held too.
        const release = quietHours ? await quietHoursHold(sql, m.id, clock()) : null;
        if (release) return holdUntil(job, release);
        const carrier = await opts.carrierFor(job.storeId);
        const receipt = await carrier.sendSms({
          from: m.fromAddress ?? '',
          to: m.toAddress ?? '',
          body: m.content,
          mediaUrls: m.mediaUrls,
          // Names our message, so a report that overtakes this worker's own write still finds it.
          statusCallback: `${publicUrl}/api/webhooks/twilio/status?mid=${m.id}`,
          tag: String(m.id),
        });
        return finish(job, { status: receipt.status, carrierMessageId: receipt.carrierMessageId, outbox: 'submitted' });
      }
      const mailer = await mailerFor(job.storeId);
      const receipt = await mailer.send({
        from: m.fromAddress ?? '', fromName: m.fromName, to: m.toAddress ?? '', toName: m.toName, subject: m.subject ?? '',
        html: m.content, storeId: job.storeId, messageInstanceId: m.id,
        letterhead: await letterheadOfStore(sql, job.storeId, publicUrl),
      });
      return finish(job, { status: receipt.status, carrierMessageId: receipt.messageId, outbox: 'submitted' });
    } catch (err) {
      const f = err as Failure;
      const text = f.display ?? f.message ?? String(err);
      if (f.permanent || job.attempts >= maxAttempts) {
        logger.warn({ err, messageId: m.id, attempts: job.attempts }, 'message could not be sent');
        return finish(job, { status: 'failed', error: text, outbox: 'failed' });
      }
      logger.info({ err, messageId: m.id, attempts: job.attempts }, 'message send failed; will retry');
      return retryLater(job, text);
    }
  };

  const runOnce = async (): Promise<number> => {
    const entries = await claim();
    await Promise.all(
      entries.map((job) =>
        handle(job).catch((err) => {
          // The lease runs out and another pass tries again.
          logger.error({ err, outboxId: job.id }, 'outbox entry could not be handled');
        }),
      ),
    );
    return entries.length;
  };

  /** Drains what is due, then leaves a drain job for the earliest entry that is not due yet. */
  const drain = async (): Promise<void> => {
    if (stopped) return;
    draining = true;
    try {
      let n: number;
      do {
        again = false;
        n = await runOnce();
      } while (!stopped && (n === batchSize || again));
    } finally {
      draining = false;
    }
    // A retry's backoff, a quiet-hours release or a lease left by a dead worker: each is looked at
    // when it comes due. Keyed by its time, so processes that find the same time queue one job.
    const [next] = await sql<{ at: Date | null }[]>`
      select min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) as at from message_outbox where status = 'pending'`;
    if (next?.at) await jobs.send(QUEUES.outboxDrain, null, { startAfter: next.at, singletonKey: `at:${next.at.toISOString()}` });
  };

  let stopWork: (() => Promise<void>) | null = null;
  const ready = (async () => {
    await jobs.start();
    stopWork = await jobs.work(QUEUES.outboxDrain, drain, {
      ...QUEUE_SETTINGS[QUEUES.outboxDrain],
      pollingIntervalSeconds: Math.max(0.5, pollIntervalMs / 1000),
    });
    // A wake lost to a crash between a commit and its drain job is found within a minute.
    await jobs.schedule(QUEUES.outboxDrain, '* * * * *', null, { singletonKey: 'now' });
  })();
  ready.catch((err: unknown) => logger.error({ err }, 'outbox worker could not start'));

  const wake = () => {
    if (stopped) return;
    // A drain under way here takes one more pass; the job below covers the other processes.
    if (draining) again = true;
    ready
      .then(() => (stopped ? null : jobs.send(QUEUES.outboxDrain, null, { singletonKey: 'now' })))
      .catch((err: unknown) => logger.error({ err }, 'outbox drain could not be queued'));
  };

  // What was committed while no worker ran goes out now.
  wake();
  return {
    wake,
    runOnce,
    async stop() {
      stopped = true;
      await ready.catch(() => undefined);
      await stopWork?.();
      await borrowed.release();
    },
  };
}
