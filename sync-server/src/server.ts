import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hocuspocus, type WebSocketLike } from '@hocuspocus/server';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { INBOX_CHANNEL, listenForInboxChanges, type InboxNotification, type Sql } from '@drivebay/api';
import type { SyncContext } from './context';
import { Authentication } from './extensions/authentication';
import { InboxProjection, storeMaxWait } from './extensions/inbox-projection';
import { Persistence } from './extensions/persistence';
import { BoardProjection } from './extensions/board-projection';
import { PresenceGuard } from './extensions/presence-guard';
import { SessionGuard } from './extensions/session-guard';
import { DocumentShape, type DocumentShapeOptions } from './extensions/document-shape';
import { RedisFanout } from './extensions/redis-fanout';
import { refreshStore } from './extensions/store-refresh';
import { createConsoleLogger, type Logger } from './logger';
import { createDebouncer } from './debounce';
import { createPlainUpdatePath, relayBeforeChangeHooks, skipUnheardChangeHooks } from './plain-updates';

/** The WebSocket path of the sync server on whichever HTTP server carries it. */
export const COLLAB_PATH = '/collab';

// Any message at all, reads included: an inbox client's first sync after the server lost its copy
// can carry the whole inbox (which read-only connections never apply). What a client may write is
// capped far lower, per document, by DocumentShape.
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
// How long shutdown waits for clients to answer the close handshake, then for stores to finish.
const CLOSE_HANDSHAKE_MS = 1_000;
const UNLOAD_DEADLINE_MS = 10_000;

export type SyncServerOptions = {
  sql: Sql;
  logger?: Logger;
  /**
   * Hear ended sessions announced by other processes through PostgreSQL (a separate sync
   * process; needs a PostgreSQL server). Announcements of this process are always heard.
   */
  listenForSessionEnds?: boolean;
  /** What clients may write at once and how large a document may grow (defaults: 1 MB, 8 MB). */
  limits?: Pick<DocumentShapeOptions, 'maxWriteBytes' | 'maxDocumentBytes'>;
  /** Tests: hear only other processes' announcements, as a separate process would. */
  ignoreInProcessSessionEnds?: boolean;
  /**
   * One of several processes sharing the PostgreSQL server: hear the API's store changes through
   * PostgreSQL notifications (refreshing the documents held here), and announce projected board
   * moves the same way so every process holding the board re-reads it.
   */
  crossProcess?: boolean;
  /**
   * REDIS_URL: several sync processes share documents through this Redis (changes, presence and
   * notices of a document held by two of them reach both). Unset: one process serves every store.
   */
  redisUrl?: string | undefined;
  /** Channel namespace in Redis (tests keep theirs apart). */
  redisPrefix?: string | undefined;
  /** How long an inbox stays loaded after its last screen left (default 60 s, DEFAULT_INBOX_LINGER_MS; 0: unload at once). */
  inboxLingerMs?: number;
};

export type SyncServer = {
  hocuspocus: Hocuspocus<SyncContext>;
  /** Settles once the server hears ended sessions (from other processes too, when asked to). */
  ready: Promise<void>;
  /**
   * The `upgrade` listener of an HTTP server: takes WebSocket upgrades of `/collab` (with any
   * query string) and answers anything else with 404, so it can be the server's only upgrade
   * listener. A server with other WebSocket endpoints checks {@link isCollabRequest} first.
   */
  handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Closes every client, stores every changed document and releases the server. */
  close: () => Promise<void>;
};

/** Whether a request URL addresses the sync server (`/collab` or `/collab?…`). */
export function isCollabRequest(url: string | undefined): boolean {
  if (!url) return false;
  const end = url.indexOf('?');
  return (end === -1 ? url : url.slice(0, end)) === COLLAB_PATH;
}

/**
 * The upgrade request as Hocuspocus holds it for a connection. Hocuspocus reads its `url` and
 * `headers` again for every message the client sends (the `requestParameters` and
 * `requestHeaders` of the per-message hooks, three times per board move), not only on connect. A
 * plain Fetch `Request` serializes its URL on every read of `url`, and Hocuspocus parses an
 * absolute URL back with `new URL`, tens of microseconds per message on a move's way to the other
 * screens. This one answers `url` with the path and query as received, the form of Node's own
 * request, whose query Hocuspocus reads without parsing a URL, and keeps its headers at hand.
 */
class UpgradeRequest extends Request {
  readonly #path: string;
  readonly #headers: Headers;

  constructor(path: string, headers: Headers) {
    // A fixed origin keeps a malformed Host header from throwing here.
    super(new URL(path, 'http://localhost'), { headers });
    // Hocuspocus takes a URL holding "://" anywhere (a query can) for an absolute one.
    this.#path = path.includes('://') ? super.url : path;
    this.#headers = super.headers;
  }

  override get url(): string {
    return this.#path;
  }

  override get headers(): Headers {
    return this.#headers;
  }
}

/** The request Hocuspocus hands to its hooks, built from Node's upgrade request. */
function toFetchRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // Hooks read only the path, query and headers.
  return new UpgradeRequest(request.url ?? '/', headers);
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

