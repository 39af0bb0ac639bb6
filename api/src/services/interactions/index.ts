export { createInteractions, type NewInteraction } from './create';
export { initiateInteraction, type InitiateInput } from './initiate';
export { INITIATION_BATCH, queueInitiation, runInitiationJob, startInitiationWorker, type InitiationJob, type InitiationSummary } from './initiation-jobs';
