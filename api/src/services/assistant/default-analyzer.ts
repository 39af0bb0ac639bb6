import { createAnalyzer, type ReplyAnalyzer } from './analyzer';
import { DATASET_REFERENCE, loadLabelledReplies, loadTuningReplies } from './dataset';

let analyzer: ReplyAnalyzer | null = null;

/**
 * The analyzer trained on every labelled reply shipped with the product, the development set and
 * the tuning set (the evaluation set is never trained on). Training is
 * deterministic and takes well under a second, so it happens once per process, on first use,
 * rather than being stored as a model file that could drift from the data.
 */
export function defaultAnalyzer(): ReplyAnalyzer {
  analyzer ??= createAnalyzer([...loadLabelledReplies(), ...loadTuningReplies()], DATASET_REFERENCE);
  return analyzer;
}
