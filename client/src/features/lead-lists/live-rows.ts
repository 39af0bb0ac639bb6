import type { LeadListRow } from '@drivebay/shared';
import type { InboxRow } from '@drivebay/shared/docs';

/**
 * Applies live inbox changes to the page a tab shows (operations §4, live list updates): a row
 * whose conversation got a new message moves to the top; its latest message is replaced unless
 * the message is INTERNAL; counters follow the server's (never below zero), and unread stays 0
 * for the conversation that is open. Changed conversations not on the page are returned, so the
 * tab can ask the server whether they belong to it (a record is added only once).
 */
export function applyLiveChanges(
  rows: readonly LeadListRow[],
  changed: readonly InboxRow[],
  openId: number | null,
): { rows: LeadListRow[]; missing: number[] } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const moved: LeadListRow[] = [];
  const missing: number[] = [];
  for (const live of changed) {
    const row = byId.get(live.interactionId);
    if (!row) {
      if (!missing.includes(live.interactionId)) missing.push(live.interactionId);
      continue;
    }
    const message = live.latestMessage;
    moved.push({
      ...row,
      latestMessage: message && message.messageType !== 'INTERNAL' ? { id: message.id, content: message.content, direction: message.direction, messageType: message.messageType, createdOn: message.createdOn } : row.latestMessage,
      lastMessageReceivedDate: live.lastMessageReceivedDate ?? row.lastMessageReceivedDate,
      totalInboundCount: Math.max(0, live.totalInboundCount),
      totalUnreadCount: live.interactionId === openId ? 0 : Math.max(0, live.totalUnreadCount),
      responseReqd: live.responseReqd,
      aiEnabled: live.aiEnabled,
      convClosed: live.convClosed,
      appointmentSet: live.appointmentSet,
    });
    byId.delete(live.interactionId);
  }
  // Newest change first, then the rest in their order.
  moved.sort((a, b) => (b.latestMessage?.createdOn ?? '').localeCompare(a.latestMessage?.createdOn ?? ''));
  const movedIds = new Set(moved.map((r) => r.id));
  return { rows: [...moved, ...rows.filter((r) => !movedIds.has(r.id))], missing };
}

/** The inbox rows new or changed since the previous snapshot (none on the first one, which is just a load). */
export function changedRows(previous: ReadonlyMap<number, string> | null, current: readonly InboxRow[]): InboxRow[] {
  if (previous === null) return [];
  return current.filter((r) => previous.get(r.interactionId) !== liveKey(r));
}

export function liveKey(r: InboxRow): string {
  return `${r.latestMessage?.id ?? 0}:${r.totalInboundCount}:${r.totalUnreadCount}`;
}
