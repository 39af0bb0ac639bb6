// The live-document layer: one socket per tab, documents by reference count, device copies,
// presence over awareness, and the socket's state for the connection indicator. What a screen reads
// from a document (inbox rows, board lanes) belongs to its feature.
export { CollabManager, SOCKET_RECONNECT, type CollabManagerOptions, type DocHandle } from './connection-manager';
export { getCollabConnection, subscribeCollabConnection, useCollabConnection, type CollabConnection, type SocketState } from './connection-status';
export type { CollabError, CollabStatus, DocState } from './doc-entry';
export { collabManager } from './manager-instance';
export { initialsOf, parsePresence, peersIn, typingText, type PresencePeer, type PresenceState } from './presence';
export { useAnnouncePresence, usePresence, useStorePresence } from './use-presence';
