// Composer drafts kept per user and conversation across that user's devices.
export { getDraft, saveDraft } from './drafts';
export { draftResponseSchema, draftSchema, saveDraftResponseSchema, saveDraftSchema, type Draft, type SaveDraft } from './schemas';
