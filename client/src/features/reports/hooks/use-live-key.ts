import { useEffect, useState } from 'react';
import { inboxChangedAt, inboxDocName, observeInboxChangedAt } from '@drivebay/shared/docs';
import { collabManager } from '../../../lib/collab';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * A version of the stores' figures: it moves whenever the server stamps one of the stores' live
 * inboxes, which it does after every committed message and booking of the store, including
 * bookings of closed conversations and appointments without one. Bursts are gathered for 400 ms.
 */
export function useReportsLiveKey(storeIds: readonly number[]): string {
  const key = storeIds.join(',');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (key === '') return;
    const manager = collabManager();
    const closers = key.split(',').map((id) => {
      const handle = manager.open(inboxDocName(Number(id)));
      // The stamp the screen's figures were loaded after: the first one a document shows
      // (from this device or the server) is the state the page already read.
      let seen = handle.state().loaded ? inboxChangedAt(handle.doc()) : undefined;
      const onStamp = (at: string | null) => {
        if (seen === undefined) {
          seen = at;
          return;
        }
        if (at === seen) return;
        seen = at;
        setVersion((v) => v + 1);
      };
      let stop = observeInboxChangedAt(handle.doc(), onStamp);
      const unsubscribe = handle.subscribe((event) => {
        // A document that loads without any stamp yet: the next stamp is news.
        if (seen === undefined && handle.state().loaded) seen = inboxChangedAt(handle.doc());
        if (event === 'replaced') {
          stop();
          stop = observeInboxChangedAt(handle.doc(), onStamp);
        }
      });
      return () => {
        stop();
        unsubscribe();
        handle.release();
      };
    });
    return () => {
      for (const close of closers) close();
    };
  }, [key]);

  return String(useDebouncedValue(version, 400));
}
