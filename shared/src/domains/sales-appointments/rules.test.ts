import { describe, expect, it } from 'vitest';
import { formatTwelveHourTime, matchesLeadSearch, parseTwelveHourTime } from './schemas';

describe('sales appointment rules', () => {
  it('reads and writes 12-hour times', () => {
    expect(parseTwelveHourTime('1:30 pm')).toEqual({ hour: 13, minute: 30 });
    expect(parseTwelveHourTime('12:05 AM')).toEqual({ hour: 0, minute: 5 });
    expect(parseTwelveHourTime('12:00 pm')).toEqual({ hour: 12, minute: 0 });
    expect(parseTwelveHourTime('13:00 pm')).toBeNull();
    expect(formatTwelveHourTime(13, 30)).toBe('1:30 pm');
    expect(formatTwelveHourTime(0, 0)).toBe('12:00 am');
  });
  it('matches first name, last name or "first last", ignoring case', () => {
    const lead = { firstName: 'Maria', lastName: 'Lopez' };
    for (const q of ['', 'mar', 'LOP', 'maria lo', '  ']) expect(matchesLeadSearch(lead, q)).toBe(true);
    for (const q of ['lopez maria', 'x']) expect(matchesLeadSearch(lead, q)).toBe(false);
  });
});
