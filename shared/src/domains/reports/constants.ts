import type { ServiceType } from '../../codes';

/** Report summary counters (spec §3), in the order the dashboard shows them. */
export const REPORT_COUNTERS = ['CONTACTED', 'RESPONDED', 'ENGAGED', 'APPT_BOOKING'] as const;
export type ReportCounter = (typeof REPORT_COUNTERS)[number];
export const REPORT_COUNTER_LABELS: Record<ReportCounter, string> = {
  CONTACTED: 'Contacted',
  RESPONDED: 'Responded',
  ENGAGED: 'Engaged',
  APPT_BOOKING: 'Appointments booked',
};

/** Dashboard tabs; SALES is the default (spec §9). */
export const DASHBOARD_TABS = ['SALES', 'SERVICE'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'SALES';
/** Sales conversations are the ones after a vehicle sale; every other service type is service. */
export const SALES_SERVICE_TYPES: readonly ServiceType[] = ['SALES_THANKS', 'SALES_TITLE'];

/** Customer types of insight entries and monthly rows: A bought the vehicle here, B services only. */
export const CUSTOMER_TYPES = ['A', 'B'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Defaults of the report calls (spec §9) when the body names no BOC and no store. */
export const DEFAULT_REPORT_BOC_IDS: readonly number[] = [2, 3];
export const DEFAULT_REPORT_STORE_IDS: readonly number[] = [3, 8];
/** Default service type of the appointment-status reports (spec §9). */
export const DEFAULT_STATUS_REPORT_SERVICE_TYPE: ServiceType = 'SALES_THANKS';
/** Enterprises whose report calls carry the demo flag (spec §6: 1 is the demo, 4 has demo reports). */
export const DEMO_REPORT_ENTERPRISE_IDS: readonly number[] = [1, 4];

/** The four kinds of appointment-status report views. */
export const APPOINTMENT_REPORT_KINDS = ['status', 'handoff', 'unresponsive', 'nraa'] as const;
export type AppointmentReportKind = (typeof APPOINTMENT_REPORT_KINDS)[number];
export const APPOINTMENT_REPORT_KIND_LABELS: Record<AppointmentReportKind, string> = {
  status: 'Appointment status',
  handoff: 'Handoff appointments',
  unresponsive: 'Unresponsive appointments',
  nraa: 'NRAA appointments',
};

/** The lead response status of a customer who never answered (spec §3). */
export const NO_RESPONSE_AT_ALL_LEAD = 'NO_RESPONSE_AT_ALL_LEAD';

/** Largest page of detail rows one call returns (the data grid shows at most 100). */
export const REPORT_MAX_PAGE_SIZE = 100;
/** Largest number of rows one export writes. */
export const REPORT_EXPORT_MAX_ROWS = 50_000;

/** Appointment statuses as reports show them: the product's labels. */
export { APPOINTMENT_STATUS_LABELS as APPOINTMENT_STATUS_REPORT_LABELS } from '../appointments/constants';

/** Base path of the appointment-status report calls (spec §7). */
export const APPOINTMENT_STATUS_REPORT_BASE_PATH = '/api/lisa/appointment-status-report';

/** Screen addresses of the reports. */
export const REPORT_SCREEN_PATHS = {
  dashboard: '/reports',
  report: '/reports/:report',
} as const;
