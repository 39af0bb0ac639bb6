import type {
  afterLoadDocumentPayload,
  afterUnloadDocumentPayload,
  beforeSyncPayload,
  beforeUnloadDocumentPayload,
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

/**
 * How long a store's inbox stays loaded after its last screen left. A page reloaded, a tablet back
 * from a Wi-Fi drop, a sign-out and in: the screen finds the document ready (its rows kept current
 * by every text meanwhile) instead of waiting for a load and a reconciliation with PostgreSQL.
 */
export const DEFAULT_INBOX_LINGER_MS = 60_000;

/**
 * The longest an open inbox's stored copy lags its rows while texts keep arriving (Hocuspocus's
 * own limit, for every other document, is 10 s). The stored copy only spares the next load from
 * building every row again: each load reconciles the rows with PostgreSQL anyway. Storing it means
 * encoding the whole document and writing it, tens of milliseconds for a busy store's inbox on
 * the API's thread, which every acknowledgement and every screen waits behind. A quiet inbox is
 * still stored two seconds after its last change, and every inbox when it unloads.
 */
export const INBOX_STORE_MAX_WAIT_MS = 60_000;

/** Whether a Hocuspocus store debounce id (`onStoreDocument-{name}`) is an inbox's. */
export function isInboxStore(debounceId: string): boolean {
  return parseDocName(debounceId.slice(debounceId.indexOf('-') + 1))?.kind === 'inbox';
}

/** The longest a store waits (the debouncer's `maxWaitOf`): an inbox's {@link INBOX_STORE_MAX_WAIT_MS}, every other document's as asked. */
export function storeMaxWait(debounceId: string, maxWait: number): number {
  return isInboxStore(debounceId) ? Math.max(maxWait, INBOX_STORE_MAX_WAIT_MS) : maxWait;
}

/** Thrown by `beforeUnloadDocument` to keep a document loaded; without a message, so Hocuspocus does not log it. */
const KEEP_LOADED = Object.freeze({ reason: 'inbox kept loaded for returning screens' });
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
  private readonly lingerMs: number;
  /** Inboxes nobody is on, each with the timer that unloads it. */
  private readonly lingering = new Map<string, ReturnType<typeof setTimeout>>();
  /** Inboxes whose wait is over: their next unload goes ahead. */
  private readonly expired = new Set<string>();
  private releasing = false;

  constructor(private readonly options: { sql: Sql; logger: Logger; lingerMs?: number }) {
    this.lingerMs = options.lingerMs ?? DEFAULT_INBOX_LINGER_MS;
  }

  async onConfigure({ instance }: onConfigurePayload): Promise<void> {
    this.instance = instance;
  }

  async onConnect({ documentName, connectionConfig }: onConnectPayload<SyncContext>): Promise<void> {
    if (parseDocName(documentName)?.kind !== 'inbox') return;
    connectionConfig.readOnly = true;
    // A screen is back: the next time the last one leaves, the wait starts over.
    this.expired.delete(documentName);
    clearTimeout(this.lingering.get(documentName));
    this.lingering.delete(documentName);
  }

  /**
   * Keeps an inbox loaded for {@link DEFAULT_INBOX_LINGER_MS} after its last screen left (refreshes
   * keep its rows current meanwhile), then lets it unload. Board and other documents unload as
   * Hocuspocus decides; so does every inbox once the server is shutting down.
   */
  async beforeUnloadDocument({ documentName, document, instance }: beforeUnloadDocumentPayload): Promise<void> {
    if (this.releasing || this.lingerMs <= 0 || parseDocName(documentName)?.kind !== 'inbox') return;
    if (this.expired.delete(documentName)) return;
    if (!this.lingering.has(documentName)) {
      const timer = setTimeout(() => {
        this.lingering.delete(documentName);
        // Someone came back meanwhile: their leaving starts a new wait.
        if (document.getConnectionsCount() > 0) return;
        this.expired.add(documentName);
        // Hocuspocus unloads it now, or after the store a recent refresh still has pending.
        void instance.unloadDocument(document);
      }, this.lingerMs);
      timer.unref();
      this.lingering.set(documentName, timer);
    }
    throw KEEP_LOADED;
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    clearTimeout(this.lingering.get(documentName));
    this.lingering.delete(documentName);
    this.expired.delete(documentName);
  }

  /** Lets every kept inbox unload now and keeps none from here on (the server is closing). */
  release(): void {
    this.releasing = true;
    const instance = this.instance;
    for (const [documentName, timer] of this.lingering) {
      clearTimeout(timer);
      const document = instance?.documents.get(documentName);
      if (instance && document) void instance.unloadDocument(document);
    }
    this.lingering.clear();
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
