import { describe, expect, it } from 'vitest';
import { findDates, type DateReference } from './dates';
import { respellDays, weekdayMisspelling } from './spelling';

// Replies written as customers text, none of them in a labelled set.
const NY: DateReference = { instant: new Date('2026-03-10T15:00:00-04:00'), zone: 'America/New_York' };
const first = (text: string, ref = NY) => {
  const m = findDates(text, ref)[0];
  return m && { start: m.start, hasTime: m.hasTime, text: m.text };
};

describe('findDates on customers’ wording', () => {
  it.each([
    // An hour without am/pm is a service-drive hour: 1 to 6 afternoon, 7 to 11 morning, 12 noon.
    ['friday at 2', '2026-03-13T14:00:00-04:00', true],
    ['friday at 9', '2026-03-13T09:00:00-04:00', true],
    ['friday 12:30', '2026-03-13T12:30:00-04:00', true],
    ['thursday? i can do like 2', '2026-03-12T14:00:00-04:00', true],
    ['wednesday. 3 works', '2026-03-11T15:00:00-04:00', true],
    ['monday works, maybe 8?', '2026-03-16T08:00:00-04:00', true],
    ['sat. anytime after 1', '2026-03-14T13:00:00-04:00', true],
    // Misspelled weekdays and "tomorrow".
    ['wensday at 10', '2026-03-11T10:00:00-04:00', true],
    ['thrusday 4', '2026-03-12T16:00:00-04:00', true],
    ['satuday', '2026-03-14T00:00:00-04:00', false],
    ['fridy at 11', '2026-03-13T11:00:00-04:00', true],
    ['tmrw at 9', '2026-03-11T09:00:00-04:00', true],
    ['tomoro at 1', '2026-03-11T13:00:00-04:00', true],
    ['2morrow morning', '2026-03-11T00:00:00-04:00', false],
    // Ordinals: this month, or next once passed; months ahead are this year's.
    ['the 3rd', '2026-04-03T00:00:00-04:00', false],
    ['the 21st at 10', '2026-03-21T10:00:00-04:00', true],
    ['nov 9 at 10', '2026-11-09T10:00:00-05:00', true],
    ['next week tuesday at 2', '2026-03-17T14:00:00-04:00', true],
    // Spanish.
    ['el martes a las 3', '2026-03-17T15:00:00-04:00', true],
    ['mañana en la tarde', '2026-03-11T00:00:00-04:00', false],
    ['el 5 de diciembre', '2026-12-05T00:00:00-05:00', false],
    ['el jueves 19 a las 10', '2026-03-19T10:00:00-04:00', true],
    ['pasado mañana a las 2', '2026-03-12T14:00:00-04:00', true],
    ['el sábado a las 9 de la mañana', '2026-03-14T09:00:00-04:00', true],
  ])('reads %j as %s (time given: %s)', (text, start, hasTime) => {
    expect(first(text)).toMatchObject({ start, hasTime });
  });

  it('quotes the customer’s own words, not the respelled ones', () => {
    expect(first('ok wensday at 10')?.text).toBe('wensday at 10');
  });

  it('does not read quantities or unrelated words as hours or days', () => {
    expect(findDates('maybe 10 minutes', NY)).toEqual([]);
    expect(findDates('midday is fine', NY).map((d) => d.start)).not.toContain('2026-03-16T00:00:00-04:00');
  });
});

describe('across daylight-saving changes', () => {
  const nySaturdayBeforeSpring: DateReference = { instant: new Date('2026-03-07T12:00:00-05:00'), zone: 'America/New_York' };
  const laSaturdayBeforeSpring: DateReference = { instant: new Date('2026-03-07T10:00:00-08:00'), zone: 'America/Los_Angeles' };
  const nySaturdayBeforeFall: DateReference = { instant: new Date('2026-10-31T12:00:00-04:00'), zone: 'America/New_York' };
  const laSaturdayBeforeFall: DateReference = { instant: new Date('2026-10-31T10:00:00-07:00'), zone: 'America/Los_Angeles' };

  it.each([
    ['mondy at 2', nySaturdayBeforeSpring, '2026-03-09T14:00:00-04:00'],
    ['tomoro at 11', nySaturdayBeforeSpring, '2026-03-08T11:00:00-04:00'],
    ['wensday 9', laSaturdayBeforeSpring, '2026-03-11T09:00:00-07:00'],
    ['el lunes a las 3', laSaturdayBeforeSpring, '2026-03-09T15:00:00-07:00'],
    ['tmrw at 10', nySaturdayBeforeFall, '2026-11-01T10:00:00-05:00'],
    ['thrusday at 4', nySaturdayBeforeFall, '2026-11-05T16:00:00-05:00'],
    ['monday? like 9', laSaturdayBeforeFall, '2026-11-02T09:00:00-08:00'],
    ['el lunes a las 9', laSaturdayBeforeFall, '2026-11-02T09:00:00-08:00'],
  ])('%j from %o is %s', (text, ref, start) => {
    expect(first(text, ref)).toMatchObject({ start, hasTime: true });
  });
});

describe('weekday misspellings', () => {
  it('finds the weekday meant and leaves other words alone', () => {
    expect(['wensday', 'thrusday', 'satuday', 'fridy', 'tuseday', 'mondy'].map(weekdayMisspelling)).toEqual([
      'wednesday', 'thursday', 'saturday', 'friday', 'tuesday', 'monday',
    ]);
    expect(['midday', 'someday', 'today', 'sunday', 'friendly', 'mostly'].map(weekdayMisspelling)).toEqual([null, null, null, null, null, null]);
  });

  it('maps the respelled text back to the original', () => {
    const r = respellDays('see u wensday at 2');
    expect(r.text).toBe('see u wednesday at 2');
    expect(r.original.slice(r.toOriginal(6), r.toOriginal(6 + 'wednesday at 2'.length))).toBe('wensday at 2');
  });
});
