import { describe, expect, it } from 'vitest';
import {
  filterRows,
  isWaiting,
  longestWaitingFirst,
  mergeByActivity,
  rowCustomerName,
  rowLiveKey,
  serviceTypeLabel,
  unreadCounts,
  waitingSeconds,
} from './inbox-rows';
import { inboxRow } from './test-rows';

describe('display helpers', () => {
  it('names the customer, falling back to the phone then the customer number', () => {
    expect(rowCustomerName(inboxRow(1))).toBe('First1 Last');
    const unnamed = inboxRow(2);
    unnamed.customer = { ...unnamed.customer, firstName: '', lastName: '' };
    expect(rowCustomerName(unnamed)).toBe('(718)-555-0002');
    unnamed.customer = { ...unnamed.customer, cellular: null };
    expect(rowCustomerName(unnamed)).toBe('C2');
  });

  it('makes service-type codes readable', () => {
    expect(serviceTypeLabel('OIL_CHANGE_10K')).toBe('Oil change 10K');
    expect(serviceTypeLabel('CHECK_UP_30D')).toBe('30-day check-up');
    expect(serviceTypeLabel('SVC_7500')).toBe('Service 7.5K');
    expect(serviceTypeLabel('SOMETHING_NEW_5K')).toBe('Something new 5K');
  });
});

describe('filterRows', () => {
  const rows = [inboxRow(1), inboxRow(2), inboxRow(12)];
  it('matches name, full name, customer number and phone digits', () => {
    expect(filterRows(rows, 'first1').map((r) => r.interactionId)).toEqual([1, 12]);
    expect(filterRows(rows, 'First2 Last').map((r) => r.interactionId)).toEqual([2]);
    expect(filterRows(rows, 'c12').map((r) => r.interactionId)).toEqual([12]);
    expect(filterRows(rows, '(718) 555-0002').map((r) => r.interactionId)).toEqual([2]);
    expect(filterRows(rows, '   ')).toBe(rows);
  });
});

describe('waiting conversations', () => {
  const now = Date.parse('2024-07-01T12:10:00.000Z');
  it('wait when the customer wrote last and a response is required', () => {
    expect(isWaiting(inboxRow(1))).toBe(true);
    expect(isWaiting(inboxRow(2, { responseReqd: false }))).toBe(false);
    expect(isWaiting(inboxRow(3, {}, { direction: 'SENT' }))).toBe(false);
    expect(isWaiting(inboxRow(4, {}, null))).toBe(false);
    expect(waitingSeconds(inboxRow(1), now)).toBe(600);
    expect(waitingSeconds(inboxRow(3, {}, { direction: 'SENT' }), now)).toBeNull();
  });

  it('are listed longest wait first', () => {
    const rows = [
      inboxRow(1, {}, { createdOn: '2024-07-01T12:05:00.000Z' }),
      inboxRow(2, {}, { createdOn: '2024-07-01T11:00:00.000Z' }),
      inboxRow(3, {}, { direction: 'SENT', createdOn: '2024-07-01T10:00:00.000Z' }),
      inboxRow(4, {}, { createdOn: '2024-07-01T11:30:00.000Z' }),
    ];
    expect(longestWaitingFirst(rows).map((r) => r.interactionId)).toEqual([2, 4, 1]);
  });
});

describe('unreadCounts', () => {
  it('sums the server counters per store and per service type', () => {
    const counts = unreadCounts([
      inboxRow(1, { totalUnreadCount: 2 }),
      inboxRow(2, { totalUnreadCount: 1, serviceType: 'CHECK_UP' }),
      inboxRow(3, { totalUnreadCount: 4, storeId: 2 }),
    ]);
    expect(counts.total).toBe(7);
    expect(counts.byServiceType.get('OIL_CHANGE')).toBe(6);
    expect(counts.byServiceType.get('CHECK_UP')).toBe(1);
    expect(counts.byStore.get(1)).toBe(3);
    expect(counts.byStore.get(2)).toBe(4);
  });
});

describe('mergeByActivity', () => {
  it('merges stores newest first, ties by id descending', () => {
    const a = [inboxRow(1, {}, { createdOn: '2024-07-01T12:00:00.000Z' }), inboxRow(3, {}, { createdOn: '2024-07-01T10:00:00.000Z' })];
    const b = [inboxRow(2, { storeId: 2 }, { createdOn: '2024-07-01T12:00:00.000Z' }), inboxRow(4, { storeId: 2 }, { createdOn: '2024-07-01T11:00:00.000Z' })];
    expect(mergeByActivity([a, b]).map((r) => r.interactionId)).toEqual([2, 1, 4, 3]);
    expect(mergeByActivity([a])).toBe(a);
  });
});

describe('rowLiveKey', () => {
  it('changes with the latest message, its status and the row time only', () => {
    const base = inboxRow(1, {}, { direction: 'SENT', messageStatus: 'queued' });
    expect(rowLiveKey(base)).toBe(rowLiveKey({ ...base, totalUnreadCount: 9 }));
    expect(rowLiveKey(base)).not.toBe(rowLiveKey(inboxRow(1, {}, { direction: 'SENT', messageStatus: 'delivered' })));
    expect(rowLiveKey(base)).not.toBe(rowLiveKey(inboxRow(1, {}, { id: 77, direction: 'SENT', messageStatus: 'queued' })));
    expect(rowLiveKey(base)).not.toBe(rowLiveKey({ ...base, updatedOn: '2024-07-01T12:00:01.000Z' }));
    expect(rowLiveKey(undefined)).toBeNull();
  });
});
