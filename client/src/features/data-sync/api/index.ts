import { z } from 'zod';
import {
  alertPageSchema,
  apiErrorSchema,
  dataSourceHealthSchema,
  dataSourceSchema,
  fileReportDetailSchema,
  fileReportSchema,
  importPreviewSchema,
  manualSyncResultSchema,
  mappingSavedSchema,
  recallLeadPageSchema,
  recallTypeSchema,
  schedulerCreatedSchema,
  schedulerSchema,
  storeTimelineSchema,
  syncRunPageSchema,
  customerSyncHistorySchema,
  syncRunCustomerSchema,
  type AlertSearch,
  type ColumnMapping,
  type DataSourceInput,
  type DataSourceUpdate,
  type ImportFileType,
  type SchedulerApiName,
  type SchedulerInput,
} from '@drivebay/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/session/session-store';

// The data-sync calls (spec §7 data-sync). Screens show their own failures, so none raises the
// generic notice.
const quiet = { notify: false } as const;

export const listDataSources = (enterpriseId: number, storeId: number, signal?: AbortSignal) =>
  apiRequest('/api/data-sync/datasource-configuration', { query: { enterpriseId, storeId }, schema: z.array(dataSourceSchema), signal, ...quiet });
export const createDataSource = (input: DataSourceInput) =>
  apiRequest('/api/data-sync/datasource-configuration', { method: 'POST', body: input, schema: dataSourceSchema, ...quiet });
export const updateDataSource = (id: number, input: DataSourceUpdate) =>
  apiRequest(`/api/data-sync/datasource-configuration/${id}`, { method: 'PUT', body: input, schema: dataSourceSchema, ...quiet });
export const getDataSourceHealth = (enterpriseId: number, signal?: AbortSignal) =>
  apiRequest('/api/data-sync/health', { query: { enterpriseId }, schema: dataSourceHealthSchema, signal, ...quiet });
export const manualSync = (storeIdPk: number, apiName: SchedulerApiName = 'DMS_SYNC') =>
  apiRequest('/api/data-sync/manual-sync', { method: 'POST', body: { storeIdPk, apiName }, schema: manualSyncResultSchema, ...quiet });
export const getSyncHistory = (enterpriseId: number, storeIdPk: number, page: number, size: number, signal?: AbortSignal) =>
  apiRequest('/api/data-sync/sync-history', { query: { enterpriseId, storeIdPk, page, size }, schema: syncRunPageSchema, signal, ...quiet });
export const getStoreTimeline = (storeId: number, days: number, signal?: AbortSignal) =>
  apiRequest(`/api/data-sync/store-history-timeline/${storeId}`, { query: { days }, schema: storeTimelineSchema, signal, ...quiet });
export const getSyncRunCustomers = (runId: number, signal?: AbortSignal) =>
  apiRequest(`/api/data-sync/sync-history/${runId}/customers`, { schema: z.array(syncRunCustomerSchema), signal, ...quiet });
export const getCustomerSyncHistory = (customerId: number, signal?: AbortSignal) =>
  apiRequest(`/api/data-sync/customer-sync-history/${customerId}`, { schema: customerSyncHistorySchema, signal, ...quiet });
export const listSchedulers = (enterpriseId: number, storeIdFk: number, signal?: AbortSignal) =>
  apiRequest(`/api/data-sync/scheduler/api-name/${enterpriseId}`, { query: { storeIdFk }, schema: z.array(schedulerSchema), signal, ...quiet });
export const createScheduler = (input: SchedulerInput) =>
  apiRequest('/api/data-sync/scheduler', { method: 'POST', body: input, schema: schedulerCreatedSchema, ...quiet });
export const listFileReports = (enterpriseId: number, fileType: ImportFileType | null, signal?: AbortSignal) =>
  apiRequest(`/api/data-sync/fetch-file-uploard-reports/${enterpriseId}`, { query: { file_type: fileType }, schema: z.array(fileReportSchema), signal, ...quiet });
