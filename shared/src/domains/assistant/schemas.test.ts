import { describe, expect, it } from 'vitest';
import { analyzeRequestSchema, analyzeResponseSchema, isIanaTimeZone, MAX_REPLY_LENGTH } from './schemas';

const fieldsOf = (input: unknown) => {
  const result = analyzeRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('analyzeRequestSchema', () => {
  it('trims the text and keeps the optional fields', () => {
    expect(analyzeRequestSchema.parse({ text: '  yes  ', referenceTime: '2026-03-10T15:00:00-04:00', timeZone: 'America/Chicago' })).toEqual({
      text: 'yes',
      referenceTime: '2026-03-10T15:00:00-04:00',
      timeZone: 'America/Chicago',
    });
    expect(analyzeRequestSchema.parse({ text: 'no' })).toEqual({ text: 'no' });
  });

  it('refuses a missing, blank or too long text', () => {
    expect(fieldsOf({})).toEqual(['text']);
    expect(fieldsOf({ text: '   ' })).toEqual(['text']);
    expect(fieldsOf({ text: 'x'.repeat(MAX_REPLY_LENGTH + 1) })).toEqual(['text']);
    expect(fieldsOf({ text: 'x'.repeat(MAX_REPLY_LENGTH) })).toEqual([]);
  });

  it('wants the reference time with an offset', () => {
    expect(fieldsOf({ text: 'yes', referenceTime: '2026-03-10T15:00:00Z' })).toEqual([]);
    expect(fieldsOf({ text: 'yes', referenceTime: '2026-03-10T15:00:00.250+05:30' })).toEqual([]);
    expect(fieldsOf({ text: 'yes', referenceTime: '2026-03-10T15:00:00' })).toEqual(['referenceTime']);
    expect(fieldsOf({ text: 'yes', referenceTime: '2026-03-10' })).toEqual(['referenceTime']);
    expect(fieldsOf({ text: 'yes', referenceTime: 'next tuesday' })).toEqual(['referenceTime']);
  });

  it('wants an IANA time zone', () => {
    expect(fieldsOf({ text: 'yes', timeZone: 'America/Los_Angeles' })).toEqual([]);
    expect(fieldsOf({ text: 'yes', timeZone: 'Mars/Olympus_Mons' })).toEqual(['timeZone']);
    expect(fieldsOf({ text: 'yes', timeZone: '+05:00' })).toEqual(['timeZone']);
    expect(fieldsOf({ text: 'yes', timeZone: '' })).toEqual(['timeZone']);
  });
});

describe('isIanaTimeZone', () => {
  it('knows zones by name only', () => {
    expect(isIanaTimeZone('America/New_York')).toBe(true);
    expect(isIanaTimeZone('UTC')).toBe(true);
    expect(isIanaTimeZone('Eastern')).toBe(false);
    expect(isIanaTimeZone('-04:00')).toBe(false);
  });
});

describe('analyzeResponseSchema', () => {
  it('accepts an analysis and refuses unknown codes or confidences above 1', () => {
    const analysis = {
      intents: [{ text: 'yes', intentName: 'YES', confidence: 1 }],
      finalIntentNames: ['YES'],
      multiIntentNames: ['YES'],
      dateTimes: [{ text: 'tomorrow', start: '2026-03-11T00:00:00-04:00', hasTime: false }],
    };
    expect(analyzeResponseSchema.parse(analysis)).toEqual(analysis);
    expect(analyzeResponseSchema.safeParse({ ...analysis, finalIntentNames: ['MAYBE'] }).success).toBe(false);
    expect(analyzeResponseSchema.safeParse({ ...analysis, intents: [{ text: 'yes', intentName: 'YES', confidence: 2 }] }).success).toBe(false);
  });
});
