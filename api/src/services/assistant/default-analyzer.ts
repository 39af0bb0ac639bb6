import { createAnalyzer, type ReplyAnalyzer } from './analyzer';
import { DATASET_REFERENCE, loadLabelledReplies } from './dataset';

let analyzer: ReplyAnalyzer | null = null;

/**
 * The analyzer trained on every labelled reply shipped with the product. Training is
 * deterministic and takes well under a second, so it happens once per process, on first use,
 * rather than being stored as a model file that could drift from the data.
 */
export function defaultAnalyzer(): ReplyAnalyzer {
  analyzer ??= createAnalyzer(loadLabelledReplies(), DATASET_REFERENCE);
  return analyzer;
}
