import { describe, expect, it } from 'vitest';
import { RO_STATUS_CODES } from '@drivebay/shared';
import type { BoardCard, BoardLanes } from '@drivebay/shared/docs';
import { boardView, cardOfAppointment, isPastPromise, laneUnread } from './board-view';

function card(id: number, over: Partial<BoardCard> = {}): BoardCard {
  return {
    id,
    roNumber: `RO-${id}`,
    lane: 'ASSIGNED',
    orderKey: 'V',
    customerName: 'Ada Lovelace',
    vehicle: null,
    advisorName: 'Grace',
    advisorNo: '101',
    promisedDate: null,
    unreadCount: 1,
    updatedOn: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

function lanes(cards: BoardCard[]): BoardLanes {
  const out = Object.fromEntries(RO_STATUS_CODES.map((c) => [c, [] as BoardCard[]])) as unknown as BoardLanes;
  for (const c of cards) out[c.lane].push(c);
  return out;
}

describe('board view', () => {
  const live = lanes([card(1), card(2, { advisorNo: '102', unreadCount: 3 }), card(3, { lane: 'CLOSED' }), card(4, { lane: 'Appt' })]);

  it('shows every live card for all advisors, and one advisor’s cards when filtered', () => {
    const all = boardView({ live, otherDay: null, advisorNo: 'ALL' });
    expect(all.ASSIGNED.map((c) => c.id)).toEqual([1, 2]);
    expect(all.ASSIGNED.every((c) => c.live)).toBe(true);
    expect(laneUnread(all.ASSIGNED)).toBe(4);
    const one = boardView({ live, otherDay: null, advisorNo: '102' });
    expect(one.ASSIGNED.map((c) => c.id)).toEqual([2]);
    expect(one.CLOSED).toEqual([]);
  });

  it('puts another day’s appointments and closed orders in their lanes, read-only', () => {
    const appt = cardOfAppointment(
      {
        apptId: 9, apptStatus: 'BOOKED', storeId: 1, dealerCode: null, startDate: '2026-02-02T14:00:00.000Z', endDate: '2026-02-02T14:30:00.000Z',
        transportType: null, advisorId: null, advisorName: null, opCodes: [], servicePackages: [], future_service_interaction_id: null,
        customer: { id: 1, firstName: 'Alan', lastName: 'Turing', cellular: null, email: null }, vehicle: null, title: null, cancelReason: null,
        createdOn: '2026-01-01T00:00:00.000Z', updatedOn: '2026-01-01T00:00:00.000Z',
      },
      null,
    );
    const view = boardView({ live, otherDay: { appointments: [appt], closed: [] }, advisorNo: 'ALL' });
    expect(view.Appt.map((c) => [c.id, c.live, c.customerName])).toEqual([[9, false, 'Alan Turing']]);
    expect(view.CLOSED).toEqual([]);
    expect(view.ASSIGNED.map((c) => c.id)).toEqual([1, 2]);
  });
});

describe('past the promised time', () => {
  const now = Date.parse('2026-03-10T18:00:00Z');
  it('flags a car still in the shop after its promise, and not one before it or without one', () => {
    expect(isPastPromise(card(1, { lane: 'ASSIGNED', promisedDate: '2026-03-10T17:59:00Z' }), now)).toBe(true);
    expect(isPastPromise(card(1, { lane: 'HOLD', promisedDate: '2026-03-09T12:00:00Z' }), now)).toBe(true);
    expect(isPastPromise(card(1, { lane: 'ASSIGNED', promisedDate: '2026-03-10T18:30:00Z' }), now)).toBe(false);
    expect(isPastPromise(card(1, { lane: 'ASSIGNED', promisedDate: null }), now)).toBe(false);
  });
  it('does not flag cars that are done, nor appointments', () => {
    for (const lane of ['BOOKED', 'CLOSED', 'Appt'] as const) expect(isPastPromise(card(1, { lane, promisedDate: '2026-03-10T10:00:00Z' }), now)).toBe(false);
  });
});
