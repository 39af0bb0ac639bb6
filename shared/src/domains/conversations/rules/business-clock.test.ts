import { describe, expect, it } from 'vitest';
import { businessInstant } from './business-clock';

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

describe('businessInstant', () => {
  it('reads timestamps with a zone as the instants they are', () => {
    expect(iso(businessInstant('2024-07-01T13:30:00Z'))).toBe('2024-07-01T13:30:00.000Z');
    expect(iso(businessInstant('2024-07-01T13:30:00.123456Z'))).toBe('2024-07-01T13:30:00.123Z');
    expect(iso(businessInstant('2024-07-01T09:30:00-04:00'))).toBe('2024-07-01T13:30:00.000Z');
    expect(iso(businessInstant('2024-07-01T19:00:00+0530'))).toBe('2024-07-01T13:30:00.000Z');
    expect(iso(businessInstant('2024-07-01 13:30:00+00'))).toBe('2024-07-01T13:30:00.000Z');
  });

  it('reads a zoneless timestamp as New York wall-clock time, in summer and in winter', () => {
    expect(iso(businessInstant('2024-07-01T09:30:00'))).toBe('2024-07-01T13:30:00.000Z');
    expect(iso(businessInstant('2024-07-01 09:30:00.5'))).toBe('2024-07-01T13:30:00.500Z');
    expect(iso(businessInstant('2024-01-15 09:30'))).toBe('2024-01-15T14:30:00.000Z');
    expect(iso(businessInstant('2024-01-15'))).toBe('2024-01-15T05:00:00.000Z');
  });

  it('honours another zone when asked', () => {
    expect(iso(businessInstant('2024-07-01 09:30:00', 'America/Los_Angeles'))).toBe('2024-07-01T16:30:00.000Z');
  });

  it('moves a time in the skipped spring hour forward past the gap', () => {
    expect(iso(businessInstant('2024-03-10 02:30:00'))).toBe('2024-03-10T07:30:00.000Z');
    expect(iso(businessInstant('2024-03-10 01:59:59'))).toBe('2024-03-10T06:59:59.000Z');
    expect(iso(businessInstant('2024-03-10 03:00:00'))).toBe('2024-03-10T07:00:00.000Z');
  });

  it('takes the first of the repeated autumn hour', () => {
    expect(iso(businessInstant('2024-11-03 01:30:00'))).toBe('2024-11-03T05:30:00.000Z');
    expect(iso(businessInstant('2024-11-03 02:30:00'))).toBe('2024-11-03T07:30:00.000Z');
  });

  it.each([['garbage'], [''], ['2024-02-30 10:00:00'], ['2024-13-01'], ['2024-07-01 24:00'], ['2024-07-01 10:60'], ['2024-07-01T25:00:00Z']])(
    'refuses %j',
    (input) => {
      expect(businessInstant(input)).toBeNull();
    },
  );
});
