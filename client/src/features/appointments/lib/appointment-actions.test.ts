import { describe, expect, it } from 'vitest';
import { actionsFor, canReschedule, slotState } from './appointment-actions';

describe('appointment actions', () => {
  it('offers every change to a booked appointment but itself', () => {
    expect(actionsFor('BOOKED').map((a) => a.status)).toEqual(['CONFIRMED', 'CHECKED_IN', 'COMPLETED', 'NO_SHOW', 'CANCELLED']);
  });
  it('offers completion or no-show once checked in, and nothing for final statuses', () => {
    expect(actionsFor('CHECKED_IN').map((a) => a.status)).toEqual(['COMPLETED', 'NO_SHOW']);
    expect(actionsFor('CANCELLED')).toEqual([]);
    expect(actionsFor('COMPLETED')).toEqual([]);
  });
  it('moves only appointments that still wait for the customer', () => {
    expect(canReschedule('BOOKED')).toBe(true);
    expect(canReschedule('CONFIRMED')).toBe(true);
    for (const s of ['CHECKED_IN', 'COMPLETED', 'CANCELLED', 'NO_SHOW'] as const) expect(canReschedule(s)).toBe(false);
  });
  it('reads a slot that has gone by as past, even when it was also full', () => {
    const now = Date.parse('2026-11-23T15:00:00Z');
    const slot = (startTime: string, available: boolean) => ({ startTime, available, booked: available ? 0 : 3, capacity: 3 });
    expect(slotState(slot('2026-11-23T14:30:00Z', false), now)).toBe('past');
    expect(slotState({ ...slot('2026-11-23T14:30:00Z', false), booked: 0 }, now)).toBe('past');
    expect(slotState(slot('2026-11-23T15:30:00Z', false), now)).toBe('full');
    expect(slotState(slot('2026-11-23T15:30:00Z', true), now)).toBe('free');
  });
});
