import { HocuspocusProvider, WebSocketStatus, type HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { boardDocName, parseBoardNotice, type BoardNotice } from '@drivebay/shared/docs';
import { SyncSocket } from '../../../lib/collab/sync-socket';
import { BoardProvider } from './board-provider';

/**
 * The live board of one store: a Y.Doc kept on the device (y-indexeddb, so moves made offline
 * survive a closed tab) and synced through the sync server.
 *
 * Kept apart from the inbox's read-only connection layer (lib/collab) for two reasons: a board
 * document is written by its users, so a device copy holding changes the server has not seen is
 * the normal state after working offline (the inbox layer drops such a copy as diverged); and the
 * server's refusal of a move arrives as a stateless message that the inbox layer does not pass on.
 */

export type BoardStatus = 'connecting' | 'syncing' | 'online' | 'offline';
/** `forbidden`: the store is outside the user's scope. `unavailable`: the server could not decide. */
export type BoardFailure = 'forbidden' | 'unavailable' | null;

export type BoardConnectionState = {
  status: BoardStatus;
  /** True once there is something to show: the device copy or the server's. */
  loaded: boolean;
  failure: BoardFailure;
};

export type BoardConnectionOptions = {
  storeId: number;
  /** The signed-in user: device copies are kept per user. */
  userId: number;
  url: string;
  token: () => string;
  /** The server refused the token: the session is over. */
  onUnauthorized: () => void;
};

export type BoardConnection = {
  readonly doc: Y.Doc;
  state(): BoardConnectionState;
  /** Called on every state change. */
  subscribe(listener: () => void): () => void;
  /** Called with each move the server refused. */
  onNotice(listener: (notice: BoardNotice) => void): () => void;
  destroy(): void;
};

// y-indexeddb never settles when the browser refuses a database (some private windows); past this
// the board goes to the server without its device copy rather than waiting.
const LOCAL_LOAD_TIMEOUT_MS = 3_000;
const RETRY_DELAY_MS = 5_000;

export type BoardProviderOptions = {
  url: string;
  storeId: number;
  doc: Y.Doc;
  token: () => string;
  /** Node (the benchmarks): a WebSocket implementation. */
  WebSocketPolyfill?: unknown;
};

/**
 * The board's own socket and its provider, attached: what a board screen (and the benchmarks,
 * which measure this very code) syncs a board through. Moves made while the socket is down travel
 * once, in the reconnect handshake (see {@link SyncSocket}); the other people's moves are applied
 * as they come off the socket (see {@link BoardProvider}).
 */
export function createBoardProvider(o: BoardProviderOptions): { socket: HocuspocusProviderWebsocket; provider: HocuspocusProvider } {
  const socket = new SyncSocket({ url: o.url, ...(o.WebSocketPolyfill ? { WebSocketPolyfill: o.WebSocketPolyfill } : {}) });
  const provider = new BoardProvider({ websocketProvider: socket, name: boardDocName(o.storeId), document: o.doc, token: o.token });
  return { socket, provider };
}

export function openBoardConnection(o: BoardConnectionOptions): BoardConnection {
  const name = boardDocName(o.storeId);
  const doc = new Y.Doc();
  const listeners = new Set<() => void>();
  const noticeListeners = new Set<(notice: BoardNotice) => void>();
  let socket: HocuspocusProviderWebsocket | null = null;
  let provider: HocuspocusProvider | null = null;
  let persistence: IndexeddbPersistence | null = null;
  let localLoaded = false;
  let synced = false;
  let connected = false;
  let everConnected = false;
  let failure: BoardFailure = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  const state = (): BoardConnectionState => {
    const online = typeof navigator === 'undefined' || navigator.onLine !== false;
    const status: BoardStatus = connected && online ? (synced ? 'online' : 'syncing') : everConnected || !online ? 'offline' : 'connecting';
    const hasContent = localLoaded && Y.encodeStateVector(doc).length > 1;
    return { status, loaded: synced || hasContent, failure };
  };

  const refused = (reason: string) => {
    if (reason === 'Unauthorized') return o.onUnauthorized();
    if (reason === 'Forbidden') {
      failure = 'forbidden';
      provider?.destroy();
      provider = null;
      // Nothing of a store outside the user's scope stays on the device.
      void persistence?.clearData().catch(() => {});
      emit();
      return;
    }
    failure = 'unavailable';
    emit();
    provider?.detach();
    if (retry) clearTimeout(retry);
    retry = setTimeout(() => {
      retry = null;
      if (!destroyed) provider?.attach();
    }, RETRY_DELAY_MS);
  };

  const attach = () => {
    const created = createBoardProvider({ url: o.url, storeId: o.storeId, doc, token: o.token });
    socket = created.socket;
    provider = created.provider;
    socket.on('status', ({ status }: { status: WebSocketStatus }) => {
      connected = status === WebSocketStatus.Connected;
      if (connected) everConnected = true;
      else synced = false;
      emit();
    });
    provider.on('synced', () => {
      synced = true;
      emit();
    });
    provider.on('authenticated', () => {
      if (failure === 'unavailable') {
        failure = null;
        emit();
      }
    });
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => refused(reason));
    provider.on('stateless', ({ payload }: { payload: string }) => {
      const notice = parseBoardNotice(payload);
      if (notice) for (const listener of [...noticeListeners]) listener(notice);
    });
    provider.attach();
  };

  const onNetwork = () => {
    if (navigator.onLine && socket && !connected) void socket.connect();
    emit();
  };

  const start = async () => {
    if (typeof indexedDB !== 'undefined') {
      persistence = new IndexeddbPersistence(`drivebay:user:${o.userId}:${name}`, doc);
      await Promise.race([persistence.whenSynced, new Promise((resolve) => setTimeout(resolve, LOCAL_LOAD_TIMEOUT_MS))]);
    }
    if (destroyed) return;
    localLoaded = true;
    emit();
    attach();
  };

  window.addEventListener('online', onNetwork);
  window.addEventListener('offline', onNetwork);
  void start();

  return {
    doc,
    state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onNotice: (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    destroy: () => {
      destroyed = true;
      if (retry) clearTimeout(retry);
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      provider?.destroy();
      socket?.destroy();
      void persistence?.destroy();
      doc.destroy();
      listeners.clear();
      noticeListeners.clear();
    },
  };
}
