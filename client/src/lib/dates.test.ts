import { describe, expect, it } from 'vitest';
import { formatInTimeZone, parseInstant, todayInTimeZone } from './dates';

describe('formatInTimeZone', () => {
  it('shows the instant on the office clock', () => {
    expect(formatInTimeZone('2025-01-15T17:05:00Z', 'America/Chicago')).toBe('01/15/2025 11:05 AM');
    expect(formatInTimeZone('2025-07-15T17:05:00Z', 'America/Los_Angeles')).toBe('07/15/2025 10:05 AM');
  });
  it('falls back to the business clock for a missing or unknown zone', () => {
    expect(formatInTimeZone('2025-01-15T17:05:00Z', null)).toBe('01/15/2025 12:05 PM');
    expect(formatInTimeZone('2025-01-15T17:05:00Z', 'Mars/Olympus')).toBe('01/15/2025 12:05 PM');
  });
  it('is empty without a valid instant', () => {
    expect(formatInTimeZone(null, 'America/Chicago')).toBe('');
    expect(formatInTimeZone('nope', 'America/Chicago')).toBe('');
  });
  it('reads the daylight-saving change days on the New York and Los Angeles clocks', () => {
    expect(formatInTimeZone('2026-03-08T07:00:00Z', 'America/New_York')).toBe('03/08/2026 03:00 AM');
    expect(formatInTimeZone('2026-11-01T09:30:00Z', 'America/Los_Angeles', 'h:mm A')).toBe('1:30 AM');
  });
  it('reads offset-less texts on the device clock, as before', () => {
    expect(parseInstant('2025-01-15 17:05:00')?.getTime()).toBe(new Date(2025, 0, 15, 17, 5).getTime());
    expect(parseInstant('2025-01-15')?.getTime()).toBe(new Date(2025, 0, 15).getTime());
    expect(parseInstant('2025-01-15T17:05:00.000+00:00')?.toISOString()).toBe('2025-01-15T17:05:00.000Z');
    expect(parseInstant('nope')).toBeNull();
  });
  it("gives today's day on the store's clock", () => {
    expect(todayInTimeZone('America/Los_Angeles', new Date('2026-03-08T07:30:00Z'))).toBe('2026-03-07');
    expect(todayInTimeZone(null, new Date('2026-03-08T07:30:00Z'))).toBe('2026-03-08');
  });
});
