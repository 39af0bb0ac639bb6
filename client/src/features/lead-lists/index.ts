// Lead lists: the lead manager's tabs and the other lists, a lead's details, starting a
// conversation and the automated lead-manager screen; the route modules place them.
export { LeadListPanel, type LeadListPanelProps, type Place } from './components/lead-list-panel';
export { StartConversationDialog } from './components/start-conversation-dialog';
export { AutomatedPanel } from './components/automated-panel';
export type { ListCall } from './api';
