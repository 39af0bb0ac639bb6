// The assistant's conversation loop and the staff controls around it.
export { createAssistantLoop, startAssistantLoop, replyClientId, RECOVERY_MINUTES, type AssistantLoop, type AssistantLoopOptions, type RunningAssistantLoop } from './loop';
export { createChatRephraser, rephraserFromEnv, acceptRephrasing, type AssistantLlmEnv, type Rephraser } from './llm';
export { runTurn, type TurnDeps, type TurnRequest, type TurnResult } from './turn';
export * from './controls';
export { assistantList, marksOf, removeMark, setMark } from './marks';
