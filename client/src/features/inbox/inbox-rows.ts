import { businessInstant, formatPhoneDisplay, matchesSearch, type ServiceType } from '@drivebay/shared';
import type { InboxRow } from '@drivebay/shared/docs';

/** The customer's name as the list shows it, falling back to the phone or customer number. */
export function rowCustomerName(row: InboxRow): string {
  const { firstName, lastName, cellular, custno } = row.customer;
  const name = `${firstName} ${lastName}`.trim();
  return name || formatPhoneDisplay(cellular) || custno;
}

export function rowVehicle(row: InboxRow): string {
  const v = row.vehicle;
  return v ? `${v.year} ${v.make} ${v.model}` : '';
}

export { serviceTypeLabel } from '@drivebay/shared';

/** The spec's search filter (§5) over the fields an inbox row carries. */
export function filterRows(rows: readonly InboxRow[], text: string): InboxRow[] {
  const query = text.trim();
  if (!query) return rows as InboxRow[];
  return rows.filter((row) => matchesSearch(row.customer, { text: query }));
}

/**
 * A conversation waiting for the dealership: its newest message came from the customer and the
 * server still marks it as needing a response (keywords such as STOP need none).
 */
export function isWaiting(row: InboxRow): boolean {
  return row.responseReqd && row.latestMessage?.direction === 'RECEIVED';
}

/** Seconds the conversation has been waiting at `now`, or null when it is not waiting. */
export function waitingSeconds(row: InboxRow, now: number): number | null {
  if (!isWaiting(row) || !row.latestMessage) return null;
  const at = businessInstant(row.latestMessage.createdOn);
  return at === null ? null : Math.max(0, (now - at) / 1000);
}

/** The max-response-time list: waiting conversations, longest wait first. */
export function longestWaitingFirst(rows: readonly InboxRow[]): InboxRow[] {
  const at = (row: InboxRow) => businessInstant(row.latestMessage?.createdOn ?? '') ?? Infinity;
  return rows.filter(isWaiting).sort((a, b) => at(a) - at(b) || a.interactionId - b.interactionId);
}

export type UnreadCounts = {
  total: number;
  byServiceType: Map<ServiceType, number>;
  byStore: Map<number, number>;
};

/** Unread messages per store and per service type, from the server's counters on the rows. */
export function unreadCounts(rows: readonly InboxRow[]): UnreadCounts {
  const byServiceType = new Map<ServiceType, number>();
  const byStore = new Map<number, number>();
  let total = 0;
  for (const row of rows) {
    const n = row.totalUnreadCount;
    total += n;
    byServiceType.set(row.serviceType, (byServiceType.get(row.serviceType) ?? 0) + n);
    byStore.set(row.storeId, (byStore.get(row.storeId) ?? 0) + n);
  }
  return { total, byServiceType, byStore };
}

/**
 * Several stores' rows as one list in the order each store's list has: newest activity first,
 * ties by interaction id descending.
 */
export function mergeByActivity(lists: readonly (readonly InboxRow[])[]): InboxRow[] {
  if (lists.length === 1) return lists[0] as InboxRow[];
  const at = (row: InboxRow) => Date.parse(row.latestMessage?.createdOn ?? row.lastMessageReceivedDate ?? row.updatedOn);
  return lists.flat().sort((a, b) => at(b) - at(a) || b.interactionId - a.interactionId);
}

/** What makes the open conversation's thread stale: its newest message, that message's status, the row's time. */
export function rowLiveKey(row: InboxRow | undefined): string | null {
  if (!row) return null;
  const m = row.latestMessage;
  return `${m?.id ?? ''}|${m?.messageStatus ?? ''}|${row.updatedOn}`;
}
