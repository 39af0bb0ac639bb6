// Data from the dealer's systems: sources, syncs, schedules, imports, file reports, the alert inbox,
// and the banner that tells managers about a feed gone quiet; the route modules place them.
export { SourcesPanel } from './components/sources-panel';
export { SchedulesPanel } from './components/schedules-panel';
export { HistoryPanel } from './components/history-panel';
export { ImportPanel } from './components/import-panel';
export { ReportsPanel } from './components/reports-panel';
export { AlertInboxPanel } from './components/alert-inbox-panel';
export { DataSourceHealthBanner } from './components/health-banner';
export type { DataSyncStore } from './components/types';
