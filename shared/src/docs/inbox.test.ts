import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  INBOX_PREVIEW_LENGTH,
  messagePreview,
  observeInbox,
  readInboxMeta,
  readInboxRow,
  readInboxRows,
  removeInboxRows,
  replaceInboxRows,
  upsertInboxRows,
  type InboxChange,
  type InboxRow,
} from './inbox';

function row(interactionId: number, overrides: Partial<InboxRow> = {}): InboxRow {
  return {
    interactionId,
    storeId: 1,
    serviceType: 'OIL_CHANGE',
    customer: { id: 10, firstName: 'Ada', lastName: 'Lovelace', cellular: '+15551234567', email: null, custno: 'C10' },
    vehicle: { id: 20, make: 'Toyota', model: 'Camry', year: 2021, vin: '4T1B11HK5JU000001' },
    latestMessage: {
      id: 30,
      content: 'See you Tuesday',
      createdOn: '2025-01-02T10:00:00.000Z',
      direction: 'RECEIVED',
      messageType: 'SMS',
      messageStatus: 'received',
    },
    lastMessageReceivedDate: '2025-01-02T10:00:00.000Z',
    totalInboundCount: 3,
    totalUnreadCount: 1,
    responseReqd: true,
    aiEnabled: true,
    marks: ['HOT'],
    convClosed: false,
    appointmentSet: false,
    updatedOn: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** Two docs wired like two peers, to check what a remote reader sees. */
function peers(): [Y.Doc, Y.Doc] {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.on('update', (u: Uint8Array, origin: unknown) => origin !== b && Y.applyUpdate(b, u, a));
  b.on('update', (u: Uint8Array, origin: unknown) => origin !== a && Y.applyUpdate(a, u, b));
  return [a, b];
}

describe('inbox document', () => {
  it('writes rows as plain JSON values a peer reads back validated', () => {
    const [server, client] = peers();
    expect(upsertInboxRows(server, [row(1), row(2)])).toBe(2);
    expect(client.getMap('rows').get('1')).not.toBeInstanceOf(Y.AbstractType);
    expect(readInboxRow(client, 1)).toEqual(row(1));
    expect(readInboxRow(client, '2')?.customer.firstName).toBe('Ada');
    expect(readInboxRow(client, 3)).toBeNull();
  });

  it('reads newest activity first, ties by id', () => {
    const doc = new Y.Doc();
    upsertInboxRows(doc, [
      row(1, { latestMessage: null, lastMessageReceivedDate: null, updatedOn: '2025-01-01T00:00:00.000Z' }),
      row(2),
      row(3),
      row(4, { lastMessageReceivedDate: '2025-03-01T00:00:00.000Z', latestMessage: null }),
    ]);
    expect(readInboxRows(doc).map((r) => r.interactionId)).toEqual([4, 3, 2, 1]);
  });

  it('skips invalid values and values under the wrong key', () => {
    const doc = new Y.Doc();
    upsertInboxRows(doc, [row(1)]);
    const raw = doc.getMap('rows');
    raw.set('2', { interactionId: 2 });
    raw.set('3', row(4));
    raw.set('5', 'not a row');
    expect(readInboxRows(doc).map((r) => r.interactionId)).toEqual([1]);
    expect(readInboxRow(doc, 3)).toBeNull();
  });

  it('refuses an invalid row before writing anything', () => {
    const doc = new Y.Doc();
    const bad = { ...row(2), serviceType: 'NOT_A_SERVICE' } as unknown as InboxRow;
    expect(() => upsertInboxRows(doc, [row(1), bad])).toThrow();
    expect(readInboxRows(doc)).toEqual([]);
  });

  it('leaves equal rows alone so the document does not grow', () => {
    const doc = new Y.Doc();
    upsertInboxRows(doc, [row(1)]);
    const size = Y.encodeStateAsUpdate(doc).byteLength;
    expect(upsertInboxRows(doc, [row(1)])).toBe(0);
    expect(Y.encodeStateAsUpdate(doc).byteLength).toBe(size);
    expect(upsertInboxRows(doc, [row(1, { totalUnreadCount: 2 })])).toBe(1);
  });

  it('removes and replaces rows, recording the rebuild', () => {
    const doc = new Y.Doc();
    upsertInboxRows(doc, [row(1), row(2), row(3)]);
    expect(removeInboxRows(doc, [2, 9])).toBe(1);
    expect(readInboxMeta(doc).rebuiltAt).toBeNull();
    const at = new Date('2025-02-03T04:05:06.000Z');
    replaceInboxRows(doc, [row(3, { totalUnreadCount: 0 }), row(4)], at);
    expect(readInboxRows(doc).map((r) => r.interactionId).sort()).toEqual([3, 4]);
    expect(readInboxRow(doc, 3)?.totalUnreadCount).toBe(0);
    expect(readInboxMeta(doc).rebuiltAt).toBe(at.toISOString());
  });

  it('reports each transaction once to observers, local or remote', () => {
    const [server, client] = peers();
    const seen: InboxChange[] = [];
    const stop = observeInbox(client, (c) => seen.push(c));
    upsertInboxRows(server, [row(1), row(2)]);
    removeInboxRows(server, [1]);
    upsertInboxRows(client, [row(5)]);
    stop();
    upsertInboxRows(server, [row(6)]);
    expect(seen).toEqual([
      { upserted: [1, 2], removed: [], local: false },
      { upserted: [], removed: [1], local: false },
      { upserted: [5], removed: [], local: true },
    ]);
  });

  it('previews long or multi-line messages', () => {
    expect(messagePreview('  Hello\n\nthere  ')).toBe('Hello there');
    const long = 'x'.repeat(INBOX_PREVIEW_LENGTH + 50);
    const preview = messagePreview(long);
    expect(preview).toHaveLength(INBOX_PREVIEW_LENGTH);
    expect(preview.endsWith('…')).toBe(true);
    // An emoji straddling the cut is dropped whole, never left as half a surrogate pair.
    const emoji = `${'x'.repeat(INBOX_PREVIEW_LENGTH - 2)}😀${'y'.repeat(10)}`;
    const cut = messagePreview(emoji);
    expect(cut.length).toBeLessThanOrEqual(INBOX_PREVIEW_LENGTH);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
