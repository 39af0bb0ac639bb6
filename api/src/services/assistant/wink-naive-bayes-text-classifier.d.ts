// The package ships no types; this covers the part of its API the assistant uses.
declare module 'wink-naive-bayes-text-classifier' {
  type NaiveBayesTextClassifier = {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: Array<(input: never) => unknown>): number;
    learn(input: string | string[], label: string): boolean;
    consolidate(): boolean;
    /** [label, log2 odds] pairs, best first; [['unknown', 0]] when no token is known. */
    computeOdds(input: string | string[]): Array<[string, number]>;
    predict(input: string | string[]): string;
  };
  export default function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
}
