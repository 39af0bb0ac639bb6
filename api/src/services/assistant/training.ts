import type { TrainingSample } from './classifier';
import type { LabelledReply } from './dataset';
import type { DateReference } from './dates';
import { readPieces, replyFeatures } from './pieces';

/**
 * Classifier samples from labelled replies. The labels belong to the whole reply, in the order
 * the intents appear, but the classifier reads one segment at a time; so a reply with one intent
 * is one sample, and a reply with several is matched to its segments: in order when the counts
 * agree, otherwise the segments the rules explain (an opt-out, a wrong number) take those labels
 * and the rest of the reply is a sample for each remaining label.
 */
export function trainingSamples(replies: readonly LabelledReply[], ref: DateReference): TrainingSample[] {
  return rawSamples(replies, ref).map((s) => (SERVICE_DONE.has(s.label) ? { ...s, label: 'SPA-XX' } : s));
}

// The three "service already performed" intents differ only in where it was done, which a rule
// reads (servicePlace); the classifier learns them as one, from three times the examples.
const SERVICE_DONE = new Set(['SPA-SS', 'SPA-AS', 'SPA-XX']);

function rawSamples(replies: readonly LabelledReply[], ref: DateReference): TrainingSample[] {
  const samples: TrainingSample[] = [];
  for (const reply of replies) {
    if (reply.labels.length <= 1) {
      samples.push({ features: replyFeatures(reply.text, ref), label: reply.primary });
      continue;
    }
    const pieces = readPieces(reply.text, ref);
    if (pieces.length === reply.labels.length) {
      pieces.forEach((p, i) => samples.push({ features: p.features, label: reply.labels[i]! }));
      continue;
    }
    const remaining = [...reply.labels];
    const unexplained = pieces.filter((p) => {
      const ruled = p.optOut ? 'STOP' : p.wrongNumber ? 'WN' : p.vehicleGone ? 'NLO' : null;
      const at = ruled ? remaining.indexOf(ruled) : -1;
      if (at < 0) return true;
      remaining.splice(at, 1);
      samples.push({ features: p.features, label: ruled! });
      return false;
    });
    if (unexplained.length === remaining.length) {
      unexplained.forEach((p, i) => samples.push({ features: p.features, label: remaining[i]! }));
    } else {
      const rest = unexplained.map((p) => p.text).join(' ');
      for (const label of remaining) samples.push({ features: replyFeatures(rest, ref), label });
    }
  }
  return samples;
}
