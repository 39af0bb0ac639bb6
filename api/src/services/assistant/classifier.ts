import naiveBayesTextClassifier from 'wink-naive-bayes-text-classifier';
import { isIntentCode, type IntentCode } from '@drivebay/shared';

/** One piece of text, already turned into features, with the intent it expresses. */
export type TrainingSample = { features: string[]; label: IntentCode };

/** The intents ranked for one piece of text, best first, with probabilities that sum to 1. */
export type Ranking = Array<{ label: IntentCode; confidence: number }>;

export type IntentClassifier = {
  /**
   * The intents for the features, leaving out `exclude`; empty when none of the features was
   * seen in training.
   */
  rank(features: string[], exclude?: ReadonlySet<IntentCode>): Ranking;
};

export type ClassifierOptions = {
  /**
   * Additive smoothing: how much weight an unseen word keeps. Small values trust the few examples
   * of the rarer intents more.
   */
  smoothingFactor?: number;
};

/**
 * Trains a naive Bayes classifier on the samples. Word presence rather than counts is used,
 * because replies are a sentence or two and a repeated word says little more.
 */
export function trainClassifier(samples: readonly TrainingSample[], options: ClassifierOptions = {}): IntentClassifier {
  const nb = naiveBayesTextClassifier();
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: options.smoothingFactor ?? 0.5 });
  nb.definePrepTasks([(tokens: string[]) => tokens]);
  for (const s of samples) nb.learn(s.features, s.label);
  nb.consolidate();
  return {
    rank(features, exclude) {
      const odds = nb
        .computeOdds(features)
        .filter((entry): entry is [IntentCode, number] => isIntentCode(entry[0]) && !exclude?.has(entry[0]));
      if (odds.length === 0) return [];
      // The library gives log2 odds per intent; a softmax over them turns them into probabilities.
      // Naive Bayes counts every word as independent evidence, so these run close to 0 or 1.
      const top = odds[0]![1];
      const weights = odds.map(([, o]) => 2 ** (o - top));
      const total = weights.reduce((a, b) => a + b, 0);
      return odds.map(([label], i) => ({ label, confidence: weights[i]! / total }));
    },
  };
}
