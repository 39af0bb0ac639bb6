// The assistant's reply understanding: what the routes and scripts use.
export { analyzeReply } from './analyze-reply';
export { createAnalyzer, type AnalyzerOptions, type ReplyAnalyzer } from './analyzer';
export { DATASET_REFERENCE, loadLabelledReplies, type LabelledReply } from './dataset';
export type { DateReference } from './dates';
export { defaultAnalyzer } from './default-analyzer';
