import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatClockTime,
  formatInstantInZone,
  formatWallTime,
  isoDayInZone,
  isValidTimeZone,
  parseIsoDay,
  shiftIsoDay,
  startOfDayInZone,
} from './zoned-format';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const HOUR = 3_600_000;
const show = (iso: string, zone: string) => formatInstantInZone(new Date(iso), zone, 'MM/DD/YYYY hh:mm A');

describe('zoned formatting', () => {
  it('writes the dayjs-style patterns the screens use', () => {
    const wall = { year: 2026, month: 3, day: 10, hour: 14, minute: 5 };
    expect(formatWallTime(wall, 'MM/DD/YYYY hh:mm A')).toBe('03/10/2026 02:05 PM');
    expect(formatWallTime(wall, 'ddd MM/DD/YYYY h:mm A')).toBe('Tue 03/10/2026 2:05 PM');
    expect(formatWallTime(wall, 'dddd, MMMM D, YYYY [at] h:mm A')).toBe('Tuesday, March 10, 2026 at 2:05 PM');
    expect(formatWallTime(wall, 'MM/DD/YY')).toBe('03/10/26');
    expect(formatWallTime(wall, 'DD-MM-YYYY HH:mm')).toBe('10-03-2026 14:05');
    expect(formatClockTime({ hour: 0, minute: 30 }, 'h:mm A')).toBe('12:30 AM');
    expect(formatClockTime({ hour: 12, minute: 0 }, 'hh:mm a')).toBe('12:00 pm');
    expect(formatCalendarDay({ year: 2026, month: 1, day: 5 }, 'MM/DD/YYYY')).toBe('01/05/2026');
  });

  it('shows the spring-forward gap on the New York and Los Angeles clocks', () => {
    // 2026-03-08: 01:59 is followed by 03:00.
    expect(show('2026-03-08T06:59:00Z', NY)).toBe('03/08/2026 01:59 AM');
    expect(show('2026-03-08T07:00:00Z', NY)).toBe('03/08/2026 03:00 AM');
    expect(show('2026-03-08T09:59:00Z', LA)).toBe('03/08/2026 01:59 AM');
    expect(show('2026-03-08T10:00:00Z', LA)).toBe('03/08/2026 03:00 AM');
  });

  it('shows the repeated fall-back hour twice, an hour of real time apart', () => {
    // 2026-11-01: 01:30 happens in daylight time, then again in standard time.
    expect(show('2026-11-01T05:30:00Z', NY)).toBe('11/01/2026 01:30 AM');
    expect(show('2026-11-01T06:30:00Z', NY)).toBe('11/01/2026 01:30 AM');
    expect(show('2026-11-01T08:30:00Z', LA)).toBe('11/01/2026 01:30 AM');
    expect(show('2026-11-01T09:30:00Z', LA)).toBe('11/01/2026 01:30 AM');
  });

  it('starts days at the zone midnight, so change days last 23 and 25 hours', () => {
    const start = (text: string, zone: string) => startOfDayInZone(parseIsoDay(text)!, zone).getTime();
    expect(new Date(start('2026-03-08', NY)).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(start('2026-03-09', NY)).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(start('2026-03-09', NY) - start('2026-03-08', NY)).toBe(23 * HOUR);
    expect(start('2026-11-02', LA) - start('2026-11-01', LA)).toBe(25 * HOUR);
    expect(start('2026-03-09', LA) - start('2026-03-08', LA)).toBe(23 * HOUR);
    expect(start('2026-11-02', NY) - start('2026-11-01', NY)).toBe(25 * HOUR);
  });

  it('knows the store\'s day near midnight around the changes', () => {
    expect(isoDayInZone(new Date('2026-03-08T04:30:00Z'), NY)).toBe('2026-03-07');
    expect(isoDayInZone(new Date('2026-03-08T05:00:00Z'), NY)).toBe('2026-03-08');
    expect(isoDayInZone(new Date('2026-11-02T07:30:00Z'), LA)).toBe('2026-11-01');
    expect(isoDayInZone(new Date('2026-11-02T08:00:00Z'), LA)).toBe('2026-11-02');
  });

  it('moves calendar days without a clock, over the changes and month ends', () => {
    expect(shiftIsoDay('2026-03-07', 1)).toBe('2026-03-08');
    expect(shiftIsoDay('2026-03-08', 1)).toBe('2026-03-09');
    expect(shiftIsoDay('2026-11-01', -1)).toBe('2026-10-31');
    expect(shiftIsoDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftIsoDay('not a day', 1)).toBe('not a day');
  });

  it('reads only real YYYY-MM-DD days and real zones', () => {
    expect(parseIsoDay('2026-02-28')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(parseIsoDay('2026-02-30')).toBeNull();
    expect(parseIsoDay('02/28/2026')).toBeNull();
    expect(isValidTimeZone(LA)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    // Asked again, from what was kept for an accepted name and anew for a refused one.
    expect(isValidTimeZone(LA)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    // Another spelling of a zone is a zone too.
    expect(isValidTimeZone(LA.toLowerCase())).toBe(true);
    expect(isValidTimeZone(LA.toLowerCase())).toBe(true);
  });
});
