// The offline feature's public surface: what the app layout places (indicator, update prompt,
// start-up) and the offline layer it hands to the conversation screen.
export { ConnectionIndicator } from './components/connection-indicator';
export { UpdatePrompt } from './components/update-prompt';
export { conversationOffline } from './conversation-offline';
export { useOfflineStartup } from './hooks/use-offline-status';
