// The reports feature: the dashboard, the appointment-status views, the monthly report and every
// report of the catalog, with filters, charts, drill-downs and export. The route module places it.
export { ReportsPage, reportTitle } from './components/reports-page';
export { useReportsLiveKey } from './hooks/use-live-key';
