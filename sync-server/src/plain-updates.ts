import { Document, isTransactionOrigin, OutgoingMessage, type Connection, type ConnectionTransactionOrigin, type Extension, type Hocuspocus } from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { ResetConnection, type SyncContext } from './context';
import type { Debouncer } from './debounce';
import type { Logger } from './logger';

// The Hocuspocus message type of y-protocols sync messages, and the sync step of a plain update.
const MESSAGE_SYNC = 0;
const SYNC_UPDATE = 2;

/**
 * An extension whose `beforeSync` check can also be asked without waiting: true only when the
 * update would pass it. False sends the message the ordinary way, where the check runs (and
 * refuses, logs and closes) as always.
 */
export type ChecksPlainUpdates = {
  acceptsPlainUpdate(connection: Connection<SyncContext>, update: Uint8Array): boolean;
};

const checksPlainUpdates = (extension: Extension): extension is Extension & ChecksPlainUpdates =>
  typeof (extension as Partial<ChecksPlainUpdates>).acceptsPlainUpdate === 'function';

/**
 * What `compute` makes of `extensions`, made again only when the list has changed since (a server's
 * list is fixed once it is made; tests add and remove extensions). Read for every message, where
 * asking each extension for its hooks again costs more than comparing the list.
 */
function overExtensions<T>(extensions: readonly Extension[], compute: () => T): () => T {
  let seen: Extension[] = [];
  let value: T;
  return () => {
    let same = seen.length === extensions.length;
    for (let i = 0; same && i < seen.length; i++) same = seen[i] === extensions[i];
    if (!same) {
      seen = [...extensions];
      value = compute();
    }
    return value;
  };
}

/** What of Hocuspocus's per-socket and per-document connections this path reads. */
type ClientConnectionState = {
  terminated?: boolean;
  lastMessageReceivedAt?: number;
  documentConnections?: Record<string, Connection<SyncContext> | undefined>;
};

/** The document name and the update of a Sync message carrying a plain update; null for any other message. */
export function readPlainUpdate(data: Uint8Array): { name: string; update: Uint8Array } | null {
  try {
    const decoder = decoding.createDecoder(data);
    const name = decoding.readVarString(decoder);
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC || decoding.readVarUint(decoder) !== SYNC_UPDATE) return null;
    const update = decoding.readVarUint8Array(decoder);
    return decoder.pos === data.length ? { name, update } : null;
  } catch {
    return null;
  }
}

/**
 * The change a screen sends with every edit (a card moved on a board): applied and relayed in the
 * handler that received it, with the same checks and the same answer as Hocuspocus's own path.
 * That path awaits each extension's `beforeHandleMessage`, `beforeSync` and `afterHandleMessage`
 * in turn for every message; with the checks here answering at once, a move reached the other
 * screens about 0.1 ms sooner (bench:board, docs/performance.md).
 *
 * Taken only when nothing could tell the two paths apart: the socket's connection to the document
 * is established, writable and has no earlier message still in Hocuspocus's queue (so order is
 * kept), no extension hooks `beforeHandleMessage` or `afterHandleMessage`, and every extension that
 * hooks `beforeSync` answers {@link ChecksPlainUpdates} with yes. Returns whether it handled the
 * message; false leaves it to `ClientConnection.handleMessage`.
 */
export function createPlainUpdatePath(hocuspocus: Hocuspocus<SyncContext>, logger: Logger) {
  const { extensions } = hocuspocus.configuration;
  // Hocuspocus appends the configuration's own hooks as the last extension; createSyncServer
  // leaves the ones read here at Hocuspocus's no-op defaults.
  const ownHooks = extensions.at(-1);
  const hooked = (extension: Extension, hook: 'beforeHandleMessage' | 'afterHandleMessage' | 'beforeSync') =>
    extension !== ownHooks && typeof extension[hook] === 'function';
  // The checks to ask, in order; null when an extension's hooks rule this path out.
  const checks = overExtensions(extensions, () => {
    const asked: ChecksPlainUpdates[] = [];
    for (const extension of extensions) {
      if (hooked(extension, 'beforeHandleMessage') || hooked(extension, 'afterHandleMessage')) return null;
      if (!hooked(extension, 'beforeSync')) continue;
      if (!checksPlainUpdates(extension)) return null;
      asked.push(extension);
    }
    return asked;
  });
  // The acknowledgement of an applied update, the same bytes every time for a connection.
  const acks = new WeakMap<Connection<SyncContext>, Uint8Array>();

  return (client: unknown, data: Uint8Array): boolean => {
    const state = client as ClientConnectionState;
    if (state.terminated !== false || typeof state.documentConnections !== 'object') return false;
    const message = readPlainUpdate(data);
    if (!message) return false;
    const connection = state.documentConnections[message.name];
    if (!connection || connection.readOnly) return false;
    // Messages Hocuspocus has not finished with yet: this one waits its turn behind them.
    const queue = (connection as unknown as { messageQueue?: unknown }).messageQueue;
    if (!Array.isArray(queue) || queue.length > 0) return false;
    const asked = checks();
    if (asked === null) return false;
    for (const extension of asked) if (!extension.acceptsPlainUpdate(connection, message.update)) return false;
    state.lastMessageReceivedAt = Date.now();
    // The origin Hocuspocus gives a client's change: the connection it arrived on.
    const origin: ConnectionTransactionOrigin = { source: 'connection', connection };
    try {
      Y.applyUpdate(connection.document, message.update, origin);
    } catch (error) {
      // As Hocuspocus answers a message it cannot apply: the connection is reset.
      logger.error({ err: error, documentName: connection.document.name }, 'could not apply a client update');
      connection.close(ResetConnection);
      return true;
    }
    let ack = acks.get(connection);
    if (ack === undefined) acks.set(connection, (ack = new OutgoingMessage(connection.messageAddress).writeSyncStatus(true).toUint8Array()));
    connection.send(ack);
    return true;
  };
}

