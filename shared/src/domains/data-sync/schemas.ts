import { z } from 'zod';
import {
  ALERT_FILE_TYPES,
  DATA_SOURCE_KINDS,
  FILE_REPORT_STATUSES,
  IMPORT_FILE_TYPES,
  MATCH_RULES,
  SCHEDULER_API_NAMES,
  SYNC_RUN_STATUSES,
} from './constants';
import { LEFT_OUT_REASONS, RECALL_TRANSFER_MAX_IDS } from '../planners/constants';
import { plannerRunSchema } from '../planners/schemas';

const id = z.number().int().positive();
const iso = z.string();
const idParam = z.coerce.number().int().positive();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD');

export const dataSourceKindSchema = z.enum(DATA_SOURCE_KINDS);
export const importFileTypeSchema = z.enum(IMPORT_FILE_TYPES);
export const alertFileTypeSchema = z.enum(ALERT_FILE_TYPES);
export const schedulerApiNameSchema = z.enum(SCHEDULER_API_NAMES);

/** A data source as screens see it; the credentials never leave the server, only whether there are some. */
export const dataSourceSchema = z.object({
  id,
  enterpriseId: id,
  bocId: id,
  bocName: z.string(),
  storeId: id.nullable(),
  storeName: z.string().nullable(),
  name: z.string(),
  kind: dataSourceKindSchema,
  hasCredentials: z.boolean(),
  lagDays: z.number().int(),
  enabled: z.boolean(),
  lastSyncOn: iso.nullable(),
  lastDataOn: iso.nullable(),
  lastFailureOn: iso.nullable(),
  lastError: z.string().nullable(),
  /** No new data for lagDays days. */
  lagging: z.boolean(),
  /** The last sync failed. */
  failing: z.boolean(),
  createdOn: iso,
});
export type DataSource = z.infer<typeof dataSourceSchema>;

const credentialsSchema = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
  dealerCode: z.string().trim().max(100).optional(),
});

/** Creating a data source (datasource-configuration): a store's, or its BOC's when storeId is absent. */
export const dataSourceInputSchema = z.object({
  bocId: id,
  storeId: id.nullable().optional(),
  name: z.string().trim().min(1).max(120),
  kind: dataSourceKindSchema,
  credentials: credentialsSchema.nullable().optional(),
  lagDays: z.number().int().min(1).max(60).default(2),
  enabled: z.boolean().default(true),
});
export type DataSourceInput = z.input<typeof dataSourceInputSchema>;

/** Changing one: a field left out stays as it is; credentials null removes them. */
export const dataSourceUpdateSchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  credentials: credentialsSchema.nullable().optional(),
  lagDays: z.number().int().min(1).max(60).optional(),
  enabled: z.boolean().optional(),
});
export type DataSourceUpdate = z.infer<typeof dataSourceUpdateSchema>;

export const dataSourceListQuerySchema = z.object({ enterpriseId: idParam, bocId: idParam.optional(), storeId: idParam.optional() });

