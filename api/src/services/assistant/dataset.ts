import { readFileSync } from 'node:fs';
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
};

/** The moment the labelled replies' relative dates were resolved against. */
export const DATASET_REFERENCE: DateReference = {
  instant: new Date('2026-03-10T15:00:00-04:00'),
  zone: 'America/New_York',
};

const DATASET_URL = new URL('./data/intents-dev.jsonl', import.meta.url);

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
