// Mailing lists of a store; the route modules place the panels.
export { MailingListsPanel } from './components/mailing-lists-panel';
export { MailingListDetailsPanel } from './components/mailing-list-details-panel';