async function waitFor(condition: () => boolean, deadlineMs: number): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * The collaborative sync server as a `Hocuspocus` instance with no port of its own: attach
 * `handleUpgrade` to any HTTP server (the API's, on one port, or the standalone one in main.ts).
 */
export function createSyncServer(options: SyncServerOptions): SyncServer {
  const logger = options.logger ?? createConsoleLogger('warn');
  const { sql } = options;
  const sessions = new SessionGuard({
    sql,
    logger,
    listen: options.listenForSessionEnds ?? false,
    inProcess: !options.ignoreInProcessSessionEnds,
  });
  const inbox = new InboxProjection({ sql, logger, lingerMs: options.inboxLingerMs });
  const hocuspocus = new Hocuspocus<SyncContext>({
    name: 'drivebay-sync',
    quiet: true,
    // A change goes to the other clients in the tick that applied it, as a plain relay does.
    // Hocuspocus's default holds broadcasts to the end of the event-loop turn to merge many
    // writers' changes; our documents have a few writers (a board) or one (the server, inboxes),
    // so that merging saves nothing and the wait is added to every move and every new text.
    flushDelay: false,
    extensions: [
      new Persistence({ sql, logger }),
      new Authentication({ sql, logger }),
      sessions,
      new DocumentShape({ logger, ...options.limits }),
      inbox,
      new BoardProjection({
        sql,
        logger,
        onMovesProjected: options.crossProcess
          ? async (storeId) => {
              const payload: InboxNotification = { storeId, interactionIds: [] };
              await sql`select pg_notify(${INBOX_CHANNEL}, ${JSON.stringify(payload)})`;
            }
          : undefined,
      }),
      new PresenceGuard({ logger }),
      ...(options.redisUrl ? [new RedisFanout({ url: options.redisUrl, logger, prefix: options.redisPrefix })] : []),
    ],
  });
  relayBeforeChangeHooks();
  skipUnheardChangeHooks(hocuspocus);
  const plainUpdate = createPlainUpdatePath(hocuspocus, logger);
  // Hocuspocus debounces the store of a document with every change a client sends; this debouncer
  // keeps one timer while changes keep coming (see createDebouncer). An inbox under a stream of
  // texts is stored less often than the others (INBOX_STORE_MAX_WAIT_MS).
  hocuspocus.debouncer = createDebouncer({ maxWaitOf: storeMaxWait });
  // API processes announce committed changes of a store through PostgreSQL; every sync process
  // refreshes the inbox and board documents it holds.
  let unlistenStores: (() => Promise<void>) | null = null;
  const storesHeard = options.crossProcess
    ? listenForInboxChanges(sql, ({ storeId, interactionIds }) => void refreshStore(hocuspocus, storeId, interactionIds, sql, logger)).then(
        (l) => void (unlistenStores = l.unlisten),
      )
    : Promise.resolve();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let closing: Promise<void> | null = null;

  const accept = (ws: WebSocket, request: IncomingMessage): void => {
    ws.on('error', (error: Error) => logger.warn({ err: error }, 'collab socket error'));
    try {
      const connection = hocuspocus.handleConnection(ws as unknown as WebSocketLike, toFetchRequest(request));
      ws.on('message', (data: RawData) => {
        const bytes = toBytes(data);
        if (!plainUpdate(connection, bytes)) connection.handleMessage(bytes);
      });
      ws.on('close', (code: number, reason: Buffer) => connection.handleClose({ code, reason: reason.toString() }));
    } catch (error) {
      // This runs in the upgrade event: a throw here would take the whole process down.
      logger.error({ err: error }, 'could not accept a collab connection');
      ws.close(1011, 'internal error');
    }
  };

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (!isCollabRequest(request.url)) return refuse(socket, '404 Not Found');
    if (closing) return refuse(socket, '503 Service Unavailable');
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, request));
  };

  const shutdown = async (): Promise<void> => {
    // Inboxes kept for returning screens unload with the rest.
    inbox.release();
    for (const ws of wss.clients) ws.close(1001, 'server shutting down');
    if (!(await waitFor(() => wss.clients.size === 0, CLOSE_HANDSHAKE_MS))) {
      for (const ws of wss.clients) ws.terminate();
    }
    // Sockets gone, so each document's last connection has closed and its store is under way;
    // this also runs stores still waiting out their debounce (documents kept warm by refreshes).
    hocuspocus.flushPendingStores();
    const unloaded = await waitFor(() => hocuspocus.getDocumentsCount() === 0, UNLOAD_DEADLINE_MS);
    if (!unloaded) {
      logger.error({ documents: [...hocuspocus.documents.keys()] }, 'documents still loaded at shutdown; their latest changes may not be stored');
    }
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    await storesHeard.catch(() => undefined);
    await unlistenStores?.().catch(() => undefined);
  };

  return {
    hocuspocus,
    ready: Promise.all([sessions.ready, storesHeard]).then(() => undefined),
    handleUpgrade,
    close: () => (closing ??= shutdown()),
  };
}
