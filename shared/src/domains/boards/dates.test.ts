import { describe, expect, it } from 'vitest';
import { isBridgeDate, isoToSearchDate, isSearchDate, nextIsoDay, searchDateSchema, searchDateToIso } from './dates';

describe('spec dates', () => {
  it('converts DD.MM.YYYY and YYYY-MM-DD both ways', () => {
    expect(searchDateToIso('21.11.2026')).toBe('2026-11-21');
    expect(isoToSearchDate('2026-02-03')).toBe('03.02.2026');
  });

  it('refuses days that do not exist and other spellings', () => {
    expect(isSearchDate('31.02.2026')).toBe(false);
    expect(isSearchDate('2026-02-03')).toBe(false);
    expect(isSearchDate('1.2.2026')).toBe(false);
    expect(isBridgeDate('2026-13-01')).toBe(false);
    expect(isBridgeDate('29.02.2024')).toBe(false);
    expect(isSearchDate('29.02.2024')).toBe(true);
    expect(searchDateSchema.safeParse('32.01.2026').success).toBe(false);
    expect(() => searchDateToIso('2026-01-01')).toThrow(RangeError);
  });

  it('steps to the next day across months and years', () => {
    expect(nextIsoDay('2026-01-31')).toBe('2026-02-01');
    expect(nextIsoDay('2024-02-28')).toBe('2024-02-29');
    expect(nextIsoDay('2026-12-31')).toBe('2027-01-01');
  });
});
