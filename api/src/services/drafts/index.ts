// Composer drafts kept per user and conversation across that user's devices.
export { getDraft, saveDraft } from './drafts';
