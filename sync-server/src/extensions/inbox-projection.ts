import type {
  afterLoadDocumentPayload,
  beforeSyncPayload,
  Document,
  Extension,
  Hocuspocus,
  LocalTransactionOrigin,
  onConfigurePayload,
  onConnectPayload,
} from '@hocuspocus/server';
import type { Sql } from '@drivebay/api';
import {
  inboxDocName,
  markInboxChanged,
  parseDocName,
  readInboxMeta,
  removeInboxRows,
  replaceInboxRows,
  upsertInboxRows,
} from '@drivebay/shared/docs';
import { closeConnection, TryAgainLater, type SyncContext } from '../context';
import { queryInboxRows } from '../inbox/query-inbox-rows';
import { createConsoleLogger, type Logger } from '../logger';
import { holdsDocument, inSequence } from './in-sequence';
import { takeInInboxState } from './inbox-take-in';

const SERVER_ORIGIN: LocalTransactionOrigin = { source: 'local', context: {} };
// y-protocols sync message type of a handshake's second step: what the sender holds that the
// receiver lacks.
const SYNC_STEP_2 = 1;

/**
 * Projects PostgreSQL into `store:{id}:inbox` documents. Inbox rows are written by the server
 * only: every client connection to an inbox is read-only, so Hocuspocus drops the updates a client
 * sends (and tells it so) instead of applying or broadcasting them.
 *
 * Every load reconciles the stored rows with PostgreSQL, writing only the differences: rows reach
 * the document after their commit, batched, so a process that dies in between leaves committed
 * texts out of the stored document, and nothing else would bring them back. Measured on the demo
 * (87-115 active rows a store, warm, PGlite and PostgreSQL alike): 5-18 ms to read the rows and
 * under 2 ms to write the differences, per load. A store of thousands of rows would want a
 * watermark (rows changed since the document was stored) instead.
 *
 * A screen that stayed open through a sync process's crash can hold rows that process wrote and
 * never stored; on reconnect it hands them back, and they are taken in and overwritten with
 * PostgreSQL's rows at once (see `inbox-take-in.ts`), so every screen converges to PostgreSQL.
 */
export class InboxProjection implements Extension<SyncContext> {
  extensionName = 'drivebay-inbox-projection';
  private instance: Hocuspocus | null = null;

  constructor(private readonly options: { sql: Sql; logger: Logger }) {}

  async onConfigure({ instance }: onConfigurePayload): Promise<void> {
    this.instance = instance;
  }

  async onConnect({ documentName, connectionConfig }: onConnectPayload<SyncContext>): Promise<void> {
    if (parseDocName(documentName)?.kind === 'inbox') connectionConfig.readOnly = true;
  }

  async beforeSync({ connection, document, documentName, type, payload }: beforeSyncPayload<SyncContext>): Promise<void> {
    if (type !== SYNC_STEP_2 || !connection.readOnly || !this.instance) return;
    const address = parseDocName(documentName);
    if (address?.kind !== 'inbox') return;
    try {
      await takeInInboxState(this.instance, document, address.storeId, payload, this.options.sql, this.options.logger);
    } catch (error) {
      // The database did not answer: the screen reconnects and hands its part back again.
      this.options.logger.warn({ err: error, documentName }, 'could not take in what an inbox screen held');
      closeConnection(connection, TryAgainLater);
      throw TryAgainLater;
    }
  }

  /** Its `beforeSync` reads only what a read-only inbox screen hands back on connecting; a plain update is not that. */
  acceptsPlainUpdate(): boolean {
    return true;
  }

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload<SyncContext>): Promise<void> {
    const address = parseDocName(documentName);
    if (address?.kind !== 'inbox') return;
    const { rebuiltAt } = readInboxMeta(document);
    // Written on the document itself: a direct connection here would wait for this very load.
    const started = performance.now();
    const count = await rebuildOn(document, address.storeId, this.options.sql, this.options.logger);
    const ms = Math.round(performance.now() - started);
    this.options.logger.info({ documentName, rows: count, previous: rebuiltAt, ms }, 'reconciled inbox with the database');
  }
}

