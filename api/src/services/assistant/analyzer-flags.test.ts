import { describe, expect, it } from 'vitest';
import { analyzeResponseSchema } from '@drivebay/shared';
import { createAnalyzer } from './analyzer';
import { DATASET_REFERENCE, loadLabelledReplies, loadTuningReplies } from './dataset';
import { defaultAnalyzer } from './default-analyzer';

// Replies in none of the labelled sets.
const read = (text: string) => analyzeResponseSchema.parse(defaultAnalyzer().analyze(text, DATASET_REFERENCE));

describe('the result flags for the conversation', () => {
  it('gives STOP first for a revocation, whatever else the reply says', () => {
    const r = read('thx for the reminder but i dont want these txts, remove me');
    expect(r.finalIntentNames[0]).toBe('STOP');
    expect(r).not.toHaveProperty('optOutUncertain');
    expect(read('Stpo!!').finalIntentNames).toEqual(['STOP']);
    expect(read('ya no me manden nada gracias').finalIntentNames[0]).toBe('STOP');
  });

  it('marks a possible revocation so a person reads it, without opting out', () => {
    const r = read('who gave u my number??');
    expect(r.optOutUncertain).toBe(true);
    expect(r.finalIntentNames).not.toContain('STOP');
    expect(read("yes i'll stop by monday at 9")).not.toHaveProperty('optOutUncertain');
  });

  it('flags a question about a car already in the shop and offers no booking', () => {
    const r = read('hey is my truck ready yet? need it by tonight');
    expect(r.repairOrderQuestion).toBe(true);
    expect(r.finalIntentNames).toEqual(['CQ']);
    expect(r.dateTimes).toEqual([]);
    expect(read('can i bring my truck in friday at 10')).not.toHaveProperty('repairOrderQuestion');
  });

  it('reads nonsense as MISC, uncertain, never as a vehicle issue', () => {
    for (const text of ['fjdkslq', 'plmokn ijbuhv', 'zzzz', 'jajaja']) {
      const r = read(text);
      expect(r.finalIntentNames).toEqual(['MISC']);
      expect(r.finalIntentNames).not.toContain('VI');
    }
    expect(read('fjdkslq').uncertain).toBe(true);
  });

  it('leaves out the flags when they are false, so earlier readers see the shape they know', () => {
    const r = read('yes thursday at 3');
    expect(Object.keys(r).sort()).toEqual(['dateTimes', 'finalIntentNames', 'intents', 'multiIntentNames']);
  });
});

describe('the confidence threshold', () => {
  const replies = [...loadLabelledReplies(), ...loadTuningReplies()];
  const text = 'maybe, idk what that even is';

  it('marks a guess under the threshold as uncertain and a rule or a sure reading as certain', () => {
    const strict = createAnalyzer(replies, DATASET_REFERENCE, { uncertainBelow: 1.01 });
    const lenient = createAnalyzer(replies, DATASET_REFERENCE, { uncertainBelow: 0 });
    expect(strict.analyze(text, DATASET_REFERENCE).uncertain).toBe(true);
    expect(lenient.analyze(text, DATASET_REFERENCE)).not.toHaveProperty('uncertain');
    // Rules decide alone: an opt-out, a date, a wrong number are never uncertain.
    for (const sure of ['stop texting me', 'friday at 10', 'wrong number']) {
      expect(strict.analyze(sure, DATASET_REFERENCE)).not.toHaveProperty('uncertain');
    }
  });

  it('does not mark clear replies as uncertain with the default threshold', () => {
    for (const sure of ['can i get a loaner while its in', 'my brakes are grinding', 'i moved to ohio']) {
      expect(read(sure)).not.toHaveProperty('uncertain');
    }
  });
});
