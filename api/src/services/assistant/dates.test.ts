import { describe, expect, it } from 'vitest';
import { findDates } from './dates';

// The data set's reference: Tuesday 2026-03-10 15:00 in New York (daylight time since the 8th).
const NY = { instant: new Date('2026-03-10T15:00:00-04:00'), zone: 'America/New_York' };
const first = (text: string, ref = NY) => {
  const m = findDates(text, ref)[0];
  return m && { start: m.start, hasTime: m.hasTime };
};

describe('findDates', () => {
  it.each([
    ['thursday at 3pm', '2026-03-12T15:00:00-04:00', true],
    ['tuesday', '2026-03-17T00:00:00-04:00', false],
    ['see you wednesday', '2026-03-11T00:00:00-04:00', false],
    ['tomorrow', '2026-03-11T00:00:00-04:00', false],
    ['tmrw morning', '2026-03-11T00:00:00-04:00', false],
    ['tomorow at 8', '2026-03-11T08:00:00-04:00', true],
    ['day after tomorrow at 2', '2026-03-12T14:00:00-04:00', true],
    ['this afternoon', '2026-03-10T00:00:00-04:00', false],
    ['friday at 3', '2026-03-13T15:00:00-04:00', true],
    ['friday 3', '2026-03-13T15:00:00-04:00', true],
    ['monday at 6', '2026-03-16T18:00:00-04:00', true],
    ['monday at 7', '2026-03-16T07:00:00-04:00', true],
    ['monday at 11:45', '2026-03-16T11:45:00-04:00', true],
    ['monday at 12', '2026-03-16T12:00:00-04:00', true],
    ['monday at noon', '2026-03-16T12:00:00-04:00', true],
    ['saturday 9ish', '2026-03-14T09:00:00-04:00', true],
    ['wednesday around 1', '2026-03-11T13:00:00-04:00', true],
    ['any time after 2 on friday', '2026-03-13T14:00:00-04:00', true],
    ['thurs @ 10:15', '2026-03-12T10:15:00-04:00', true],
    ['the 26th', '2026-03-26T00:00:00-04:00', false],
    ['the 2nd at 9', '2026-04-02T09:00:00-04:00', true],
    ['monday the 23rd around 8:30', '2026-03-23T08:30:00-04:00', true],
    ['3/19 in the afternoon', '2026-03-19T00:00:00-04:00', false],
    ['April 7 at 10am', '2026-04-07T10:00:00-04:00', true],
    ['next week thursday at 9', '2026-03-19T09:00:00-04:00', true],
    ['el viernes a las 11', '2026-03-13T11:00:00-04:00', true],
    ['mañana a las 4', '2026-03-11T16:00:00-04:00', true],
  ])('reads %j as %s (time given: %s)', (text, start, hasTime) => {
    expect(first(text)).toEqual({ start, hasTime });
  });

  it('keeps the first of two times', () => {
    expect(first('tomorrow at 9 or 10')).toEqual({ start: '2026-03-11T09:00:00-04:00', hasTime: true });
    expect(findDates('friday at 2, if not then monday at 10', NY).map((m) => m.start)).toEqual([
      '2026-03-13T14:00:00-04:00',
      '2026-03-16T10:00:00-04:00',
    ]);
  });

  it('marks days before the reference as past', () => {
    expect(findDates('you did it last tuesday', NY)[0]).toMatchObject({ start: '2026-03-03T00:00:00-05:00', past: true });
    expect(findDates('done on March 2nd', NY)[0]?.past).toBe(true);
    expect(findDates('yesterday', NY)[0]?.past).toBe(true);
    expect(findDates('saturday the 7th', NY)[0]).toMatchObject({ start: '2026-03-07T00:00:00-05:00', past: true });
    expect(findDates('friday', NY)[0]?.past).toBe(false);
  });

  it('leaves out durations, whole months, "now" and numbers that are not times', () => {
    for (const text of ['in 2 weeks', 'next month', 'maybe in april', 'I am 3 hours away now', 'it shakes at 60', 'its at 13,400 miles', 'i get like 3 a week', 'call 555-0142', '$39.95 special']) {
      expect(findDates(text, NY), text).toEqual([]);
    }
  });

  it('resolves the same words in the customer zone', () => {
    const instant = new Date('2026-03-11T05:30:00Z'); // 01:30 on the 11th in New York, 22:30 on the 10th in Los Angeles
    expect(first('tomorrow at 9', { instant, zone: 'America/New_York' })?.start).toBe('2026-03-12T09:00:00-04:00');
    expect(first('tomorrow at 9', { instant, zone: 'America/Los_Angeles' })?.start).toBe('2026-03-11T09:00:00-07:00');
    expect(first('thursday at 3pm', { instant: NY.instant, zone: 'America/Chicago' })?.start).toBe('2026-03-12T15:00:00-05:00');
  });

  it('gets daylight saving right across the changes', () => {
    const march7 = { instant: new Date('2026-03-07T12:00:00-05:00'), zone: 'America/New_York' };
    expect(first('monday at 10', march7)).toEqual({ start: '2026-03-09T10:00:00-04:00', hasTime: true });
    expect(first('sunday', march7)).toEqual({ start: '2026-03-08T00:00:00-05:00', hasTime: false });
    const oct31 = { instant: new Date('2026-10-31T20:00:00-04:00'), zone: 'America/New_York' };
    expect(first('monday at 10', oct31)).toEqual({ start: '2026-11-02T10:00:00-05:00', hasTime: true });
    expect(first('tomorrow at 9', oct31)).toEqual({ start: '2026-11-01T09:00:00-05:00', hasTime: true });
  });

  it('gives the words it read and where', () => {
    const [m] = findDates('ok lets do thursday at 1:30, thanks', NY);
    expect(m).toMatchObject({ text: 'thursday at 1:30', index: 11, start: '2026-03-12T13:30:00-04:00' });
  });
});
