// The assistant's staff controls: the AI switch, the conversation's options (handoffs, the Date
// Time Dialogue, the workflow) and the per-message dialogs (Show Intents, Action Intents, DT, log mode).
export { AiSwitch } from './components/ai-switch';
export { AssistantOptions, WORKFLOW_LABELS, type AssistantOptionsProps } from './components/assistant-options';
export { DtDialogueDialog } from './components/dt-dialogue-dialog';
export { IntentActionDialog } from './components/intent-action-dialog';
export { LogModeControl, type LogModeFields } from './components/log-mode-control';
export { ShowIntentsDialog } from './components/show-intents-dialog';
export { getAssistantState, setLogMode, type AssistantState, type IntentActionMode } from './api';
