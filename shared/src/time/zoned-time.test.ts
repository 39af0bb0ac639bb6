import { describe, expect, it } from 'vitest';
import { addDays, formatInZone, instantOf, offsetMinutesAt, wallTimeAt, weekdayOf } from './zoned-time';

describe('zoned time', () => {
  it('reads the offset each zone has at an instant, daylight saving included', () => {
    expect(offsetMinutesAt(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutesAt(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutesAt(new Date('2026-07-01T12:00:00Z'), 'America/Los_Angeles')).toBe(-420);
    expect(offsetMinutesAt(new Date('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('gives the wall time of an instant in the zone', () => {
    expect(wallTimeAt(new Date('2026-03-11T02:30:00Z'), 'America/New_York')).toEqual({ year: 2026, month: 3, day: 10, hour: 22, minute: 30 });
    expect(wallTimeAt(new Date('2026-03-11T02:30:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 3, day: 11, hour: 3, minute: 30 });
  });

  it('turns a wall time into the instant with the offset of that date', () => {
    const zone = 'America/New_York';
    expect(formatInZone(instantOf({ year: 2026, month: 3, day: 7, hour: 10, minute: 0 }, zone), zone)).toBe('2026-03-07T10:00:00-05:00');
    expect(formatInZone(instantOf({ year: 2026, month: 3, day: 9, hour: 10, minute: 0 }, zone), zone)).toBe('2026-03-09T10:00:00-04:00');
    expect(formatInZone(instantOf({ year: 2026, month: 11, day: 2, hour: 0, minute: 0 }, zone), zone)).toBe('2026-11-02T00:00:00-05:00');
  });

  it('moves a time skipped by spring-forward past the gap and reads a repeated hour as its first pass', () => {
    const zone = 'America/New_York';
    expect(formatInZone(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, zone), zone)).toBe('2026-03-08T03:30:00-04:00');
    expect(formatInZone(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, zone), zone)).toBe('2026-11-01T01:30:00-04:00');
  });

  it('formats offsets east of UTC and half hours', () => {
    expect(formatInZone(new Date('2026-03-10T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-10T17:30:00+05:30');
    expect(formatInZone(new Date('2026-03-10T12:00:00Z'), 'UTC')).toBe('2026-03-10T12:00:00+00:00');
  });

  it('adds days across month ends and knows the weekday', () => {
    expect(addDays({ year: 2026, month: 2, day: 27 }, 2)).toEqual({ year: 2026, month: 3, day: 1 });
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(weekdayOf({ year: 2026, month: 3, day: 10 })).toBe(2);
  });
});
