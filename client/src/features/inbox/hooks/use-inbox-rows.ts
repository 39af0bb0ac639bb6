import { useEffect, useMemo, useState } from 'react';
import { inboxDocName, observeInbox, type InboxRow } from '@drivebay/shared/docs';
import { collabManager, type CollabError, type CollabStatus } from '../../../lib/collab';
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
    const stores = ids.map((storeId) => {
      const docName = inboxDocName(storeId);
      const handle = manager.open(docName);
      const store = {
        storeId, docName, handle, cache: new InboxRowsCache(handle.doc()), stopObserving: () => {}, unsubscribe: () => {},
        // The rows kept from the last time, shown until the document has been read.
        snapshot: null as InboxRow[] | null,
        saveTimer: null as ReturnType<typeof setTimeout> | null,
      };
      if (!handle.state().loaded) {
        void readInboxSnapshot(docName).then((rows) => {
          if (cancelled || !rows?.length || handle.state().loaded) return;
          store.snapshot = rows;
          schedule();
        });
      }
      const observe = () => {
        store.stopObserving();
        store.stopObserving = observeInbox(handle.doc(), (change) => {
          if (store.cache.apply(handle.doc(), change)) schedule();
        });
      };
      observe();
      store.unsubscribe = handle.subscribe((event) => {
        if (event === 'replaced') {
          store.cache.reload(handle.doc());
          observe();
        }
        schedule();
      });
      return store;
    });

    const keep = (store: (typeof stores)[number], rows: InboxRow[]) => {
      if (store.saveTimer) clearTimeout(store.saveTimer);
      store.saveTimer = setTimeout(() => void writeInboxSnapshot(store.docName, rows), SNAPSHOT_DELAY_MS);
    };
    const publish = () => {
      scheduled = false;
      setState({
        key,
        snapshots: stores.map((store) => {
          const live = store.handle.state();
          if (!live.loaded && store.snapshot) return { storeId: store.storeId, rows: store.snapshot, ...live, loaded: true };
          store.snapshot = null;
          const rows = store.cache.rows();
          if (live.loaded) keep(store, rows);
          return { storeId: store.storeId, rows, ...live };
        }),
      });
    };
    function schedule() {
      if (scheduled) return;
      scheduled = true;
      setTimeout(publish, 0);
    }
    publish();

    return () => {
      scheduled = true; // nothing is published after cleanup
      cancelled = true;
      for (const store of stores) {
        if (store.saveTimer) clearTimeout(store.saveTimer);
        store.stopObserving();
        store.unsubscribe();
        store.handle.release();
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