/** One sync of a store (sync history): bocIdPK, storeIdPk, filterDate, its dates and its customers. */
export const syncRunSchema = z.object({
  id,
  dataSourceId: id,
  dataSourceName: z.string(),
  bocIdPK: id,
  storeIdPk: id,
  storeName: z.string(),
  trigger: z.enum(['MANUAL', 'SCHEDULED']),
  filterDate: day,
  status: z.enum(SYNC_RUN_STATUSES),
  startedOn: iso,
  finishedOn: iso.nullable(),
  customers: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
  vehicles: z.number().int(),
  odometerReadings: z.number().int(),
  sales: z.number().int(),
  repairOrders: z.number().int(),
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncHistoryQuerySchema = z.object({
  enterpriseId: idParam,
  storeIdPk: idParam.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const syncRunPageSchema = z.object({
  content: z.array(syncRunSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});
export type SyncRunPage = z.infer<typeof syncRunPageSchema>;

/** One day of a store's history timeline: what came in from syncs and files that day. */
export const storeTimelineDaySchema = z.object({
  date: day,
  syncs: z.number().int(),
  failedSyncs: z.number().int(),
  customersCreated: z.number().int(),
  customersUpdated: z.number().int(),
  repairOrders: z.number().int(),
  sales: z.number().int(),
  files: z.number().int(),
  fileRows: z.number().int(),
});
export type StoreTimelineDay = z.infer<typeof storeTimelineDaySchema>;
export const storeTimelineSchema = z.object({ storeId: id, storeName: z.string(), timeZone: z.string(), days: z.array(storeTimelineDaySchema) });
export type StoreTimeline = z.infer<typeof storeTimelineSchema>;
export const storeTimelineQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

/** What syncs did to one customer (customer sync history). */
export const customerSyncEventSchema = z.object({
  syncRunId: id,
  action: z.enum(['CREATED', 'UPDATED']),
  matchedOn: z.enum(MATCH_RULES).nullable(),
  dataSourceName: z.string(),
  filterDate: day,
  startedOn: iso,
});
export type CustomerSyncEvent = z.infer<typeof customerSyncEventSchema>;
export const customerSyncHistorySchema = z.object({
  customerId: id,
  custno: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sourceKeys: z.array(z.object({ dataSourceName: z.string(), externalKey: z.string() })),
  events: z.array(customerSyncEventSchema),
});
export type CustomerSyncHistory = z.infer<typeof customerSyncHistorySchema>;

/** Manual sync of a store. */
export const manualSyncInputSchema = z.object({
  storeIdPk: id,
  filterDate: day.optional(),
  apiName: schedulerApiNameSchema.default('DMS_SYNC'),
});
export type ManualSyncInput = z.input<typeof manualSyncInputSchema>;
export const manualSyncResultSchema = z.object({ message: z.string(), run: syncRunSchema });
export type ManualSyncResult = z.infer<typeof manualSyncResultSchema>;

/** A scheduler: one per enterprise and optionally one per store, per API name. */
export const schedulerSchema = z.object({
  id,
  enterpriseId: id,
  storeIdFk: id.nullable(),
  storeName: z.string().nullable(),
  apiName: schedulerApiNameSchema,
  /** Time of day in the zone, HH:mm. */
  runAt: z.string(),
  timeZone: z.string(),
  enabled: z.boolean(),
  lastRunOn: iso.nullable(),
  createdOn: iso,
});
export type Scheduler = z.infer<typeof schedulerSchema>;

export const schedulerInputSchema = z.object({
  enterpriseId: id,
  storeIdFk: id.nullable().optional(),
  apiName: schedulerApiNameSchema,
  runAt: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:mm'),
});
export type SchedulerInput = z.input<typeof schedulerInputSchema>;
export const schedulerCreatedSchema = z.object({ message: z.string(), scheduler: schedulerSchema });
export const schedulerDetailsSchema = schedulerSchema.extend({ recentRuns: z.array(syncRunSchema) });
export type SchedulerDetails = z.infer<typeof schedulerDetailsSchema>;

/** Sources a store's managers must look at. */
export const dataSourceHealthSchema = z.object({
  problems: z.array(
    z.object({
      dataSourceId: id,
      name: z.string(),
      storeName: z.string().nullable(),
      kind: z.enum(['LAGGING', 'FAILING']),
      since: iso.nullable(),
      message: z.string(),
    }),
  ),
});
export type DataSourceHealth = z.infer<typeof dataSourceHealthSchema>;

// Imports --------------------------------------------------------------------------------------

export const columnMappingSchema = z.partialRecord(
  z.enum(['custno', 'firstName', 'lastName', 'phone', 'email', 'vin', 'make', 'model', 'year', 'odometer', 'readOn', 'code', 'description', 'alertDate']),
  z.string().min(1).max(200),
);

/** The verbatim import call's query (plus the optional source and dry run). */
export const importQuerySchema = z.object({
  enterprise_id: idParam,
  boc_id_pk: idParam,
  store_id_pk: idParam,
  recall_type: z.string().trim().max(60).optional(),
  file_type: importFileTypeSchema,
  data_source_id: idParam.optional(),
  dry_run: z.enum(['true', 'false']).optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const previewQuerySchema = importQuerySchema.pick({ enterprise_id: true, boc_id_pk: true, store_id_pk: true, file_type: true, data_source_id: true });

export const importPreviewSchema = z.object({
  fileName: z.string(),
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  suggested: columnMappingSchema,
  saved: columnMappingSchema.nullable(),
  fields: z.array(z.object({ field: z.string(), label: z.string(), required: z.boolean() })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const saveMappingInputSchema = z.object({ dataSourceId: id, fileType: importFileTypeSchema, mapping: columnMappingSchema });
export const mappingSavedSchema = z.object({ message: z.string(), dataSourceId: id, fileType: importFileTypeSchema, mapping: columnMappingSchema });

export const rowErrorSchema = z.object({ rowNumber: z.number().int(), field: z.string(), message: z.string() });
export type RowError = z.infer<typeof rowErrorSchema>;

/** One uploaded file and what came of it. */
export const fileReportSchema = z.object({
  id,
  enterpriseId: id,
  bocId: id,
  storeId: id,
  storeName: z.string(),
  dataSourceId: id.nullable(),
  fileType: importFileTypeSchema,
  recallType: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  dryRun: z.boolean(),
  status: z.enum(FILE_REPORT_STATUSES),
  /** Percentage read; 0 again once the file is done. */
  progress: z.number().int(),
  totalRows: z.number().int(),
  acceptedRows: z.number().int(),
  rejectedRows: z.number().int(),
  duplicateRows: z.number().int(),
  createdRecords: z.number().int(),
  updatedRecords: z.number().int(),
  fileError: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdOn: iso,
  finishedOn: iso.nullable(),
});
export type FileReport = z.infer<typeof fileReportSchema>;
export const fileReportDetailSchema = fileReportSchema.extend({ rowErrors: z.array(rowErrorSchema) });
export type FileReportDetail = z.infer<typeof fileReportDetailSchema>;

export const fileReportsQuerySchema = z.object({ file_type: importFileTypeSchema.optional() });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A manufacturer alert (recall, HEA, connected-car, FEA) as the alert pages and the alert inbox show it. */
export const alertSchema = z.object({
  id,
  fileReportId: id,
  fileType: alertFileTypeSchema,
  storeId: id,
  storeName: z.string(),
  recallType: z.string().nullable(),
  vin: z.string(),
  code: z.string(),
  description: z.string(),
  alertDate: day,
  odometer: z.number().int().nullable(),
  customer: z.object({ id, firstName: z.string(), lastName: z.string(), cellular: z.string().nullable() }).nullable(),
  vehicle: z.object({ id, make: z.string(), model: z.string(), year: z.number().int() }).nullable(),
  enrichedOn: iso.nullable(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertPageSchema = z.object({ content: z.array(alertSchema), page: z.number().int(), size: z.number().int(), totalElements: z.number().int() });
export type AlertPage = z.infer<typeof alertPageSchema>;

/** The alert inbox's search (POST /api/email-alert/all): body filter, paging in the query. */
export const alertSearchSchema = z.object({
  enterpriseId: id,
  storeIds: z.array(id).max(200).optional(),
  fileTypes: z.array(alertFileTypeSchema).max(4).optional(),
  matchedOnly: z.boolean().optional(),
  vin: z.string().trim().max(17).optional(),
});
export type AlertSearch = z.infer<typeof alertSearchSchema>;

export const recallTypeSchema = z.object({ id, code: z.string(), name: z.string() });
export type RecallType = z.infer<typeof recallTypeSchema>;

export const recallLeadSchema = z.object({
  id,
  storeId: id,
  storeName: z.string(),
  customerId: id,
  customerName: z.string(),
  cellular: z.string().nullable(),
  serviceVehicleId: id,
  vin: z.string(),
  vehicle: z.string(),
  recallType: z.string().nullable(),
  campaignCode: z.string(),
  description: z.string(),
  status: z.enum(['NEW', 'TRANSFERRED', 'CLOSED']),
  createdOn: iso,
  /** The recall file the lead came from. */
  fileReportId: id,
  /** Why the last transfer left the lead out (it stays NEW and may be transferred again). */
  leftOutReason: z.enum(LEFT_OUT_REASONS).nullable(),
  /** The conversation a transfer started from the lead. */
  interactionId: id.nullable(),
  transferredOn: iso.nullable(),
  /**
   * What came of the conversation's first text: QUEUED (sent or waiting for quiet hours to end),
   * NO_MOBILE, OPTED_OUT, NO_SENDER, NO_TEXT, REFUSED (with startReason); null while it is on its way.
   */
  startOutcome: z.string().nullable(),
  startReason: z.string().nullable(),
});
export type RecallLead = z.infer<typeof recallLeadSchema>;
export const recallLeadQuerySchema = z.object({
  enterprise_id: idParam,
  store_id_pk: idParam.optional(),
  recall_type: z.string().trim().max(60).optional(),
  /** Only the leads of one recall file. */
  file_report_id: idParam.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const recallLeadPageSchema = z.object({ content: z.array(recallLeadSchema), page: z.number().int(), size: z.number().int(), totalElements: z.number().int() });
export type RecallLeadPage = z.infer<typeof recallLeadPageSchema>;

/**
 * `POST /api/data-sync/recalllead/transfer`: the recall leads of a store to start conversations
 * from, named one by one (recallLeadIds), or all those still new of a file (fileReportId) and/or a
 * recall type (recall_type), or every new lead of the store (all). The filters combine.
 */
export const recallTransferInputSchema = z
  .object({
    enterprise_id: id,
    store_id_pk: id,
    recallLeadIds: z.array(id).min(1).max(RECALL_TRANSFER_MAX_IDS).optional(),
    fileReportId: id.optional(),
    recall_type: z.string().trim().min(1).max(60).optional(),
    all: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.recallLeadIds && v.fileReportId === undefined && v.recall_type === undefined && v.all !== true) {
      ctx.addIssue({ code: 'custom', path: ['recallLeadIds'], message: 'Name the recall leads, a recall file, a recall type, or all: true' });
    }
  });
export type RecallTransferInput = z.infer<typeof recallTransferInputSchema>;
/** The transfer run started (null with selected 0 when no new lead matched: 'No Records'). */
export const recallTransferResultSchema = z.object({ run: plannerRunSchema.nullable(), selected: z.number().int() });
export type RecallTransferResult = z.infer<typeof recallTransferResultSchema>;

export const enrichmentInputSchema = z.object({ fileReportId: id });
export const enrichmentResultSchema = z.object({ fileReportId: id, matched: z.number().int(), unmatched: z.number().int(), recallLeads: z.number().int(), odometerReadings: z.number().int() });
export type EnrichmentResult = z.infer<typeof enrichmentResultSchema>;

// DMS appointments (§7 "Data-sync DMS appointments") -----------------------------------------------

export const dmsAppointmentSchema = z.object({
  id,
  storeId: id,
  dmsCustomerNumber: z.string(),
  vin: z.string().nullable(),
  startDate: iso,
  endDate: iso,
  opCodes: z.array(z.string()),
  advisorNumber: z.string().nullable(),
  transportType: z.string().nullable(),
  comment: z.string().nullable(),
  status: z.enum(['BOOKED', 'CANCELLED']),
});
export type DmsAppointment = z.infer<typeof dmsAppointmentSchema>;
export const dmsAppointmentInputSchema = z
  .object({
    storeIdPk: id,
    dmsCustomerNumber: z.string().trim().min(1).max(40),
    vin: z.string().trim().toUpperCase().regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'must be a VIN of 17 letters and digits').nullable().optional(),
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
    opCodes: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
    advisorNumber: z.string().trim().max(20).nullable().optional(),
    transportType: z.string().trim().max(40).nullable().optional(),
    comment: z.string().trim().max(500).nullable().optional(),
  })
  .refine((a) => new Date(a.endDate) > new Date(a.startDate), { path: ['endDate'], message: 'must be after startDate' });
export type DmsAppointmentInput = z.input<typeof dmsAppointmentInputSchema>;
export const dmsAppointmentsQuerySchema = z.object({ storeIdPk: idParam, date: day });
export const dmsCustomerVehicleSchema = z.object({
  dmsCustomerNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  vin: z.string(),
  vehicle: z.string(),
  odometer: z.number().int(),
});
export type DmsCustomerVehicle = z.infer<typeof dmsCustomerVehicleSchema>;
export const dmsSearchQuerySchema = z.object({ storeIdPk: idParam, query: z.string().trim().min(2).max(60) });
export const dmsHelpSchema = z.object({
  opCodes: z.array(z.object({ code: z.string(), description: z.string() })),
  advisors: z.array(z.object({ advisorNumber: z.string(), name: z.string() })),
  transportTypes: z.array(z.string()),
});
export type DmsHelp = z.infer<typeof dmsHelpSchema>;

/** The customers one sync created or changed. */
export const syncRunCustomerSchema = z.object({
  customerId: id,
  custno: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  action: z.enum(['CREATED', 'UPDATED']),
  matchedOn: z.enum(MATCH_RULES).nullable(),
});
export type SyncRunCustomer = z.infer<typeof syncRunCustomerSchema>;
