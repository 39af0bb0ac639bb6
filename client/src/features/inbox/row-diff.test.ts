import { describe, expect, it } from 'vitest';
import { addNotifications, markNotificationsRead, removeNotifications, unreadNotifications } from './notifications';
import { byInteractionId, newCustomerMessages } from './row-diff';
import { inboxRow } from './test-rows';

describe('newCustomerMessages', () => {
  const before = [inboxRow(1), inboxRow(2, {}, { direction: 'SENT', messageStatus: 'delivered' })];
  const previous = byInteractionId(before);

  it('finds a row whose latest message is a newer customer message', () => {
    const next = [inboxRow(1, { totalUnreadCount: 2 }, { id: 5000 }), before[1]!];
    expect(newCustomerMessages(previous, next, null).map((r) => r.interactionId)).toEqual([1]);
  });

  it('ignores outbound messages, status changes and counter changes', () => {
    const next = [
      inboxRow(1, { totalUnreadCount: 0 }),
      inboxRow(2, {}, { id: 6000, direction: 'SENT', messageStatus: 'queued' }),
    ];
    expect(newCustomerMessages(previous, next, null)).toEqual([]);
    expect(newCustomerMessages(previous, [inboxRow(2, {}, { direction: 'SENT', messageStatus: 'read' })], null)).toEqual([]);
  });

  it('leaves the open conversation out', () => {
    const next = [inboxRow(1, {}, { id: 5000 })];
    expect(newCustomerMessages(previous, next, 1)).toEqual([]);
  });

  it('reports a new conversation that starts with a customer message, not one without messages', () => {
    const next = [...before, inboxRow(3), inboxRow(4, {}, null)];
    expect(newCustomerMessages(previous, next, null).map((r) => r.interactionId)).toEqual([3]);
  });

  it('does not report an older message becoming the latest again', () => {
    const next = [inboxRow(1, {}, { id: 999 })];
    expect(newCustomerMessages(previous, next, null)).toEqual([]);
  });
});

describe('notifications', () => {
  it('are added once per interaction, newest first', () => {
    const once = addNotifications([], [inboxRow(1), inboxRow(2, { serviceType: 'CHECK_UP' })]);
    expect(once.map((n) => n.interactionId)).toEqual([1, 2]);
    expect(once[0]).toMatchObject({ name: 'First1 Last', storeReadStatus: false, serviceTypeReadStatus: false });
    const again = addNotifications(once, [inboxRow(2), inboxRow(3)]);
    expect(again.map((n) => n.interactionId)).toEqual([3, 1, 2]);
    expect(addNotifications(again, [inboxRow(1)])).toBe(again);
  });

  it('are marked read per store and per store and service type, and removed on opening', () => {
    const list = addNotifications([], [inboxRow(1), inboxRow(2, { serviceType: 'CHECK_UP' }), inboxRow(3, { storeId: 2 })]);
    expect(unreadNotifications(list)).toBe(3);
    const byType = markNotificationsRead(list, { storeId: 1, serviceType: 'CHECK_UP' });
    expect(unreadNotifications(byType)).toBe(2);
    expect(byType.find((n) => n.interactionId === 2)).toMatchObject({ storeReadStatus: true, serviceTypeReadStatus: true });
    const byStore = markNotificationsRead(byType, { storeId: 1 });
    expect(unreadNotifications(byStore, 1)).toBe(0);
    expect(unreadNotifications(byStore, 2)).toBe(1);
    expect(removeNotifications(byStore, 3).map((n) => n.interactionId)).toEqual([1, 2]);
  });
});
