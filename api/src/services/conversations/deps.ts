import type { Sql } from '../../db/database';
import type { Logger } from '../../lib/logger';
import type { CarrierDirectory } from '../carriers/directory';
import type { MailDirectory } from '../mail/directory';
import type { InboxNotifier } from './notifier';

/** Lets a service tell the outbox worker that something was queued, so it need not wait a poll. */
export type OutboxWaker = { wake(): void };

/** What the conversation services need besides their input. */
export type ServiceDeps = {
  sql: Sql;
  notifier: InboxNotifier;
  outbox?: OutboxWaker | undefined;
  logger?: Logger | undefined;
};

/** What the conversation, webhook and simulator routes are built with (one object for all three). */
export type ConversationDeps = {
  notifier: InboxNotifier;
  carrier: CarrierDirectory;
  /** Base address carriers reach the product at (PUBLIC_URL). */
  publicUrl: string;
  /** The outbox worker, woken when a message is queued so it need not wait for its next poll. */
  outbox?: OutboxWaker | undefined;
  /** Mail servers per store; decides whether the captured mailbox pages exist. */
  mail?: MailDirectory | undefined;
};
