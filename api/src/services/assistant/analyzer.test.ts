import { describe, expect, it } from 'vitest';
import { INTENT_CODES } from '@drivebay/shared';
import { loadLabelledReplies } from './dataset';
import { defaultAnalyzer } from './default-analyzer';
import { UNSEEN_REPLIES as UNSEEN } from './unseen-replies';

// The data set's reference: Tuesday 2026-03-10 15:00 in New York.
const NY = { instant: new Date('2026-03-10T15:00:00-04:00'), zone: 'America/New_York' };
const analyze = (text: string, ref = NY) => defaultAnalyzer().analyze(text, ref);

describe('the analyzer on replies it was not trained on', () => {
  it('has several for every intent code and none from the training data', () => {
    const trained = new Set(loadLabelledReplies().map((r) => r.text.toLowerCase()));
    for (const code of INTENT_CODES) {
      expect(UNSEEN[code].length, code).toBeGreaterThanOrEqual(2);
      for (const text of UNSEEN[code]) expect(trained.has(text.toLowerCase()), text).toBe(false);
    }
  });

  it.each(INTENT_CODES.flatMap((code) => UNSEEN[code].map((text) => [code, text] as const)))('reads %s in %j', (code, text) => {
    expect(analyze(text).finalIntentNames[0]).toBe(code);
  });
});

