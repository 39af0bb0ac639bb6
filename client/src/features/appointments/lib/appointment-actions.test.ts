import { describe, expect, it } from 'vitest';
import { actionsFor } from './appointment-actions';

describe('appointment actions', () => {
  it('offers every change to a booked appointment but itself', () => {
    expect(actionsFor('BOOKED').map((a) => a.status)).toEqual(['CONFIRMED', 'CHECKED_IN', 'COMPLETED', 'NO_SHOW', 'CANCELLED']);
  });
  it('offers completion or no-show once checked in, and nothing for final statuses', () => {
    expect(actionsFor('CHECKED_IN').map((a) => a.status)).toEqual(['COMPLETED', 'NO_SHOW']);
    expect(actionsFor('CANCELLED')).toEqual([]);
    expect(actionsFor('COMPLETED')).toEqual([]);
  });
});
