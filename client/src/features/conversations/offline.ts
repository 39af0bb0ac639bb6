// The conversation screen's offline contract (outbox and drafts), for the route layout to provide.
export { ConversationOfflineContext, type ConversationOffline } from './offline-port';
