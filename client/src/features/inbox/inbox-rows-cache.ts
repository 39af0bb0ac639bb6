import type * as Y from 'yjs';
import { readInboxRow, readInboxRows, type InboxChange, type InboxRow } from '@drivebay/shared/docs';

type Entry = { row: InboxRow; at: number };

// The order readInboxRows returns: newest activity first (latest message, else last inbound date,
// else updatedOn), ties by interaction id descending. Kept here too so that a change of a few rows
// re-reads only those rows: validating all 10,000 rows again costs ~40 ms per change.
function activityTime(row: InboxRow): number {
  return Date.parse(row.latestMessage?.createdOn ?? row.lastMessageReceivedDate ?? row.updatedOn);
}

function byActivity(a: Entry, b: Entry): number {
  return b.at - a.at || b.row.interactionId - a.row.interactionId;
}

/**
 * The rows of one inbox document, read in full once and then kept up to date from the change
 * events of `observeInbox`, re-validating only the rows a transaction touched. Unchanged rows keep
 * their identity, so a list re-renders only what moved.
 */
export class InboxRowsCache {
  private readonly entries = new Map<number, Entry>();
  private sorted: InboxRow[] = [];
  private dirty = false;

  constructor(doc: Y.Doc) {
    this.reload(doc);
  }

  /** Reads every row again (a new document). */
  reload(doc: Y.Doc): void {
    this.entries.clear();
    this.sorted = readInboxRows(doc);
    for (const row of this.sorted) this.entries.set(row.interactionId, { row, at: activityTime(row) });
    this.dirty = false;
  }

  /** Applies one transaction's changes; returns whether anything visible changed. */
  apply(doc: Y.Doc, change: InboxChange): boolean {
    let changed = false;
    for (const id of change.removed) changed = this.entries.delete(id) || changed;
    for (const id of change.upserted) {
      const row = readInboxRow(doc, id);
      if (row) {
        this.entries.set(id, { row, at: activityTime(row) });
        changed = true;
      } else {
        // An invalid value replaces a valid one: the row is no longer shown, as readInboxRows skips it.
        changed = this.entries.delete(id) || changed;
      }
    }
    if (changed) this.dirty = true;
    return changed;
  }

  rows(): InboxRow[] {
    if (this.dirty) {
      this.sorted = [...this.entries.values()].sort(byActivity).map((e) => e.row);
      this.dirty = false;
    }
    return this.sorted;
  }
}
