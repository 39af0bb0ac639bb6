import { inboxRowSchema, type InboxRow } from '@drivebay/shared/docs';

/**
 * A compact copy of the newest rows of each inbox this device has shown, kept beside the inbox's
 * Yjs device copy. A cold start (the installed app opened, a reload) paints these rows at once,
 * before the whole document is read and decoded; the document then takes over and stays the source
 * of every live change. It is wiped with the rest of the device's databases at sign-out.
 */
const DB_NAME = 'drivebay-inbox-snapshots';
const STORE = 'snapshots';
/** Enough rows to fill the tallest list before the document arrives. */
export const SNAPSHOT_ROWS = 100;

type Stored = { docName: string; savedAt: string; rows: unknown[] };

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  if (!opening) {
    const r = indexedDB.open(DB_NAME, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'docName' });
    opening = request(r).then((db) => {
      // Sign-out deletes the database; let it go rather than block the delete.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      return db;
    });
    opening.catch(() => (opening = null));
  }
  return opening;
}

/** The rows kept for `docName`, newest first, or null when there are none (or no IndexedDB). */
export async function readInboxSnapshot(docName: string): Promise<InboxRow[] | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const db = await open();
    const stored = (await request(db.transaction(STORE).objectStore(STORE).get(docName))) as Stored | undefined;
    if (!stored || !Array.isArray(stored.rows)) return null;
    const rows: InboxRow[] = [];
    // A row an older release wrote in another shape is skipped: the document brings it back.
    for (const raw of stored.rows) {
      const parsed = inboxRowSchema.safeParse(raw);
      if (parsed.success) rows.push(parsed.data);
    }
    return rows;
  } catch {
    return null;
  }
}

/** Keeps the newest {@link SNAPSHOT_ROWS} of `rows` (already sorted newest first) for `docName`. */
export async function writeInboxSnapshot(docName: string, rows: readonly InboxRow[]): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    const db = await open();
    const tx = db.transaction(STORE, 'readwrite');
    const stored: Stored = { docName, savedAt: new Date().toISOString(), rows: rows.slice(0, SNAPSHOT_ROWS) };
    tx.objectStore(STORE).put(stored);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } catch {
    // A device out of space keeps working from the document alone.
  }
}
