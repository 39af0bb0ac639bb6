import type { OfflineDb } from './offline-db';

type KeyPaths = Record<string, string>;

/**
 * The offline database's stand-in where the browser offers no IndexedDB (some private windows):
 * the outbox and drafts then last as long as the tab, which still covers a dropped connection.
 */
export class MemoryDb implements Pick<OfflineDb, 'all' | 'get' | 'put' | 'delete' | 'close'> {
  private readonly stores = new Map<string, Map<string, unknown>>();

  constructor(private readonly keyPaths: KeyPaths) {}

  private store(name: string): Map<string, unknown> {
    let store = this.stores.get(name);
    if (!store) {
      store = new Map();
      this.stores.set(name, store);
    }
    return store;
  }

  async all<T>(store: string): Promise<T[]> {
    return [...this.store(store).values()].map((v) => structuredClone(v) as T);
  }

  async get<T>(store: string, key: IDBValidKey): Promise<T | undefined> {
    const value = this.store(store).get(String(key));
    return value === undefined ? undefined : (structuredClone(value) as T);
  }

  async put(store: string, value: unknown): Promise<void> {
    const keyPath = this.keyPaths[store];
    if (!keyPath) throw new Error(`Unknown store ${store}`);
    this.store(store).set(String((value as Record<string, unknown>)[keyPath]), structuredClone(value));
  }

  async delete(store: string, key: IDBValidKey): Promise<void> {
    this.store(store).delete(String(key));
  }

  close(): void {}
}