let relayingFirst = false;

/**
 * Documents relay a client's change to the other connections before Hocuspocus's change hooks
 * (`onChange`, the store's debounce) run, and not back to the connection it came from, which has
 * it already (the server's acknowledgement tells that client it was applied). Only for documents
 * that relay at once (`flushDelay: false`, as createSyncServer configures); changes of other
 * origins (the server's own writes, a peer server's) still go to every connection.
 */
export function relayBeforeChangeHooks(): void {
  if (relayingFirst) return;
  relayingFirst = true;
  const prototype = Document.prototype as unknown as {
    handleUpdate(this: RelayingDocument, update: Uint8Array, origin: unknown): unknown;
  };
  const handleUpdate = prototype.handleUpdate;
  prototype.handleUpdate = function (this: RelayingDocument, update: Uint8Array, origin: unknown) {
    if (this.flushDelay !== false) return handleUpdate.call(this, update, origin);
    const from = isTransactionOrigin(origin) && origin.source === 'connection' ? origin.connection : undefined;
    this.broadcast(
      (address) => new OutgoingMessage(address).createSyncMessage().writeUpdate(update).toUint8Array(),
      from ? (connection) => connection !== from : undefined,
    );
    this.callbacks.onUpdate(this, origin, update);
    return this;
  };
}

type RelayingDocument = {
  flushDelay: number | false;
  broadcast(encode: (address: string) => Uint8Array, filter?: (connection: unknown) => boolean): void;
  callbacks: { onUpdate(document: RelayingDocument, origin: unknown, update: Uint8Array): void };
};

/**
 * For every change of a document Hocuspocus builds a change payload (fresh request headers, the
 * request's parameters parsed again) and runs the `onChange` hook chain, then debounces the
 * document's store. When no extension hooks `onChange` (the Redis fan-out is the one that can),
 * the chain has nothing to run and only the store's debounce is left: that is done directly, with
 * the payload Hocuspocus gives it, or, while the document's store is already waiting, by renewing
 * that wait (see `Debouncer.renew`). With an `onChange` extension present, Hocuspocus's own
 * handling runs unchanged.
 */
export function skipUnheardChangeHooks(hocuspocus: Hocuspocus<SyncContext>): void {
  // The debounce id Hocuspocus stores a document under, made once per document.
  const storeIds = new WeakMap<Document, string>();
  const target = hocuspocus as unknown as { handleDocumentUpdate(document: Document, origin: unknown, update: Uint8Array): void };
  const handleDocumentUpdate = target.handleDocumentUpdate.bind(hocuspocus);
  const { extensions } = hocuspocus.configuration;
  const ownHooks = extensions.at(-1);
  const heard = overExtensions(extensions, () => extensions.some((extension) => extension !== ownHooks && typeof extension.onChange === 'function'));
  target.handleDocumentUpdate = (document, origin, update) => {
    if (heard()) {
      handleDocumentUpdate(document, origin, update);
      return;
    }
    if (isTransactionOrigin(origin) && (origin.source === 'redis' || (origin.source === 'local' && origin.skipStoreHooks))) return;
    // A store already waiting stores this very document (the stores read nothing else of the
    // payload): it only has to wait from now on, as Hocuspocus's debounce would make it.
    let id = storeIds.get(document);
    if (id === undefined) storeIds.set(document, (id = `onStoreDocument-${document.name}`));
    const debouncer = hocuspocus.debouncer as Partial<Debouncer>;
    if (debouncer.renew?.(id, hocuspocus.configuration.debounce, hocuspocus.configuration.maxDebounce)) return;
    const context = isTransactionOrigin(origin) ? (origin.source === 'connection' ? origin.connection.context : origin.source === 'local' ? (origin.context ?? {}) : {}) : {};
    void hocuspocus.storeDocumentHooks(document, {
      instance: hocuspocus,
      clientsCount: document.getConnectionsCount(),
      document,
      lastContext: context,
      lastTransactionOrigin: origin,
      documentName: document.name,
    });
  };
}
