import { HocuspocusProvider, type HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { hasContentBeyond, serverStateVector } from './sync-messages';

/** How a document is doing, as the screens show it. */
export type CollabStatus = 'connecting' | 'syncing' | 'online' | 'offline';

/**
 * Why a document cannot be live. `forbidden`: the store is outside the user's scope (nothing
 * local is kept). `unavailable`: the server could not decide and is asked again shortly.
 */
export type CollabError = { kind: 'forbidden' | 'unavailable'; message: string };

export type DocState = {
  status: CollabStatus;
  /** True once there is something to show: a non-empty copy from this device, or the server's. */
  loaded: boolean;
  error: CollabError | null;
};

/** 'replaced': the Y.Doc itself was swapped (the local copy was dropped); observers re-attach. */
export type DocEvent = 'state' | 'replaced';

/** What an entry needs from the manager that owns the shared socket. */
export type EntryHost = {
  socket(): HocuspocusProviderWebsocket;
  socketConnected(): boolean;
  everConnected(): boolean;
  token(): string | null;
  /** The IndexedDB name for a document, or null when nothing may be kept on the device. */
  storageName(name: string): string | null;
  onUnauthorized(): void;
  retryDelayMs: number;
};

// y-indexeddb never settles when the browser refuses to open a database (private windows in some
// browsers); past this the document goes online without its local copy rather than waiting forever.
const LOCAL_LOAD_TIMEOUT_MS = 3_000;
const MAX_RETRY_DELAY_MS = 60_000;
// After the server closed one document, a moment's pause lets it finish unloading before the
// document is asked for again.
const REATTACH_DELAY_MS = 250;
// A reset empties the local copy, after which the server's state always covers it; more resets
// than this mean something else is wrong, and looping would only hammer the server.
const MAX_RESETS = 3;

export const FORBIDDEN_MESSAGE = 'This store is not in your scope.';
export const UNAVAILABLE_MESSAGE = 'Live updates are not available right now. Trying again…';

function indexedDbAvailable(): boolean {
  if (typeof indexedDB !== 'undefined') return true;
  console.info('This browser does not support IndexedDB; the inbox is not kept on this device.');
  return false;
}

/**
 * One open document: its Y.Doc, the device copy (y-indexeddb) and the provider attached to the
 * shared socket. The provider is attached only after the device copy is loaded, so what came from
 * the device is never offered to the server as an edit (inbox connections are read-only).
 */
export class DocEntry {
  doc = new Y.Doc();
  refs = 0;
  lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private provider: HocuspocusProvider | null = null;
  private persistence: IndexeddbPersistence | null = null;
  private localLoaded = false;
  private synced = false;
  private error: CollabError | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay: number;
  private resets = 0;
  private closed = false;
  private generation = 0;
  private readonly listeners = new Set<(event: DocEvent) => void>();
  // Kept apart from `listeners`: awareness changes every few seconds while people type, and the
  // inbox rows must not be re-read for that.
  private readonly presenceListeners = new Set<() => void>();
  /** This tab's presence, re-announced on every provider (a reset replaces the provider). */
  private localPresence: Record<string, unknown> | null = null;

  constructor(
    readonly name: string,
    private readonly host: EntryHost,
  ) {
    this.retryDelay = host.retryDelayMs;
    void this.start();
  }

  state(): DocState {
    // An empty document's state vector is a single byte (zero clients).
    const hasRows = this.localLoaded && Y.encodeStateVector(this.doc).length > 1;
    return { status: this.status(), loaded: this.synced || hasRows, error: this.error };
  }

  subscribe(listener: (event: DocEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  setPresence(state: Record<string, unknown> | null): void {
    this.localPresence = state;
    // Cleared to an empty state, never to null: the awareness heartbeat is what tells the provider
    // its socket is alive, and a null state stops it.
    this.provider?.awareness?.setLocalState(state ?? {});
  }

  /** Other clients' awareness states; empty while the connection is down (the provider drops them). */
  remoteStates(): ReadonlyMap<number, unknown> {
    const awareness = this.provider?.awareness;
    if (!awareness) return new Map();
    const others = new Map(awareness.getStates());
    others.delete(awareness.clientID);
    return others;
  }

  subscribePresence(listener: () => void): () => void {
    this.presenceListeners.add(listener);
    return () => {
      this.presenceListeners.delete(listener);
    };
  }

  private emitPresence(): void {
    for (const listener of [...this.presenceListeners]) listener();
  }

  emit(event: DocEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  /** Called by the manager when the socket's status changes. */
  socketChanged(): void {
    if (!this.host.socketConnected()) this.synced = false;
    this.emit('state');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.generation += 1;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.provider?.destroy();
    void this.persistence?.destroy();
    this.doc.destroy();
    this.listeners.clear();
    this.presenceListeners.clear();
  }

  private status(): DocState['status'] {
    const online = typeof navigator === 'undefined' || navigator.onLine !== false;
    if (this.host.socketConnected() && online) return this.synced ? 'online' : 'syncing';
    return this.host.everConnected() || !online ? 'offline' : 'connecting';
  }

  private async start(): Promise<void> {
    const generation = this.generation;
    // The shared socket connects while the device copy loads; the document is offered to the
    // server only once attached, after that.
    this.host.socket();
    const storageName = this.host.storageName(this.name);
    if (storageName && indexedDbAvailable()) {
      this.persistence = new IndexeddbPersistence(storageName, this.doc);
      await Promise.race([this.persistence.whenSynced, new Promise((resolve) => setTimeout(resolve, LOCAL_LOAD_TIMEOUT_MS))]);
    }
    if (generation !== this.generation) return;
    this.localLoaded = true;
    this.emit('state');
    this.attach();
  }

  private attach(): void {
    const provider = new HocuspocusProvider({
      name: this.name,
      document: this.doc,
      websocketProvider: this.host.socket(),
      token: () => this.host.token() ?? '',
    });
    provider.on('synced', () => {
      this.synced = true;
      this.emit('state');
    });
    provider.on('authenticated', () => {
      this.retryDelay = this.host.retryDelayMs;
      if (this.error) {
        this.error = null;
        this.emit('state');
      }
    });
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => this.refused(reason));
    provider.on('close', () => this.closedByServer(provider));
    provider.on('message', ({ event }: { event: MessageEvent }) => this.inspect(event));
    provider.on('awarenessChange', () => this.emitPresence());
    if (this.localPresence) provider.awareness?.setLocalState(this.localPresence);
    this.provider = provider;
    provider.attach();
    this.emitPresence();
  }

  private inspect(event: MessageEvent): void {
    if (!(event.data instanceof ArrayBuffer)) return;
    const server = serverStateVector(new Uint8Array(event.data));
    if (!server || !hasContentBeyond(this.doc, server)) return;
    // Let the provider finish handling this message before it is torn down.
    setTimeout(() => void this.reset(), 0);
  }

  /**
   * The provider reports a close both when the socket drops (the socket reconnects and every
   * attached document syncs again by itself) and when the server closes just this document while
   * the socket stays up (an unload, a reset): only then must the document be attached again.
   */
  private closedByServer(provider: HocuspocusProvider): void {
    this.synced = false;
    this.emit('state');
    if (!this.host.socketConnected() || this.error) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed || this.provider !== provider) return;
      provider.detach();
      provider.attach();
    }, REATTACH_DELAY_MS);
  }

  private refused(reason: string): void {
    if (reason === 'Unauthorized') {
      this.host.onUnauthorized();
      return;
    }
    if (reason === 'Forbidden') {
      this.error = { kind: 'forbidden', message: FORBIDDEN_MESSAGE };
      this.provider?.destroy();
      this.provider = null;
      this.emitPresence();
      // Nothing of a store outside the user's scope stays on the device or on screen.
      void this.dropLocalCopy().then(() => this.emit('state'));
      return;
    }
    this.error = { kind: 'unavailable', message: UNAVAILABLE_MESSAGE };
    this.emit('state');
    this.provider?.detach();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed) this.provider?.attach();
    }, this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_DELAY_MS);
  }

  /** The device copy holds history the server lacks: drop it and load the server's afresh. */
  private async reset(): Promise<void> {
    if (this.closed) return;
    this.resets += 1;
    if (this.resets > MAX_RESETS) {
      console.error(`The local copy of ${this.name} keeps diverging from the server; leaving it as it is.`);
      return;
    }
    console.warn(`The local copy of ${this.name} holds changes the server does not have; reloading it from the server.`);
    this.provider?.destroy();
    this.provider = null;
    this.emitPresence();
    await this.dropLocalCopy();
    if (!this.closed) void this.start();
  }

  private async dropLocalCopy(): Promise<void> {
    this.generation += 1;
    const persistence = this.persistence;
    this.persistence = null;
    const old = this.doc;
    this.doc = new Y.Doc();
    this.synced = false;
    this.localLoaded = false;
    this.emit('replaced');
    old.destroy();
    if (!persistence) return;
    const cleared = persistence.clearData().catch((error: unknown) => console.error('Clearing the local copy failed', error));
    // Another tab holding the database open blocks the delete until it closes; do not wait for that.
    await Promise.race([cleared, new Promise((resolve) => setTimeout(resolve, LOCAL_LOAD_TIMEOUT_MS))]);
  }
}
