import { markNotificationsRead, removeNotifications, type LiveNotification } from '@drivebay/shared';
import type { InboxRow } from '@drivebay/shared/docs';
import { rowCustomerName } from './inbox-rows';

/** A new-message notification of the inbox: the spec's real-time notification plus what it shows. */
export type InboxNotification = LiveNotification & { name: string; messageId: number; at: string };

export function notificationOf(row: InboxRow): InboxNotification {
  return {
    interactionId: row.interactionId,
    storeId: row.storeId,
    serviceType: row.serviceType,
    storeReadStatus: false,
    serviceTypeReadStatus: false,
    name: rowCustomerName(row),
    messageId: row.latestMessage?.id ?? 0,
    at: row.latestMessage?.createdOn ?? row.updatedOn,
  };
}

/** Adds notifications newest first; an interaction that already has one is not added again. */
export function addNotifications(list: readonly InboxNotification[], rows: readonly InboxRow[]): InboxNotification[] {
  const present = new Set(list.map((n) => n.interactionId));
  const added = rows.filter((row) => !present.has(row.interactionId)).map(notificationOf);
  return added.length ? [...added, ...list] : (list as InboxNotification[]);
}

/** Unread at store level: what the bell counts. */
export function unreadNotifications(list: readonly InboxNotification[], storeId?: number): number {
  return list.filter((n) => !n.storeReadStatus && (storeId === undefined || n.storeId === storeId)).length;
}

export { markNotificationsRead, removeNotifications };
