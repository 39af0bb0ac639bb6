import { createHash } from 'node:crypto';
import type { AnalyzerOptions } from './analyzer';
import { createAnalyzer } from './analyzer';
import { INTENT_CODES, type AnalyzeResponse, type IntentCode } from '@drivebay/shared';
import { DATASET_REFERENCE, type LabelledReply } from './dataset';

/** A stable bucket for a reply, from its id alone, so every run holds back the same replies. */
export function bucketOf(id: string, buckets: number): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) % buckets;
}

/** Splits replies into training and held-back parts: one bucket in `buckets` is held back. */
export function splitReplies(replies: readonly LabelledReply[], heldBackBucket: number, buckets: number) {
  const train: LabelledReply[] = [];
  const test: LabelledReply[] = [];
  for (const r of replies) (bucketOf(r.id, buckets) === heldBackBucket ? test : train).push(r);
  return { train, test };
}

/** support: replies that carry the intent; predicted: replies it was given to. */
export type Score = { precision: number; recall: number; f1: number; support: number; predicted: number };

/** What was predicted for one held-back reply, next to its labels. */
export type Outcome = { reply: LabelledReply; result: AnalyzeResponse };

export type Report = {
  replies: number;
  primaryAccuracy: number;
  /** Replies whose whole set of intents was found exactly. */
  exactSetAccuracy: number;
  primary: Record<IntentCode, Score>;
  multiLabel: Record<IntentCode, Score>;
  multiLabelMicroF1: number;
  /** Of replies labelled DT: the first date found has the labelled start and hasTime. */
  dateAccuracy: number;
  dateReplies: number;
  /** Replies not labelled DT that got a date anyway. */
  falseDates: number;
  /** Opt-outs: the costliest misses and the costliest false alarms. */
  stop: StopScore;
  /** Primary-intent mistakes by (expected, predicted), most frequent first. */
  confusion: Array<{ expected: IntentCode; predicted: IntentCode; count: number }>;
  /** Questions about a car already in the shop, flagged as such. */
  repairOrder: { labelled: number; found: number; falseFound: number };
  /** Readings marked uncertain, and primary accuracy of the rest. */
  uncertain: { count: number; certainAccuracy: number };
  errors: Outcome[];
};

export type StopScore = {
  labelled: number;
  /** Labelled STOP and read as STOP (the primary intent). */
  caught: number;
  /** Labelled STOP and not read as STOP but marked as a possible opt-out, so a person reads it. */
  flaggedOnly: number;
  /** Not labelled STOP but read as STOP, out of `others`. */
  falseStops: number;
  others: number;
  /** Not labelled STOP and marked as a possible opt-out. */
  falseFlags: number;
};

/** Trains on one part and scores the other. */
export function evaluate(train: readonly LabelledReply[], test: readonly LabelledReply[], options: AnalyzerOptions = {}): Report {
  const analyzer = createAnalyzer(train, DATASET_REFERENCE, options);
  return score(test.map((reply) => ({ reply, result: analyzer.analyze(reply.text, DATASET_REFERENCE) })));
}

/** k-fold cross-validation: every reply is held back once; the outcomes are scored together. */
export function crossValidate(
  replies: readonly LabelledReply[],
  folds: number,
  options: AnalyzerOptions = {},
  alwaysTrainOn: readonly LabelledReply[] = [],
): Report {
  const outcomes: Outcome[] = [];
  for (let k = 0; k < folds; k++) {
    const { train, test } = splitReplies(replies, k, folds);
    const analyzer = createAnalyzer([...train, ...alwaysTrainOn], DATASET_REFERENCE, options);
    for (const reply of test) outcomes.push({ reply, result: analyzer.analyze(reply.text, DATASET_REFERENCE) });
  }
  return score(outcomes);
}

