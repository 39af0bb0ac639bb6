import { describe, expect, it } from 'vitest';
import { createAnalyzer } from './analyzer';
import { DATASET_REFERENCE, loadLabelledReplies, parseLabelledReplies, type LabelledReply } from './dataset';
import { bucketOf, score, splitReplies } from './evaluation';

const reply = (id: string, text: string, labels: LabelledReply['labels'], dateTime?: LabelledReply['dateTime']): LabelledReply => ({
  id, text, labels, primary: labels[0]!, ...(dateTime ? { dateTime } : {}),
});

describe('splitReplies', () => {
  it('holds back the same fifth of the replies on every run, by id alone', () => {
    const replies = loadLabelledReplies();
    const a = splitReplies(replies, 0, 5);
    const b = splitReplies([...replies].reverse(), 0, 5);
    expect(a.test.map((r) => r.id).sort()).toEqual(b.test.map((r) => r.id).sort());
    expect(a.train.length + a.test.length).toBe(replies.length);
    expect(a.test.length / replies.length).toBeGreaterThan(0.14);
    expect(a.test.length / replies.length).toBeLessThan(0.26);
    expect(a.test.some((t) => a.train.includes(t))).toBe(false);
    expect(bucketOf('dev-0001', 5)).toBe(bucketOf('dev-0001', 5));
  });
});

describe('createAnalyzer', () => {
  it('learns only from the replies it is given', () => {
    // The same wording taught two different ways gives two different readings.
    const base = loadLabelledReplies().filter((r) => r.labels.length === 1 && !/moon|sparkle/i.test(r.text));
    const taughtCq = [...base, ...['moon sparkle', 'sparkle moon please', 'moon sparkle moon'].map((t, i) => reply(`x${i}`, t, ['CQ']))];
    const taughtPob = [...base, ...['moon sparkle', 'sparkle moon please', 'moon sparkle moon'].map((t, i) => reply(`x${i}`, t, ['POB']))];
    const text = 'sparkle moon';
    expect(createAnalyzer(taughtCq, DATASET_REFERENCE).analyze(text, DATASET_REFERENCE).finalIntentNames).toEqual(['CQ']);
    expect(createAnalyzer(taughtPob, DATASET_REFERENCE).analyze(text, DATASET_REFERENCE).finalIntentNames).toEqual(['POB']);
  });
});

describe('score', () => {
  it('counts primary hits, whole sets, per-intent precision and recall, and exact dates', () => {
    const date = { start: '2026-03-11T09:00:00-04:00', hasTime: true };
    const result = (names: LabelledReply['labels'], dateTimes: { start: string; hasTime: boolean }[] = []) => ({
      intents: [], finalIntentNames: names, multiIntentNames: names, dateTimes: dateTimes.map((d) => ({ text: 'x', ...d })),
    });
    const report = score([
      { reply: reply('a', 'yes tomorrow at 9', ['DT', 'YES'], date), result: result(['DT', 'YES'], [date]) },
      { reply: reply('b', 'tomorrow at 9', ['DT'], date), result: result(['DT'], [{ ...date, hasTime: false }]) },
      { reply: reply('c', 'stop', ['STOP']), result: result(['STOP', 'NO']) },
      { reply: reply('d', 'no', ['NO']), result: result(['YES']) },
    ]);
    expect(report.replies).toBe(4);
    expect(report.primaryAccuracy).toBe(0.75);
    expect(report.exactSetAccuracy).toBe(0.5);
    expect(report.dateReplies).toBe(2);
    expect(report.dateAccuracy).toBe(0.5);
    expect(report.primary.NO).toMatchObject({ precision: 0, recall: 0, support: 1 });
    expect(report.multiLabel.NO).toMatchObject({ precision: 0, recall: 0 });
    expect(report.multiLabel.YES).toMatchObject({ precision: 0.5, recall: 1, support: 1 });
    expect(report.primary.STOP).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(report.errors.map((e) => e.reply.id)).toEqual(['b', 'c', 'd']);
  });
});

describe('the shipped labelled replies', () => {
  it('parse, with known intents, and refuse a line with an unknown one', () => {
    const replies = loadLabelledReplies();
    expect(replies.length).toBeGreaterThanOrEqual(400);
    expect(() => parseLabelledReplies('{"id":"x","text":"hi","labels":["HELLO"],"primary":"HELLO"}')).toThrow(/unknown intent/);
  });
});
