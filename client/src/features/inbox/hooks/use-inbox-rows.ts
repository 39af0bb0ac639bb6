import { useEffect, useMemo, useState } from 'react';
import { inboxDocName, observeInbox, type InboxRow } from '@drivebay/shared/docs';
import { collabManager, type CollabError, type CollabStatus, type DocHandle } from '../../../lib/collab';
import { InboxRowsCache } from '../inbox-rows-cache';
import { readInboxSnapshot, writeInboxSnapshot } from '../inbox-snapshot';

/** How long an inbox must stay still before its newest rows are kept for the next cold start. */
const SNAPSHOT_DELAY_MS = 1_500;

/** One store's inbox as a screen sees it. */
export type InboxSnapshot = {
  storeId: number;
  /** Sorted as readInboxRows sorts: newest activity first. */
  rows: InboxRow[];
  status: CollabStatus;
  /** False until there is anything to show (device copy or server): show a spinner, not "empty". */
  loaded: boolean;
  error: CollabError | null;
};

const EMPTY: InboxRow[] = [];

/** One store's inbox while the hook holds it; the document is opened once the kept rows are shown. */
type Store = {
  storeId: number;
  docName: string;
  handle: DocHandle | null;
  cache: InboxRowsCache | null;
  /** The rows kept from the last time, shown until the document has been read. */
  snapshot: InboxRow[] | null;
  saveTimer: ReturnType<typeof setTimeout> | null;
  stopObserving: () => void;
  unsubscribe: () => void;
};

/** Runs `fn` once the browser has painted the frame in preparation (right away where there are no frames). */
function afterPaint(fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  // A tab in the background paints no frames: the timer goes on without them.
  setTimeout(once, 100);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
}

function sameSnapshots(a: readonly InboxSnapshot[], b: readonly InboxSnapshot[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i]!;
      return x.storeId === y.storeId && x.rows === y.rows && x.status === y.status && x.loaded === y.loaded && x.error === y.error;
    })
  );
}

function initial(storeIds: readonly number[]): InboxSnapshot[] {
  return storeIds.map((storeId) => ({ storeId, rows: EMPTY, status: 'connecting', loaded: false, error: null }));
}

/**
 * The live inboxes of several stores (the global inbox opens one document per store). Opening is
 * reference counted in the connection manager, so two screens on the same store share one
 * document. Changes are gathered and published once per task.
 */
export function useInboxes(storeIds: readonly number[]): InboxSnapshot[] {
  const key = storeIds.join(',');
  const ids = useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);
  const [state, setState] = useState<{ key: string; snapshots: InboxSnapshot[] }>(() => ({ key, snapshots: initial(ids) }));

  useEffect(() => {
    const manager = collabManager();
    let scheduled = false;
    let cancelled = false;
    const stores: Store[] = ids.map((storeId) => ({
      storeId, docName: inboxDocName(storeId), handle: null, cache: null, snapshot: null, saveTimer: null,
      stopObserving: () => {}, unsubscribe: () => {},
    }));

    const attach = (store: Store) => {
      if (cancelled || store.handle) return;
      const handle = manager.open(store.docName);
      const cache = new InboxRowsCache(handle.doc());
      store.handle = handle;
      store.cache = cache;
      const observe = () => {
        store.stopObserving();
        store.stopObserving = observeInbox(handle.doc(), (change) => {
          if (cache.apply(handle.doc(), change)) schedule();
        });
      };
      observe();
      store.unsubscribe = handle.subscribe((event) => {
        if (event === 'replaced') {
          cache.reload(handle.doc());
          observe();
        }
        schedule();
      });
      schedule();
    };

    const keep = (store: Store, rows: InboxRow[]) => {
      if (store.saveTimer) clearTimeout(store.saveTimer);
      store.saveTimer = setTimeout(() => void writeInboxSnapshot(store.docName, rows), SNAPSHOT_DELAY_MS);
    };
    const publish = () => {
      scheduled = false;
      const next = stores.map((store): InboxSnapshot => {
        if (!store.handle || !store.cache) {
          return { storeId: store.storeId, rows: store.snapshot ?? EMPTY, status: 'connecting', loaded: store.snapshot !== null, error: null };
        }
        const live = store.handle.state();
        if (!live.loaded && store.snapshot) return { storeId: store.storeId, rows: store.snapshot, ...live, loaded: true };
        store.snapshot = null;
        const rows = store.cache.rows();
        if (live.loaded) keep(store, rows);
        return { storeId: store.storeId, rows, ...live };
      });
      // A publish that changes nothing (a status event repeating the state) renders nothing.
      setState((prev) => (prev.key === key && sameSnapshots(prev.snapshots, next) ? prev : { key, snapshots: next }));
    };
    function schedule() {
      if (scheduled) return;
      scheduled = true;
      setTimeout(publish, 0);
    }

    for (const store of stores) {
      // A document this tab has open already is shown from it at once. Otherwise the rows kept from
      // last time are painted first and the device copy (megabytes to read and decode for a large
      // store) is opened after that frame.
      if (manager.openNames().includes(store.docName)) attach(store);
      else {
        void readInboxSnapshot(store.docName).then((rows) => {
          if (cancelled) return;
          if (!rows?.length) return attach(store);
          store.snapshot = rows;
          publish();
          afterPaint(() => attach(store));
        });
      }
    }
    publish();

    return () => {
      scheduled = true; // nothing is published after cleanup
      cancelled = true;
      for (const store of stores) {
        if (store.saveTimer) clearTimeout(store.saveTimer);
        store.stopObserving();
        store.unsubscribe();
        store.handle?.release();
      }
    };
  }, [ids, key]);

  return state.key === key ? state.snapshots : initial(ids);
}

/** One store's live inbox: rows, connection status and error. Null store: nothing is opened. */
export function useInboxRows(storeId: number | null): Omit<InboxSnapshot, 'storeId'> {
  const list = useMemo(() => (storeId === null ? [] : [storeId]), [storeId]);
  const [snapshot] = useInboxes(list);
  return snapshot ?? { rows: EMPTY, status: 'connecting', loaded: false, error: null };
}
