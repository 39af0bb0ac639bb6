// Predictive planners: the tabs with their due lists and transfers, the run history, the audit planners.
export { PlannerWorkspace } from './components/planner-workspace';
export { RunHistory } from './components/run-history';
export { AuditPanel } from './components/audit-panel';
export { CvLeadsPanel } from './components/cv-leads-panel';
export { RecallLeadsPanel } from './components/recall-leads-panel';