export const getFileReport = (id: number, signal?: AbortSignal) => apiRequest(`/api/data-sync/file-report/${id}`, { schema: fileReportDetailSchema, signal, ...quiet });
const ALERT_SEGMENT = { HEA_ALERT: 'hea', CONNECTED_CAR_ALERT: 'cca', FEA_ALERT: 'fea', RECALL: 'recall' } as const;
export const getAlertsOfFile = (fileType: keyof typeof ALERT_SEGMENT, id: number, page: number, size: number, signal?: AbortSignal) =>
  apiRequest(`/api/data-sync/${ALERT_SEGMENT[fileType]}/${id}`, { query: { page, size }, schema: alertPageSchema, signal, ...quiet });
export const performEnrichment = (fileReportId: number, fea: boolean) =>
  apiRequest(fea ? '/api/data-sync/fea/perform/enrichment' : '/api/data-sync/perform/enrichment', {
    method: 'POST',
    body: { fileReportId },
    schema: z.object({ fileReportId: z.number(), matched: z.number(), unmatched: z.number(), recallLeads: z.number(), odometerReadings: z.number() }),
    ...quiet,
  });
export const getRecallTypes = (signal?: AbortSignal) => apiRequest('/api/data-sync/recalltype/fetch/all', { schema: z.array(recallTypeSchema), signal, ...quiet });
export const getRecallLeads = (enterprise_id: number, store_id_pk: number, page: number, size: number, signal?: AbortSignal) =>
  apiRequest('/api/data-sync/recalllead/fetch/all', { query: { enterprise_id, store_id_pk, page, size }, schema: recallLeadPageSchema, signal, ...quiet });
export const searchAlerts = (search: AlertSearch, page: number, size: number, signal?: AbortSignal) =>
  apiRequest('/api/email-alert/all', { method: 'POST', query: { page, size }, body: search, schema: alertPageSchema, signal, ...quiet });
export const saveMapping = (dataSourceId: number, fileType: ImportFileType, mapping: ColumnMapping) =>
  apiRequest('/api/data-sync/import/mapping', { method: 'PUT', body: { dataSourceId, fileType, mapping }, schema: mappingSavedSchema, ...quiet });

export type UploadPlace = { enterpriseId: number; bocId: number; storeId: number; fileType: ImportFileType; recallType?: string | null; dataSourceId?: number | null; dryRun?: boolean };

function uploadUrl(path: string, p: UploadPlace): string {
  const q = new URLSearchParams({ enterprise_id: String(p.enterpriseId), boc_id_pk: String(p.bocId), store_id_pk: String(p.storeId), file_type: p.fileType });
  if (p.recallType) q.set('recall_type', p.recallType);
  if (p.dataSourceId) q.set('data_source_id', String(p.dataSourceId));
  if (p.dryRun) q.set('dry_run', 'true');
  return `${path}?${q.toString()}`;
}

/**
 * Sends a file as multipart (field multipartFile) with XMLHttpRequest, which reports the upload's
 * progress (fetch does not); resolves with the parsed answer or rejects with an ApiRequestError.
 */
function sendFile<T>(url: string, file: File, schema: z.ZodType<T>, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getAuthToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiRequestError('network', null, null));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiRequestError('http', xhr.status, apiErrorSchema.safeParse(body).success ? body : { code: 'INTERNAL', message: `Upload failed (${xhr.status})`, details: [] }));
        return;
      }
      const parsed = schema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiRequestError('invalid-response', xhr.status, body));
    };
    const form = new FormData();
    form.append('multipartFile', file, file.name);
    xhr.send(form);
  });
}

export const previewFile = (p: UploadPlace, file: File) => sendFile(uploadUrl('/api/data-sync/import/preview', p), file, importPreviewSchema);
export const importFile = (p: UploadPlace, file: File, onProgress?: (percent: number) => void) =>
  sendFile(uploadUrl('/api/data-sync/import', p), file, fileReportDetailSchema, onProgress);
