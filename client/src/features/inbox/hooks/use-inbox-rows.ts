import { useEffect, useMemo, useState } from 'react';
import { inboxDocName, observeInbox, type InboxRow } from '@drivebay/shared/docs';
import { collabManager, type CollabError, type CollabStatus } from '../../../lib/collab';
import { InboxRowsCache } from '../inbox-rows-cache';

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
    const stores = ids.map((storeId) => {
      const handle = manager.open(inboxDocName(storeId));
      const store = { storeId, handle, cache: new InboxRowsCache(handle.doc()), stopObserving: () => {}, unsubscribe: () => {} };
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

    const publish = () => {
      scheduled = false;
      setState({
        key,
        snapshots: stores.map(({ storeId, handle, cache }) => ({ storeId, rows: cache.rows(), ...handle.state() })),
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
      for (const store of stores) {
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
