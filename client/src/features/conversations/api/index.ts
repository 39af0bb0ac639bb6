// The conversations feature's calls; the rest of the feature imports them from here.
export { getInteraction, type Interaction } from './get-interaction';
export { getHistory, type ThreadMessage } from './get-history';
export { sendMessage } from './send-message';
export { archiveMessage, postReadMarker, postUnreadResponsesRead, setConversationClosed, setMessageResponseTime } from './message-actions';
