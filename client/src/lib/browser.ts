/**
 * Page-level side effects (reloads, wiping the browser's databases) kept behind small functions so
 * the code that decides when to do them can be tested without a real page.
 */

export function reloadPage(): void {
  window.location.reload();
}

/** Replaces the current page with `path`, loading the app afresh. */
export function replacePage(path: string): void {
  window.location.replace(path);
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // A connection still open elsewhere blocks the delete; it completes once that closes, and the
    // reload that follows closes every connection of this page.
    request.onblocked = () => resolve();
  });
}

/**
 * Deletes every IndexedDB database of this origin. Browsers without `indexedDB.databases()`
 * (older Firefox) cannot list them; that is logged and the rest of the clear-down goes on.
 */
export async function clearLocalDatabases(): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') {
    console.info('This browser does not support listing IndexedDB databases; local data was not cleared.');
    return;
  }
  try {
    const databases = await indexedDB.databases();
    await Promise.all(databases.flatMap((db) => (db.name ? [deleteDatabase(db.name)] : [])));
  } catch (error) {
    console.error('Clearing the local databases failed', error);
  }
}
