import { describe, expect, it } from 'vitest';
import {
  applyIncomingMessage,
  decrementUnread,
  type IncomingMessage,
  type LiveNotification,
  type LiveRow,
  markNotificationsRead,
  openConversation,
  removeNotifications,
} from './live-list';

type Row = LiveRow & { name: string };

const latest = (id: number) => ({ id, content: `m${id}`, direction: 'SENT', messageType: 'SMS', createdOn: '2024-07-01T13:00:00.000Z' }) as const;
const row = (id: number, unread = 0, inbound = 0): Row => ({ id, name: `r${id}`, latestMessage: latest(id * 100), totalInboundCount: inbound, totalUnreadCount: unread });
const rows: readonly Row[] = [row(1), row(2, 3, 5), row(3)];

const msg = (over: Partial<IncomingMessage> = {}): IncomingMessage => ({
  id: 999,
  content: 'Can I come at 3?',
  direction: 'RECEIVED',
  messageType: 'SMS',
  notificationType: 'MESSAGE_FROM_CUSTOMER',
  createdOn: '2024-07-01T13:30:00.000Z',
  ...over,
});

describe('applyIncomingMessage', () => {
  it('moves the row to the top, replaces its latest message and counts a received message', () => {
    const r = applyIncomingMessage(rows, { interactionId: 2, message: msg() }, null);
    expect(r.rows.map((x) => x.id)).toEqual([2, 1, 3]);
    expect(r.rows[0]).toEqual({
      id: 2,
      name: 'r2',
      latestMessage: { id: 999, content: 'Can I come at 3?', direction: 'RECEIVED', messageType: 'SMS', createdOn: '2024-07-01T13:30:00.000Z' },
      totalInboundCount: 6,
      totalUnreadCount: 4,
    });
    expect(r).toMatchObject({ markRead: false, notify: false });
  });

  it('keeps the other rows as they were, in order and by identity', () => {
    const r = applyIncomingMessage(rows, { interactionId: 3, message: msg() }, null);
    expect(r.rows.map((x) => x.id)).toEqual([3, 1, 2]);
    expect(r.rows[1]).toBe(rows[0]);
    expect(r.rows[2]).toBe(rows[1]);
  });

  it('does not mutate the list it is given', () => {
    const before = JSON.stringify(rows);
    applyIncomingMessage(rows, { interactionId: 2, message: msg() }, null);
    expect(JSON.stringify(rows)).toBe(before);
  });

  it('keeps the latest message for an INTERNAL message but still moves and counts it', () => {
    const r = applyIncomingMessage(rows, { interactionId: 3, message: msg({ messageType: 'INTERNAL', notificationType: 'CALL' }) }, null);
    expect(r.rows[0]).toMatchObject({ id: 3, latestMessage: latest(300), totalInboundCount: 1, totalUnreadCount: 1 });
  });

  it('replaces the latest message with an internal note (only INTERNAL is kept out)', () => {
    const r = applyIncomingMessage(rows, { interactionId: 1, message: msg({ direction: 'SENT', messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES' }) }, null);
    expect(r.rows[0]!.latestMessage?.messageType).toBe('INTERNAL_NOTES');
  });

  it('counts nothing for an outbound message', () => {
    const r = applyIncomingMessage(rows, { interactionId: 2, message: msg({ direction: 'SENT', notificationType: 'MESSAGE_TO_CUSTOMER' }) }, null);
    expect(r.rows[0]).toMatchObject({ totalInboundCount: 5, totalUnreadCount: 3 });
  });

  it('does not count a received message to the customer as unread, but as inbound', () => {
    const r = applyIncomingMessage(rows, { interactionId: 2, message: msg({ notificationType: 'MESSAGE_TO_CUSTOMER' }) }, null);
    expect(r.rows[0]).toMatchObject({ totalInboundCount: 6, totalUnreadCount: 3 });
  });

  it('marks the message read instead of counting it when the chat is open', () => {
    const r = applyIncomingMessage(rows, { interactionId: 2, message: msg() }, 2);
    expect(r.rows[0]).toMatchObject({ totalInboundCount: 6, totalUnreadCount: 3 });
    expect(r).toMatchObject({ markRead: true, notify: false });
  });

  it('counts unread when another chat is open', () => {
    const r = applyIncomingMessage(rows, { interactionId: 2, message: msg() }, 1);
    expect(r.rows[0]!.totalUnreadCount).toBe(4);
    expect(r.markRead).toBe(false);
  });

  it('adds a new row at the front as given and notifies for a received message', () => {
    const fresh = row(7, 1, 1);
    const r = applyIncomingMessage(rows, { interactionId: 7, message: msg(), row: fresh }, null);
    expect(r.rows.map((x) => x.id)).toEqual([7, 1, 2, 3]);
    expect(r.rows[0]).toBe(fresh);
    expect(r).toMatchObject({ markRead: false, notify: true });
  });

  it('adds a new row without notifying for an outbound message', () => {
    const r = applyIncomingMessage(rows, { interactionId: 7, message: msg({ direction: 'SENT' }), row: row(7) }, null);
    expect(r.rows).toHaveLength(4);
    expect(r.notify).toBe(false);
  });

  it('adds a new row with nothing unread when its chat is open', () => {
    const r = applyIncomingMessage(rows, { interactionId: 7, message: msg(), row: row(7, 2, 2) }, 7);
    expect(r.rows[0]).toMatchObject({ id: 7, totalUnreadCount: 0, totalInboundCount: 2 });
    expect(r.markRead).toBe(true);
  });

  it('never adds a row already present, even when a full row is sent', () => {
    const r = applyIncomingMessage(rows, { interactionId: 1, message: msg(), row: { ...row(1), name: 'duplicate' } }, null);
    expect(r.rows.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(r.rows[0]!.name).toBe('r1');
    expect(r.notify).toBe(false);
  });

  it('leaves the list as it is for an unknown interaction without a row, still notifying', () => {
    const r = applyIncomingMessage(rows, { interactionId: 8, message: msg() }, null);
    expect(r.rows).toEqual(rows);
    expect(r.rows).not.toBe(rows);
    expect(r.notify).toBe(true);
  });

  it('works on an empty list', () => {
    expect(applyIncomingMessage<Row>([], { interactionId: 1, message: msg(), row: row(1) }, null).rows).toEqual([row(1)]);
  });
});

describe('openConversation', () => {
  it('sets unread to 0 and returns the latest message id for the read marker', () => {
    const r = openConversation(rows, 2);
    expect(r.rows[1]).toMatchObject({ id: 2, totalUnreadCount: 0, totalInboundCount: 5 });
    expect(r.rows.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(r.rows[0]).toBe(rows[0]);
    expect(r.lastMessageId).toBe(200);
  });

  it('keeps a row with nothing unread as it is', () => {
    const r = openConversation(rows, 1);
    expect(r.rows[0]).toBe(rows[0]);
    expect(r.lastMessageId).toBe(100);
  });

  it('returns no id for a missing row or a row without messages', () => {
    expect(openConversation(rows, 9)).toEqual({ rows: [...rows], lastMessageId: null });
    expect(openConversation([{ ...row(4, 2), latestMessage: null }], 4)).toMatchObject({ lastMessageId: null, rows: [{ totalUnreadCount: 0 }] });
  });
});

describe('decrementUnread', () => {
  it.each([
    [5, 1, 4],
    [5, 5, 0],
    [1, 3, 0],
    [0, 1, 0],
    [3, 0, 3],
    [3, -2, 3],
  ])('%i lowered by %i is %i', (count, by, expected) => {
    expect(decrementUnread(count, by)).toBe(expected);
  });

  it('lowers by one by default', () => {
    expect(decrementUnread(2)).toBe(1);
    expect(decrementUnread(0)).toBe(0);
  });
});

const note = (interactionId: number, storeId: number, serviceType: string): LiveNotification => ({
  interactionId,
  storeId,
  serviceType,
  storeReadStatus: false,
  serviceTypeReadStatus: false,
});
const list = [note(1, 10, 'OIL_CHANGE'), note(2, 10, 'CHECK_UP'), note(3, 20, 'OIL_CHANGE'), note(1, 10, 'OIL_CHANGE')];

describe('markNotificationsRead', () => {
  it('per store marks the store flag of that store only', () => {
    const r = markNotificationsRead(list, { storeId: 10 });
    expect(r.map((n) => [n.storeReadStatus, n.serviceTypeReadStatus])).toEqual([
      [true, false],
      [true, false],
      [false, false],
      [true, false],
    ]);
    expect(r[2]).toBe(list[2]);
  });

  it('per store and service type marks both flags of that type in that store only', () => {
    const r = markNotificationsRead(list, { storeId: 10, serviceType: 'OIL_CHANGE' });
    expect(r.map((n) => [n.storeReadStatus, n.serviceTypeReadStatus])).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [true, true],
    ]);
    expect(r[1]).toBe(list[1]);
  });

  it('treats a null service type as per store, and keeps already-read items by identity', () => {
    const once = markNotificationsRead(list, { storeId: 10, serviceType: null });
    const twice = markNotificationsRead(once, { storeId: 10 });
    twice.forEach((n, i) => expect(n).toBe(once[i]));
  });

  it('does not mutate the list', () => {
    markNotificationsRead(list, { storeId: 10, serviceType: 'OIL_CHANGE' });
    expect(list.every((n) => !n.storeReadStatus && !n.serviceTypeReadStatus)).toBe(true);
  });
});

describe('removeNotifications', () => {
  it('removes every notification of the interaction and nothing else', () => {
    expect(removeNotifications(list, 1).map((n) => n.interactionId)).toEqual([2, 3]);
    expect(removeNotifications(list, 42)).toEqual(list);
    expect(removeNotifications([], 1)).toEqual([]);
  });
});
