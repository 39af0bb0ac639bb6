import { describe, expect, it } from 'vitest';
import { instantOf } from '@drivebay/shared';
import { outreachHold } from './outreach';
import { formatChoices, formatSlot, matchProposal, spread } from './slots';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const at = (y: number, mo: number, d: number, h: number, mi = 0, zone = NY) => instantOf({ year: y, month: mo, day: d, hour: h, minute: mi }, zone);

describe('formatting times for a text', () => {
  it('names the day and the time on the store’s clock', () => {
    expect(formatSlot(at(2026, 11, 26, 15), NY)).toBe('Thursday, Nov 26 at 3:00 PM');
    expect(formatSlot(at(2026, 11, 26, 15), LA)).toBe('Thursday, Nov 26 at 12:00 PM');
    expect(formatSlot(at(2026, 3, 9, 9, 30), NY)).toBe('Monday, Mar 9 at 9:30 AM');
  });

  it('lists choices of one day once and separates days', () => {
    expect(formatChoices([at(2026, 11, 26, 16, 30), at(2026, 11, 26, 10), at(2026, 11, 26, 13)], NY)).toBe('Thursday, Nov 26 at 10:00 AM, 1:00 PM or 4:30 PM');
    expect(formatChoices([at(2026, 11, 28, 15), at(2026, 11, 30, 15), at(2026, 11, 30, 15, 30)], NY)).toBe(
      'Saturday, Nov 28 at 3:00 PM; or Monday, Nov 30 at 3:00 PM or 3:30 PM',
    );
    expect(formatChoices([at(2026, 11, 28, 15)], NY)).toBe('Saturday, Nov 28 at 3:00 PM');
  });
});

describe('spread', () => {
  const times = Array.from({ length: 19 }, (_, i) => new Date(Date.UTC(2026, 0, 1, 12) + i * 1_800_000));
  it('takes the first, middle and last of many', () => {
    expect(spread(times, 3)).toEqual([times[0], times[9], times[18]]);
  });
  it('keeps short lists whole', () => {
    expect(spread(times.slice(0, 2), 3)).toEqual(times.slice(0, 2));
  });
});

describe('matchProposal', () => {
  const offered = [at(2026, 11, 28, 15), at(2026, 11, 30, 15, 30), at(2026, 11, 30, 16)];
  const o = { zone: NY, slotMinutes: 30 };
  it('finds the offer whose slot holds the time', () => {
    expect(matchProposal(offered, { start: at(2026, 11, 30, 15, 40), hasTime: true }, o)).toEqual(offered[1]);
  });
  it('finds the only offer at that clock time when the day read differs', () => {
    expect(matchProposal(offered, { start: at(2026, 11, 24, 16), hasTime: true }, o)).toEqual(offered[2]);
    expect(matchProposal([at(2026, 11, 28, 15), at(2026, 11, 30, 15)], { start: at(2026, 11, 24, 15), hasTime: true }, o)).toBeNull();
  });
  it('finds the only offer on a day named without a time', () => {
    expect(matchProposal(offered, { start: at(2026, 11, 28, 0), hasTime: false }, o)).toEqual(offered[0]);
    expect(matchProposal(offered, { start: at(2026, 11, 30, 0), hasTime: false }, o)).toBeNull();
  });
  it('finds nothing without offers', () => {
    expect(matchProposal([], { start: at(2026, 11, 28, 15), hasTime: true }, o)).toBeNull();
  });
});

describe('quiet hours for outreach', () => {
  it('holds texts between 21:00 and 08:00 on the customer’s clock until 08:00', () => {
    expect(outreachHold({ now: at(2026, 11, 24, 22, 30), zone: NY, lastCustomerMessageAt: null })).toEqual(at(2026, 11, 25, 8));
    expect(outreachHold({ now: at(2026, 11, 25, 6, 59), zone: NY, lastCustomerMessageAt: null })).toEqual(at(2026, 11, 25, 8));
    expect(outreachHold({ now: at(2026, 11, 24, 21), zone: NY, lastCustomerMessageAt: null })).toEqual(at(2026, 11, 25, 8));
  });

  it('lets texts go in the day', () => {
    expect(outreachHold({ now: at(2026, 11, 24, 8), zone: NY, lastCustomerMessageAt: null })).toBeNull();
    expect(outreachHold({ now: at(2026, 11, 24, 20, 59), zone: NY, lastCustomerMessageAt: null })).toBeNull();
  });

  it('reads the clock of the customer’s zone', () => {
    // 22:30 in New York is 19:30 in Los Angeles.
    expect(outreachHold({ now: at(2026, 11, 24, 22, 30), zone: LA, lastCustomerMessageAt: null })).toBeNull();
    expect(outreachHold({ now: at(2026, 11, 24, 22, 30, LA), zone: LA, lastCustomerMessageAt: null })).toEqual(at(2026, 11, 25, 8, 0, LA));
  });

  it('does not hold an answer to a customer who wrote within a day', () => {
    const now = at(2026, 11, 24, 23);
    expect(outreachHold({ now, zone: NY, lastCustomerMessageAt: new Date(now.getTime() - 2 * 3_600_000) })).toBeNull();
    expect(outreachHold({ now, zone: NY, lastCustomerMessageAt: new Date(now.getTime() - 30 * 3_600_000) })).toEqual(at(2026, 11, 25, 8));
  });
});
