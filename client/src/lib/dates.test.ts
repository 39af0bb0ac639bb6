import { describe, expect, it } from 'vitest';
import { formatInTimeZone } from './dates';

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
});