describe('several intents in one reply', () => {
  it.each([
    ['yes, friday at 10 works. thanks!', ['YES', 'DT', 'CUST-APPR'], 'DT'],
    ['my check engine light came on, can I get a loaner for the day?', ['VI', 'REQ_LOANER'], 'VI'],
    ['sold that car last year, please stop texting me', ['NLO', 'STOP'], 'STOP'],
    ['no thanks, I moved to Ohio', ['NO', 'LD'], 'LD'],
    ['thanks, but my husband already took it to his mechanic', ['CUST-APPR', 'SPA-AS'], 'SPA-AS'],
    ['yes please, how long does the service take?', ['YES', 'CQ'], 'CQ'],
  ] as const)('%j', (text, labels, primary) => {
    const result = analyze(text);
    expect(result.multiIntentNames).toEqual(labels);
    expect(result.finalIntentNames[0]).toBe(primary);
  });

  it('lists every intent by precedence in finalIntentNames and by position in multiIntentNames', () => {
    const result = analyze('Thanks! Yes please, monday at 9, and can I get a loaner?');
    expect(result.multiIntentNames).toEqual(['CUST-APPR', 'YES', 'DT', 'REQ_LOANER']);
    expect(result.finalIntentNames).toEqual(['DT', 'REQ_LOANER', 'YES', 'CUST-APPR']);
    expect(result.intents.map((i) => i.intentName)).toEqual(['CUST-APPR', 'YES', 'DT', 'REQ_LOANER']);
    for (const i of result.intents) {
      expect(i.confidence).toBeGreaterThanOrEqual(0);
      expect(i.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('reads "ok" with a time as agreement and alone as nothing to act on', () => {
    expect(analyze('ok, tmrw at 11').multiIntentNames).toEqual(['YES', 'DT']);
    expect(analyze('ok').finalIntentNames).toEqual(['MISC']);
    expect(analyze('k').finalIntentNames).toEqual(['MISC']);
  });
});

describe('opt-out', () => {
  it('is STOP however it is said, and wins over everything else', () => {
    for (const text of ['STOP', 'Stop texting me', 'please stop texting me', 'no más', 'remove my number', 'unsubscribe', "don't text me", 'yes tuesday at 3. actually no, STOP']) {
      expect(analyze(text).finalIntentNames[0], text).toBe('STOP');
    }
  });

  it('is not "stop by" or "stop in"', () => {
    for (const text of ["I'll stop by Tuesday", "I'll stop in thursday morning", 'can I stop by after work tomorrow?']) {
      const result = analyze(text);
      expect(result.finalIntentNames, text).not.toContain('STOP');
      expect(result.finalIntentNames[0], text).toBe('DT');
    }
  });
});

describe('appointment dates', () => {
  it('gives the date and the primary DT', () => {
    expect(analyze('yes, thursday at 3pm works')).toEqual({
      intents: [
        { text: 'yes', intentName: 'YES', confidence: 1 },
        { text: 'thursday at 3pm works', intentName: 'DT', confidence: 1 },
      ],
      finalIntentNames: ['DT', 'YES'],
      multiIntentNames: ['YES', 'DT'],
      dateTimes: [{ text: 'thursday at 3pm', start: '2026-03-12T15:00:00-04:00', hasTime: true }],
    });
  });

  it('keeps the first time when two are given', () => {
    expect(analyze('wednesday at 10 or 11 is fine').dateTimes[0]).toMatchObject({ start: '2026-03-11T10:00:00-04:00', hasTime: true });
    expect(analyze('friday at 2, if not then saturday morning').dateTimes.map((d) => d.start)).toEqual([
      '2026-03-13T14:00:00-04:00',
      '2026-03-14T00:00:00-04:00',
    ]);
  });

  it('does not book a day that has passed', () => {
    for (const text of ['you did it last tuesday', 'I was in on monday for the oil change', 'had it done on the 2nd', 'changed it myself on saturday', 'already took care of it yesterday']) {
      const result = analyze(text);
      expect(result.finalIntentNames, text).not.toContain('DT');
      expect(result.dateTimes, text).toEqual([]);
    }
  });

  it('does not book the time of a phone call or a later message', () => {
    for (const text of ['call me after 4', 'can you call me tomorrow at 10?', "I'll call you guys on friday", 'text me next week', 'remind me on monday']) {
      const result = analyze(text);
      expect(result.finalIntentNames, text).not.toContain('DT');
      expect(result.dateTimes, text).toEqual([]);
    }
    expect(analyze('call me after 4').finalIntentNames[0]).toBe('NIITB');
  });

  it('does not book the day of a question about opening hours', () => {
    for (const text of ['Are you guys open on Sunday?', 'do they have saturday hours?', 'what time do you close on friday']) {
      const result = analyze(text);
      expect(result.finalIntentNames[0], text).toBe('CQ');
      expect(result.dateTimes, text).toEqual([]);
    }
  });

  it('does not read an appointment the customer already has as a new one', () => {
    const result = analyze('I already have an appointment on the 20th');
    expect(result.finalIntentNames[0]).toBe('ASA');
    expect(result.dateTimes).toEqual([]);
  });

  it('reads the same words in each customer zone', () => {
    const instant = new Date('2026-03-10T19:00:00Z');
    const ny = analyze('thursday at 3pm works', { instant, zone: 'America/New_York' });
    const la = analyze('thursday at 3pm works', { instant, zone: 'America/Los_Angeles' });
    expect(ny.dateTimes[0]?.start).toBe('2026-03-12T15:00:00-04:00');
    expect(la.dateTimes[0]?.start).toBe('2026-03-12T15:00:00-07:00');
  });

  it('gets the offset right across daylight-saving changes', () => {
    const march7 = { instant: new Date('2026-03-07T10:00:00-05:00'), zone: 'America/New_York' };
    expect(analyze('monday at 10', march7).dateTimes).toEqual([{ text: 'monday at 10', start: '2026-03-09T10:00:00-04:00', hasTime: true }]);
    const october31 = { instant: new Date('2026-10-31T10:00:00-04:00'), zone: 'America/New_York' };
    expect(analyze('monday at 10', october31).dateTimes[0]?.start).toBe('2026-11-02T10:00:00-05:00');
    expect(analyze('tomorrow works', october31).dateTimes[0]).toMatchObject({ start: '2026-11-01T00:00:00-04:00', hasTime: false });
  });
});
