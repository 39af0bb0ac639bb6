import { existsSync, readFileSync } from 'node:fs';
import { isIntentCode, type IntentCode } from '@drivebay/shared';
import type { DateReference } from './dates';

/** A customer's reply as labelled in the shipped data set. */
export type LabelledReply = {
  id: string;
  text: string;
  /** Every intent in the reply, in the order it appears. */
  labels: IntentCode[];
  primary: IntentCode;
  dateTime?: { start: string; hasTime: boolean };
  /** The reply asks about a car already in the shop (evaluation and tuning sets). */
  repairOrder?: boolean;
};

/** The moment the labelled replies' relative dates were resolved against. */
export const DATASET_REFERENCE: DateReference = {
  instant: new Date('2026-03-10T15:00:00-04:00'),
  zone: 'America/New_York',
};

const DATASET_URL = new URL('./data/intents-dev.jsonl', import.meta.url);
// Replies written the way customers text, to train on beside the development set.
const TUNING_URLS = ['real-style-tuning-1.jsonl', 'real-style-tuning-2.jsonl'].map((f) => new URL(`./data/${f}`, import.meta.url));
// Never trained on: the honest measure of replies the analyzer was not shaped on (data/README.md).
const EVALUATION_URLS = ['real-style-eval-1.jsonl', 'real-style-eval-2.jsonl'].map((f) => new URL(`./data/${f}`, import.meta.url));

/** Parses JSON lines of labelled replies; a malformed line is an error, not a silent skip. */
export function parseLabelledReplies(jsonl: string): LabelledReply[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      const row = JSON.parse(line) as LabelledReply;
      const codes = [...row.labels, row.primary];
      if (typeof row.text !== 'string' || !codes.every((c) => isIntentCode(c))) {
        throw new Error(`Labelled reply on line ${i + 1} has no text or an unknown intent`);
      }
      return row;
    });
}

/** The labelled replies shipped with the product. */
export function loadLabelledReplies(): LabelledReply[] {
  return parseLabelledReplies(readFileSync(DATASET_URL, 'utf8'));
}

/** Replies in customers' texting style written to train on (the tuning set). */
export function loadTuningReplies(): LabelledReply[] {
  return TUNING_URLS.flatMap((url) => (existsSync(url) ? parseLabelledReplies(readFileSync(url, 'utf8')) : []));
}

/** The evaluation set: for measuring only, never for training. */
export function loadEvaluationReplies(): LabelledReply[] {
  return EVALUATION_URLS.flatMap((url) => parseLabelledReplies(readFileSync(url, 'utf8')));
}