export function score(outcomes: readonly Outcome[]): Report {
  const primaryCounts = counters();
  const multiCounts = counters();
  let primaryHits = 0;
  let exactSets = 0;
  let dateReplies = 0;
  let dateHits = 0;
  let falseDates = 0;
  const errors: Outcome[] = [];
  const stop: StopScore = { labelled: 0, caught: 0, flaggedOnly: 0, falseStops: 0, others: 0, falseFlags: 0 };
  const confusion = new Map<string, number>();
  const repairOrder = { labelled: 0, found: 0, falseFound: 0 };
  let uncertain = 0;
  let certainHits = 0;
  for (const o of outcomes) {
    const predicted = o.result.finalIntentNames[0] ?? 'MISC';
    const expected = o.reply.primary;
    countStop(stop, o);
    if (predicted !== expected) confusion.set(`${expected} ${predicted}`, (confusion.get(`${expected} ${predicted}`) ?? 0) + 1);
    if (o.reply.repairOrder) repairOrder.labelled++;
    if (o.result.repairOrderQuestion) repairOrder[o.reply.repairOrder ? 'found' : 'falseFound']++;
    if (o.result.uncertain) uncertain++;
    else if (predicted === expected) certainHits++;
    count(primaryCounts, new Set([expected]), new Set([predicted]));
    const labels = new Set(o.reply.labels);
    const found = new Set(o.result.finalIntentNames);
    count(multiCounts, labels, found);
    const exact = labels.size === found.size && [...labels].every((l) => found.has(l));
    if (predicted === expected) primaryHits++;
    if (exact) exactSets++;
    const first = o.result.dateTimes[0];
    let dateOk = true;
    if (o.reply.dateTime) {
      dateReplies++;
      dateOk = !!first && first.start === o.reply.dateTime.start && first.hasTime === o.reply.dateTime.hasTime;
      if (dateOk) dateHits++;
    } else if (first) {
      falseDates++;
      dateOk = false;
    }
    if (predicted !== expected || !exact || !dateOk) errors.push(o);
  }
  const n = outcomes.length || 1;
  const multiTotals = Object.values(multiCounts).reduce(
    (acc, c) => ({ tp: acc.tp + c.tp, fp: acc.fp + c.fp, fn: acc.fn + c.fn }),
    { tp: 0, fp: 0, fn: 0 },
  );
  return {
    replies: outcomes.length,
    primaryAccuracy: primaryHits / n,
    exactSetAccuracy: exactSets / n,
    primary: toScores(primaryCounts),
    multiLabel: toScores(multiCounts),
    multiLabelMicroF1: f1(multiTotals.tp, multiTotals.fp, multiTotals.fn).f1,
    dateAccuracy: dateReplies ? dateHits / dateReplies : 1,
    dateReplies,
    falseDates,
    stop,
    confusion: [...confusion]
      .map(([key, count]) => {
        const [expected, predicted] = key.split(' ') as [IntentCode, IntentCode];
        return { expected, predicted, count };
      })
      .sort((a, b) => b.count - a.count),
    repairOrder,
    uncertain: { count: uncertain, certainAccuracy: outcomes.length > uncertain ? certainHits / (outcomes.length - uncertain) : 1 },
    errors,
  };
}

function countStop(stop: StopScore, o: Outcome) {
  const readAsStop = o.result.finalIntentNames[0] === 'STOP';
  if (o.reply.primary === 'STOP') {
    stop.labelled++;
    if (readAsStop) stop.caught++;
    else if (o.result.optOutUncertain) stop.flaggedOnly++;
  } else {
    stop.others++;
    if (readAsStop) stop.falseStops++;
    else if (o.result.optOutUncertain) stop.falseFlags++;
  }
}

type Counter = { tp: number; fp: number; fn: number };

function counters(): Record<IntentCode, Counter> {
  return Object.fromEntries(INTENT_CODES.map((c) => [c, { tp: 0, fp: 0, fn: 0 }])) as Record<IntentCode, Counter>;
}

function count(counts: Record<IntentCode, Counter>, expected: Set<IntentCode>, predicted: Set<IntentCode>) {
  for (const c of INTENT_CODES) {
    if (expected.has(c) && predicted.has(c)) counts[c].tp++;
    else if (predicted.has(c)) counts[c].fp++;
    else if (expected.has(c)) counts[c].fn++;
  }
}

function f1(tp: number, fp: number, fn: number) {
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

function toScores(counts: Record<IntentCode, Counter>): Record<IntentCode, Score> {
  return Object.fromEntries(
    INTENT_CODES.map((c) => [
      c,
      { ...f1(counts[c].tp, counts[c].fp, counts[c].fn), support: counts[c].tp + counts[c].fn, predicted: counts[c].tp + counts[c].fp },
    ]),
  ) as Record<IntentCode, Score>;
}
