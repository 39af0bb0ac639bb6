// The live-document layer: one socket per tab, documents by reference count, device copies.
export { CollabManager, type CollabManagerOptions, type DocHandle } from './connection-manager';
export type { CollabError, CollabStatus, DocState } from './doc-entry';
export { collabManager } from './manager-instance';
export { useInboxes, useInboxRows, type InboxSnapshot } from './use-inbox-rows';
