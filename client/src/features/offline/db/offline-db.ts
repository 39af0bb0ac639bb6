/**
 * The user's offline database: the outbox (messages not yet accepted by the server) and the
 * composer drafts. One database per user, named like the inbox's device copies
 * (`drivebay:user:{id}:…`), so another person signing in on a shared tablet never opens it, and
 * the idle clear-down, which deletes every database of the origin, takes it too.
 */
export const OUTBOX_STORE = 'outbox';
export const DRAFTS_STORE = 'drafts';
/** Each store's key: a message's clientMessageId, a draft's conversation. */
export const KEY_PATHS = { [OUTBOX_STORE]: 'clientMessageId', [DRAFTS_STORE]: 'interactionId' } as const;
const VERSION = 1;

/** The database shape the outbox and drafts use (IndexedDB, or memory where there is none). */
export type KeyValueDb = Pick<OfflineDb, 'all' | 'get' | 'put' | 'delete' | 'close'>;

export function offlineDbName(userId: number): string {
  return `drivebay:user:${userId}:offline`;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function completed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** A small promise wrapper over one IndexedDB database with two key-value stores. */
export class OfflineDb {
  private opening: Promise<IDBDatabase> | null = null;

  constructor(readonly name: string) {}

  private db(): Promise<IDBDatabase> {
    this.opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(this.name, VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        for (const [store, keyPath] of Object.entries(KEY_PATHS)) {
          if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath });
        }
      };
      request.onsuccess = () => {
        const db = request.result;
        // The idle clear-down deletes this database; holding it open would block that.
        db.onversionchange = () => {
          db.close();
          this.opening = null;
        };
        resolve(db);
      };
      request.onerror = () => {
        this.opening = null;
        reject(request.error ?? new Error(`Opening ${this.name} failed`));
      };
      request.onblocked = () => console.warn(`Opening ${this.name} waits for another tab to close it`);
    });
    return this.opening;
  }

  async all<T>(store: string): Promise<T[]> {
    const db = await this.db();
    return promised(db.transaction(store, 'readonly').objectStore(store).getAll()) as Promise<T[]>;
  }

  async get<T>(store: string, key: IDBValidKey): Promise<T | undefined> {
    const db = await this.db();
    return promised(db.transaction(store, 'readonly').objectStore(store).get(key)) as Promise<T | undefined>;
  }

  async put(store: string, value: unknown): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(store, 'readwrite');
    tx.objectStore(store).put(value);
    await completed(tx);
  }

  async delete(store: string, key: IDBValidKey): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(store, 'readwrite');
    tx.objectStore(store).delete(key);
    await completed(tx);
  }

  close(): void {
    const opening = this.opening;
    this.opening = null;
    void opening?.then((db) => db.close()).catch(() => {});
  }
}
