/** Kinds of data source. Only the simulated dealer system has a connector inside the product; the others are configured for the day their connector is installed, and spreadsheets come in by upload. */
export const DATA_SOURCE_KINDS = ['SIMULATED_DMS', 'CDK', 'REYNOLDS', 'DEALERTRACK', 'SPREADSHEET'] as const;
export type DataSourceKind = (typeof DATA_SOURCE_KINDS)[number];

export const DATA_SOURCE_KIND_LABELS: Record<DataSourceKind, string> = {
  SIMULATED_DMS: 'Dealer system (simulated)',
  CDK: 'CDK Drive',
  REYNOLDS: 'Reynolds & Reynolds',
  DEALERTRACK: 'Dealertrack',
  SPREADSHEET: 'Spreadsheet uploads',
};

/** Manufacturer files, as the import call names them. */
export const ALERT_FILE_TYPES = ['RECALL', 'HEA_ALERT', 'CONNECTED_CAR_ALERT', 'FEA_ALERT'] as const;
export type AlertFileType = (typeof ALERT_FILE_TYPES)[number];

/** Every file the import takes: the manufacturer's files and the dealer's own customer-vehicle lists. */
export const IMPORT_FILE_TYPES = [...ALERT_FILE_TYPES, 'CUSTOMER_VEHICLE'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];

export const FILE_TYPE_LABELS: Record<ImportFileType, string> = {
  RECALL: 'Recall',
  HEA_ALERT: 'Health alert (HEA)',
  CONNECTED_CAR_ALERT: 'Connected-car alert',
  FEA_ALERT: 'Field alert (FEA)',
  CUSTOMER_VEHICLE: 'Customers and vehicles',
};

export const FILE_REPORT_STATUSES = ['PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;
export type FileReportStatus = (typeof FILE_REPORT_STATUSES)[number];
export const FILE_REPORT_STATUS_LABELS: Record<FileReportStatus, string> = {
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  REJECTED: 'Refused',
  FAILED: 'Failed',
};

/** What a scheduler runs (its "API name"). */
export const SCHEDULER_API_NAMES = ['DMS_SYNC', 'DMS_CUSTOMER_SYNC', 'DMS_SALES_SYNC', 'DMS_SERVICE_SYNC'] as const;
export type SchedulerApiName = (typeof SCHEDULER_API_NAMES)[number];
export const SCHEDULER_API_NAME_LABELS: Record<SchedulerApiName, string> = {
  DMS_SYNC: 'Everything from the dealer system',
  DMS_CUSTOMER_SYNC: 'Customers and vehicles',
  DMS_SALES_SYNC: 'Sales',
  DMS_SERVICE_SYNC: 'Closed repair orders',
};

/** The parts of a sync; each API name syncs some of them. */
export const SYNC_PARTS = ['customers', 'sales', 'repairOrders'] as const;
export type SyncPart = (typeof SYNC_PARTS)[number];
export const SYNC_PARTS_OF: Record<SchedulerApiName, readonly SyncPart[]> = {
  DMS_SYNC: SYNC_PARTS,
  DMS_CUSTOMER_SYNC: ['customers'],
  DMS_SALES_SYNC: ['customers', 'sales'],
  DMS_SERVICE_SYNC: ['customers', 'repairOrders'],
};

export const SYNC_RUN_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
export const SYNC_RUN_STATUS_LABELS: Record<SyncRunStatus, string> = { RUNNING: 'Running', SUCCEEDED: 'Succeeded', FAILED: 'Failed' };

/** How a customer record of a source was recognised as one the product already had. */
export const MATCH_RULES = ['SOURCE_KEY', 'CUSTOMER_NUMBER', 'VIN', 'PHONE'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];
export const MATCH_RULE_LABELS: Record<MatchRule, string> = {
  SOURCE_KEY: 'Same record of the same source',
  CUSTOMER_NUMBER: 'Customer number',
  VIN: 'Vehicle (VIN)',
  PHONE: 'Phone and last name',
};

/** The spec's notices (§8, §9), verbatim. */
export const DATA_SYNC_MESSAGES = {
  synced: 'Synced Successfully',
  syncUnsupported: 'DMS not supporting Sync',
  notConfigured: 'Datasource is not configured',
  schedulerCreated: 'Scheduler created successfully',
  schedulerFailed: 'Unable to create scheduler',
  mappingSaved: 'Mapping Saved Successfully.',
} as const;

/** Uploads above this size are refused before anything is read into the product. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
/** Rows shown by the preview. */
export const PREVIEW_ROWS = 10;
/** Refused rows listed one by one per file; beyond it they are counted only. */
export const MAX_LISTED_ROW_ERRORS = 1000;
