import { WebSocketStatus, type HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import type { SocketState } from './connection-status';
import { DocEntry, type DocEvent, type DocState } from './doc-entry';
import { SyncSocket } from './sync-socket';
import type { PresenceState } from './presence';

export type CollabManagerOptions = {
  /** ws(s)://host/collab */
  url: string;
  /** The session's token, read at every (re)authentication. */
  token: () => string | null;
  /** The IndexedDB name for a document, or null to keep nothing on the device. */
  storageName: (name: string) => string | null;
  /** The server refused the token: the session is over. */
  onUnauthorized: () => void;
  /** For Node tests: a WebSocket implementation. */
  WebSocketPolyfill?: unknown;
  /** How long a document stays open after its last user let go (a route change coming back). */
  lingerMs?: number;
  /** First retry delay after the server answered 'Try Again Later'. */
  retryDelayMs?: number;
  /** Told every change of the shared socket's state ('idle' once it is closed). */
  onSocketState?: (state: SocketState) => void;
};

/** A reference to an open document; `release` once per `open`. */
export type DocHandle = {
  readonly name: string;
  /** The current Y.Doc. It is replaced (event 'replaced') when the device copy had to be dropped. */
  doc(): Y.Doc;
  state(): DocState;
  subscribe(listener: (event: DocEvent) => void): () => void;
  /**
   * Presence on this document (awareness: never stored, relayed also on read-only connections):
   * this tab's own state, shown to everyone else on the document until it is replaced or cleared.
   */
  setPresence(state: PresenceState | null): void;
  /** The awareness states of every other client on the document (read them with parsePresence). */
  presenceStates(): ReadonlyMap<number, unknown>;
  subscribePresence(listener: () => void): () => void;
  release(): void;
};

/**
 * Reconnect timing of the shared socket. A service-drive tablet loses Wi-Fi for seconds at a time,
 * so the first retry comes within half a second to a second and the wait grows to at most ten
 * seconds (the provider's default is thirty); the provider's jitter spreads the reconnects of a
 * whole service drive after an access point comes back. Back on the network, the 'online' event
 * reconnects at once without waiting for the timer.
 */
export const SOCKET_RECONNECT = { delay: 1_000, factor: 2, minDelay: 500, maxDelay: 10_000, jitter: true } as const;

const DEFAULT_LINGER_MS = 10_000;
const DEFAULT_RETRY_DELAY_MS = 5_000;

/**
 * The tab's one WebSocket to the sync server and the documents open over it, counted by
 * reference: the first `open` of a name loads it (device copy first, then the server), the last
 * `release` closes it after a short linger, and the socket closes with the last document.
 */
export class CollabManager {
  private socketInstance: HocuspocusProviderWebsocket | null = null;
  private readonly entries = new Map<string, DocEntry>();
  private connectedOnce = false;
  private readonly options: Required<Omit<CollabManagerOptions, 'WebSocketPolyfill' | 'onSocketState'>> &
    Pick<CollabManagerOptions, 'WebSocketPolyfill' | 'onSocketState'>;
  private readonly onNetworkChange = () => {
    if (typeof navigator !== 'undefined' && navigator.onLine && this.socketInstance && !this.socketConnected()) {
      // Back on the network: reconnect now rather than when the backoff next fires.
      void this.socketInstance.connect();
    }
    for (const entry of this.entries.values()) entry.socketChanged();
  };

  constructor(options: CollabManagerOptions) {
    this.options = { lingerMs: DEFAULT_LINGER_MS, retryDelayMs: DEFAULT_RETRY_DELAY_MS, ...options };
  }

  open(name: string): DocHandle {
    let entry = this.entries.get(name);
    if (!entry) {
      entry = new DocEntry(name, {
        socket: () => this.socket(),
        socketConnected: () => this.socketConnected(),
        everConnected: () => this.connectedOnce,
        token: this.options.token,
        storageName: this.options.storageName,
        onUnauthorized: this.options.onUnauthorized,
        retryDelayMs: this.options.retryDelayMs,
      });
      this.entries.set(name, entry);
    }
    const opened = entry;
    opened.refs += 1;
    if (opened.lingerTimer) {
      clearTimeout(opened.lingerTimer);
      opened.lingerTimer = null;
    }
    let released = false;
    return {
      name,
      doc: () => opened.doc,
      state: () => opened.state(),
      subscribe: (listener) => opened.subscribe(listener),
      setPresence: (state) => opened.setPresence(state),
      presenceStates: () => opened.remoteStates(),
      subscribePresence: (listener) => opened.subscribePresence(listener),
      release: () => {
        if (released) return;
        released = true;
        this.release(opened);
      },
    };
  }

  /** Documents currently open (lingering ones included). */
  openNames(): string[] {
    return [...this.entries.keys()];
  }

  /** Closes every document and the socket at once (the session ended). */
  closeAll(): void {
    for (const entry of this.entries.values()) entry.close();
    this.entries.clear();
    this.closeSocket();
  }

  private release(entry: DocEntry): void {
    entry.refs -= 1;
    if (entry.refs > 0) return;
    entry.lingerTimer = setTimeout(() => {
      if (entry.refs > 0 || this.entries.get(entry.name) !== entry) return;
      entry.close();
      this.entries.delete(entry.name);
      if (this.entries.size === 0) this.closeSocket();
    }, this.options.lingerMs);
  }

  private socketConnected(): boolean {
    return this.socketInstance?.status === WebSocketStatus.Connected;
  }

  private socket(): HocuspocusProviderWebsocket {
    if (this.socketInstance) return this.socketInstance;
    const socket = new SyncSocket({
      url: this.options.url,
      ...SOCKET_RECONNECT,
      ...(this.options.WebSocketPolyfill ? { WebSocketPolyfill: this.options.WebSocketPolyfill } : {}),
    });
    socket.on('status', ({ status }: { status: WebSocketStatus }) => {
      if (status === WebSocketStatus.Connected) this.connectedOnce = true;
      this.options.onSocketState?.(status === WebSocketStatus.Connected ? 'connected' : status === WebSocketStatus.Connecting ? 'connecting' : 'disconnected');
      for (const entry of this.entries.values()) entry.socketChanged();
    });
    this.options.onSocketState?.('connecting');
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onNetworkChange);
      window.addEventListener('offline', this.onNetworkChange);
    }
    this.socketInstance = socket;
    return socket;
  }

  private closeSocket(): void {
    if (!this.socketInstance) return;
    this.socketInstance.destroy();
    this.socketInstance = null;
    this.connectedOnce = false;
    this.options.onSocketState?.('idle');
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onNetworkChange);
      window.removeEventListener('offline', this.onNetworkChange);
    }
  }
}
