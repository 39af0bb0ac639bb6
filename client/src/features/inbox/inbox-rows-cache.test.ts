import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { observeInbox, readInboxRows, removeInboxRows, upsertInboxRows, type InboxRow } from '@drivebay/shared/docs';
import { InboxRowsCache } from './inbox-rows-cache';

function row(id: number, minute: number, withMessage = true): InboxRow {
  const at = new Date(Date.UTC(2024, 6, 1, 12, minute)).toISOString();
  return {
    interactionId: id,
    storeId: 1,
    serviceType: 'OIL_CHANGE',
    customer: { id, firstName: `F${id}`, lastName: 'L', cellular: null, email: null, custno: `C${id}` },
    vehicle: null,
    latestMessage: withMessage ? { id: id * 10, content: 'x', createdOn: at, direction: 'RECEIVED', messageType: 'SMS', messageStatus: null } : null,
    lastMessageReceivedDate: null,
    totalInboundCount: 1,
    totalUnreadCount: 1,
    responseReqd: true,
    aiEnabled: true,
    marks: [],
    convClosed: false,
    appointmentSet: false,
    updatedOn: at,
  };
}

// A deterministic pseudo-random sequence, so a failure can be replayed.
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('InboxRowsCache', () => {
  it('keeps the order and content readInboxRows gives, through upserts, removals and bad values', () => {
    const doc = new Y.Doc();
    upsertInboxRows(doc, Array.from({ length: 50 }, (_, i) => row(i + 1, i % 7)));
    const cache = new InboxRowsCache(doc);
    observeInbox(doc, (change) => cache.apply(doc, change));
    const next = random(42);
    for (let step = 0; step < 200; step++) {
      const id = 1 + Math.floor(next() * 80);
      const roll = next();
      if (roll < 0.6) upsertInboxRows(doc, [row(id, Math.floor(next() * 20), next() > 0.2)]);
      else if (roll < 0.9) removeInboxRows(doc, [id]);
      // A value that does not validate, as an older server might write: the row must drop out.
      else doc.getMap('rows').set(String(id), { interactionId: id, broken: true });
      expect(cache.rows()).toEqual(readInboxRows(doc));
    }
  });

  it('keeps unchanged rows identical and re-reads a replaced document', () => {
    const doc = new Y.Doc();
    upsertInboxRows(doc, [row(1, 1), row(2, 2)]);
    const cache = new InboxRowsCache(doc);
    observeInbox(doc, (change) => cache.apply(doc, change));
    const byId = (id: number) => cache.rows().find((r) => r.interactionId === id);
    const one = byId(1);
    const two = byId(2);
    expect(cache.rows().map((r) => r.interactionId)).toEqual([2, 1]);
    upsertInboxRows(doc, [row(1, 5)]);
    expect(cache.rows().map((r) => r.interactionId)).toEqual([1, 2]);
    expect(byId(2)).toBe(two);
    expect(byId(1)).not.toBe(one);

    const other = new Y.Doc();
    upsertInboxRows(other, [row(9, 1)]);
    cache.reload(other);
    expect(cache.rows().map((r) => r.interactionId)).toEqual([9]);
  });
});
