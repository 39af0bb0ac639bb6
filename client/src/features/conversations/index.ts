// The conversations feature's public surface: the conversation pane for a route to place.
export { ConversationView, type ConversationViewProps } from './components/conversation-view';
