import { distance } from 'fastest-levenshtein';
import type { IntentClassifier, TrainingSample } from './classifier';

/** The classifier, reading misspelled words as the words it learnt, and telling unknown text apart. */
export type TolerantClassifier = IntentClassifier & {
  /** Whether any word or concept of the features was seen in training (after respelling). */
  knowsAnyWord(features: readonly string[]): boolean;
};

// Placeholders that say nothing about what a reply means on their own.
const EMPTY_FEATURES = new Set(['§short', '§?', '§num', '§emoji', '§past', '§money', '§date']);

/**
 * Customers misspell the words the classifier learnt ("apointment", "recieve", "tomorow"): a word
 * it never saw is read as the learnt word one edit away (two for words of seven letters or more),
 * the most frequent one when several are. Words it already knows are never changed.
 */
export function withSpellingTolerance(classifier: IntentClassifier, samples: readonly TrainingSample[]): TolerantClassifier {
  const counts = new Map<string, number>();
  for (const s of samples) for (const f of s.features) if (!f.startsWith('§')) counts.set(f, (counts.get(f) ?? 0) + 1);
  const byLength = new Map<number, string[]>();
  for (const word of counts.keys()) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  const cache = new Map<string, string>();

  const respell = (word: string): string => {
    if (word.startsWith('§') || counts.has(word) || word.length < 4 || !/^\p{L}+$/u.test(word)) return word;
    const known = cache.get(word);
    if (known !== undefined) return known;
    const allowed = word.length >= 7 ? 2 : 1;
    let best = word;
    let bestScore = Infinity;
    for (let len = word.length - allowed; len <= word.length + allowed; len++) {
      for (const candidate of byLength.get(len) ?? []) {
        const d = distance(word, candidate);
        if (d > allowed) continue;
        // Fewer edits first, then the word seen more often.
        const score = d * 1e6 - (counts.get(candidate) ?? 0);
        if (score < bestScore) [best, bestScore] = [candidate, score];
      }
    }
    cache.set(word, best);
    return best;
  };
  const respellAll = (features: readonly string[]) => features.map(respell);

  return {
    rank: (features, exclude) => classifier.rank(respellAll(features), exclude),
    knowsAnyWord: (features) =>
      respellAll(features).some((f) => (f.startsWith('§') ? !EMPTY_FEATURES.has(f.replace(/#\d+$/, '')) : counts.has(f))),
  };
}
