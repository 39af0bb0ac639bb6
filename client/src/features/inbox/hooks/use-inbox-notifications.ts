import { useCallback, useEffect, useRef, useState } from 'react';
import type { InboxRow } from '@drivebay/shared/docs';
import type { InboxSnapshot } from './use-inbox-rows';
import { notify } from '../../../lib/notices';
import { rowCustomerName } from '../inbox-rows';
import {
  addNotifications,
  markNotificationsRead,
  removeNotifications,
  type InboxNotification,
} from '../notifications';
import { byInteractionId, newCustomerMessages } from '../row-diff';

// A burst (a reconnect after a long offline spell) is summed up in one notice rather than a queue.
const MAX_SINGLE_NOTICES = 3;

export type InboxNotifications = {
  list: InboxNotification[];
  markStoreRead: (storeId: number) => void;
  markServiceTypeRead: (storeId: number, serviceType: string) => void;
};

/**
 * New-message notifications, found by diffing each store's rows as the server rewrites them. A
 * store is diffed only once it has synced with the server: what the first sync brings on top of
 * the device copy is the state of the inbox, not news. Opening a conversation removes its
 * notifications.
 */
export function useInboxNotifications(snapshots: readonly InboxSnapshot[], openInteractionId: number | null): InboxNotifications {
  const [list, setList] = useState<InboxNotification[]>([]);
  const baselines = useRef(new Map<number, Map<number, InboxRow>>());
  const openRef = useRef(openInteractionId);

  useEffect(() => {
    openRef.current = openInteractionId;
    if (openInteractionId !== null) setList((current) => removeNotifications(current, openInteractionId));
  }, [openInteractionId]);

  useEffect(() => {
    const fresh: InboxRow[] = [];
    for (const snapshot of snapshots) {
      if (snapshot.status !== 'online') continue;
      const before = baselines.current.get(snapshot.storeId);
      if (before) fresh.push(...newCustomerMessages(before, snapshot.rows, openRef.current));
      baselines.current.set(snapshot.storeId, byInteractionId(snapshot.rows));
    }
    if (fresh.length === 0) return;
    if (fresh.length <= MAX_SINGLE_NOTICES) {
      for (const row of fresh) notify({ severity: 'info', message: `New message from ${rowCustomerName(row)}` });
    } else {
      notify({ severity: 'info', message: `New messages from ${fresh.length} customers` });
    }
    setList((current) => addNotifications(current, fresh));
  }, [snapshots]);

  const markStoreRead = useCallback((storeId: number) => setList((current) => markNotificationsRead(current, { storeId })), []);
  const markServiceTypeRead = useCallback(
    (storeId: number, serviceType: string) => setList((current) => markNotificationsRead(current, { storeId, serviceType })),
    [],
  );
  return { list, markStoreRead, markServiceTypeRead };
}
