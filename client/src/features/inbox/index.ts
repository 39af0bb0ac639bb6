// The inbox feature's public surface: the live conversation list and its row helpers.
export { InboxPane, type InboxPaneProps } from './components/inbox-pane';
export type { StoreOption } from './components/inbox-filters';
export { rowLiveKey } from './inbox-rows';
export { useInboxes, useInboxRows, type InboxSnapshot } from './hooks/use-inbox-rows';
