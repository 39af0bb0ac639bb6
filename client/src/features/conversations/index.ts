// The conversations feature's public surface: the conversation pane for a route to place. The
// offline contract the route layout provides for it is in ./offline (a separate entry, so the
// layout does not load the whole conversation screen to provide it).
export { ConversationView, type ConversationViewProps } from './components/conversation-view';
export type { AssistantDialogKind, AssistantDialogProps, ConversationAssistant } from './components/assistant-slot';
export type { TemplatesSlot, TemplatesSlotProps } from './components/templates-slot';