async function rebuildOn(document: Document, storeId: number, sql: Sql, logger: Logger): Promise<number> {
  const rows = await queryInboxRows(sql, { storeId, logger });
  document.transact(() => replaceInboxRows(document, rows, new Date()), SERVER_ORIGIN);
  return rows.length;
}


/** Runs `write` on the store's inbox through a server-side direct connection. */
async function withInbox<T>(
  hocuspocus: Hocuspocus,
  storeId: number,
  write: (transact: (fn: (doc: Document) => void) => Promise<void>) => Promise<T>,
): Promise<T> {
  const name = inboxDocName(storeId);
  return inSequence(hocuspocus, name, async () => {
    const connection = await hocuspocus.openDirectConnection(name, {});
    try {
      return await write((fn) => connection.transact(fn));
    } finally {
      // Keep the document warm and let Hocuspocus debounce the store: an inbox receiving a
      // message a second should not rewrite its whole state a second.
      await connection.disconnect({ unloadImmediately: false });
    }
  });
}

/** What a refresh did to the inbox. */
export type InboxRefresh = { upserted: number; removed: number };

/**
 * Recomputes the given interactions' rows of a store's inbox from PostgreSQL and writes them
 * (upserting active ones, removing closed ones and ones no longer in the store) in one
 * transaction that every connected advisor receives. Call it after committing anything an inbox
 * row shows: a message, a counter, a mark, a closed conversation. Every refresh also moves the
 * inbox's change stamp, which the reports follow even when no row changed. An inbox this process
 * does not hold open is not loaded for it (see {@link InboxProjection}: a load reconciles).
 */
export async function refreshInboxRows(
  hocuspocus: Hocuspocus,
  storeId: number,
  interactionIds: Iterable<number>,
  sql: Sql,
  logger: Logger = createConsoleLogger('warn'),
): Promise<InboxRefresh> {
  const ids = [...new Set(interactionIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  // An inbox that is not open (no screen on it, not kept warm by a recent write) is left alone:
  // its next load reconciles every row with PostgreSQL. Loading it here would hold the process
  // for the load and the reconciling (100-260 ms for a demo store under load) for nobody.
  const name = inboxDocName(storeId);
  if (!holdsDocument(hocuspocus, name)) return { upserted: 0, removed: 0 };
  if (ids.length === 0) {
    // A change of no conversation (an appointment without one): only the stamp.
    await withInbox(hocuspocus, storeId, (transact) => transact((doc) => markInboxChanged(doc, new Date())));
    return { upserted: 0, removed: 0 };
  }
  return withInbox(hocuspocus, storeId, async (transact) => {
    const rows = await queryInboxRows(sql, { storeId, interactionIds: ids, logger });
    const active = rows.filter((row) => !row.convClosed);
    const kept = new Set(active.map((row) => row.interactionId));
    const gone = ids.filter((id) => !kept.has(id));
    const result: InboxRefresh = { upserted: 0, removed: 0 };
    await transact((doc) => {
      result.upserted = upsertInboxRows(doc, active);
      result.removed = removeInboxRows(doc, gone);
      markInboxChanged(doc, new Date());
    });
    return result;
  });
}

/** Rebuilds a store's whole inbox from PostgreSQL; returns the number of rows. */
export async function rebuildInbox(
  hocuspocus: Hocuspocus,
  storeId: number,
  sql: Sql,
  logger: Logger = createConsoleLogger('warn'),
): Promise<number> {
  return withInbox(hocuspocus, storeId, async (transact) => {
    const rows = await queryInboxRows(sql, { storeId, logger });
    await transact((doc) => replaceInboxRows(doc, rows, new Date()));
    return rows.length;
  });
}
