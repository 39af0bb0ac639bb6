import type { InboxRow } from '@drivebay/shared/docs';

/**
 * The new customer messages between two versions of an inbox, from the rows the server rewrote:
 * a row whose latest message is a RECEIVED one it did not show before (a newer id), or a new row
 * whose latest message is RECEIVED. The conversation that is open is left out: its messages are
 * read where they appear (spec §4 "Real-time messages").
 */
export function newCustomerMessages(
  previous: ReadonlyMap<number, InboxRow>,
  next: readonly InboxRow[],
  openInteractionId: number | null,
): InboxRow[] {
  const found: InboxRow[] = [];
  for (const row of next) {
    const latest = row.latestMessage;
    if (!latest || latest.direction !== 'RECEIVED' || row.interactionId === openInteractionId) continue;
    const before = previous.get(row.interactionId);
    if (before === row) continue;
    const seen = before?.latestMessage?.id ?? null;
    if (seen !== null && latest.id <= seen) continue;
    found.push(row);
  }
  return found;
}

export function byInteractionId(rows: readonly InboxRow[]): Map<number, InboxRow> {
  return new Map(rows.map((row) => [row.interactionId, row]));
}
