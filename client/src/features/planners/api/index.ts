import {
  PLANNERS,
  cvLeadBatchPageSchema,
  cvLeadBatchSchema,
  cvLeadRunResultSchema,
  type CvLeadBatch,
  type CvLeadBatchPage,
  type CvLeadRunResult,
  auditPageSchema,
  artResultSchema,
  plannerResultSchema,
  type ArtResult,
  plannerRunPageSchema,
  plannerRunSchema,
  type AuditPage,
  type PlannerCode,
  type PlannerResult,
  type PlannerRun,
  type PlannerRunPage,
  recallLeadPageSchema,
  recallTransferResultSchema,
  recallTypeSchema,
  fileReportSchema,
  type FileReport,
  type RecallType,
  type RecallLeadPage,
  type RecallTransferResult,
} from '@drivebay/shared';
import { z } from 'zod';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/session/session-store';

/** What the screen asks a planner: the store, the planner date (DD.MM.YYYY) and the window. */
export type PlannerAsk = {
  storeId: number;
  bocId: number;
  plannerDate: string;
  minimumDays: number;
  maximumDays: number;
  custNo?: string | undefined;
};

/** One planner call at the path of its tab, GET with a query or POST with a body. */
export function runPlanner(
  code: PlannerCode,
  ask: PlannerAsk,
  o: { transfer: boolean; hardRun?: boolean; page?: number; size?: number; signal?: AbortSignal },
): Promise<PlannerResult> {
  const params = {
    store_id: ask.storeId,
    boc_id: ask.bocId,
    plannerDate: ask.plannerDate,
    minimumDays: ask.minimumDays,
    maximumDays: ask.maximumDays,
    ...(ask.custNo ? { cust_no: ask.custNo } : {}),
    transfer: o.transfer,
    hardRun: o.hardRun ?? false,
    page: o.page ?? 0,
    size: o.size ?? 25,
  };
  const { method, path } = PLANNERS[code].call;
  // The screen shows its own failures (the re-run question needs the refusal itself).
  return method === 'GET'
    ? apiRequest(path, { query: params, schema: plannerResultSchema, signal: o.signal, notify: false })
    : apiRequest(path, { method: 'POST', body: params, schema: plannerResultSchema, signal: o.signal, notify: false });
}

/** The planner's manual hand-off: view its due list, or transfer it to people instead of the assistant. */
export function handOffPlanner(code: PlannerCode, ask: PlannerAsk, o: { transfer: boolean; hardRun?: boolean }): Promise<PlannerResult> {
  return apiRequest('/api/lisa/hand-off/manual-hand-off', {
    method: 'POST',
    body: {
      planner: code,
      store_id: ask.storeId,
      boc_id: ask.bocId,
      plannerDate: ask.plannerDate,
      minimumDays: ask.minimumDays,
      maximumDays: ask.maximumDays,
      ...(ask.custNo ? { cust_no: ask.custNo } : {}),
      transfer: o.transfer,
      hardRun: o.hardRun ?? false,
    },
    schema: plannerResultSchema,
    notify: false,
  });
}

/** The all-tabs run (ART): every tab's counts for the date, or a transfer of every tab. */
export function runAllTabs(
  ask: Pick<PlannerAsk, 'storeId' | 'bocId' | 'plannerDate'>,
  o: { transfer: boolean; hardRun?: boolean; planners?: PlannerCode[] },
): Promise<ArtResult> {
  return apiRequest('/api/lisa/art', {
    method: 'POST',
    body: { store_id: ask.storeId, boc_id: ask.bocId, plannerDate: ask.plannerDate, transfer: o.transfer, hardRun: o.hardRun ?? false, ...(o.planners ? { planners: o.planners } : {}) },
    schema: artResultSchema,
    notify: false,
  });
}

export function getPlannerRun(runId: number, signal?: AbortSignal): Promise<PlannerRun> {
  return apiRequest(`/api/future-service-interaction/planner-runs/${runId}`, { schema: plannerRunSchema, signal, notify: false });
}

export function getPlannerRuns(storeId: number, page: number, size: number, signal?: AbortSignal): Promise<PlannerRunPage> {
  return apiRequest('/api/future-service-interaction/planner-runs', { query: { store_id: storeId, page, size }, schema: plannerRunPageSchema, signal, notify: false });
}

export function searchAudit(storeId: number, auditType: 1 | 2, page: number, size: number, signal?: AbortSignal): Promise<AuditPage> {
  return apiRequest('/api/future-service-interaction/audit-planner-search', {
    method: 'POST',
    body: { store_id: storeId, auditType, page, size },
    schema: auditPageSchema,
    signal,
    notify: false,
  });
}

export function getCvLeadBatches(storeId: number, page: number, size: number, signal?: AbortSignal): Promise<CvLeadBatchPage> {
  return apiRequest('/api/future-service-interaction/cv-leads-batchs', { query: { store_id: storeId, page, size }, schema: cvLeadBatchPageSchema, signal, notify: false });
}

/** Uploads a CSV file as a new batch (multipart, field multipartFile). */
export async function importCvLeadFile(storeId: number, file: File): Promise<CvLeadBatch> {
  const form = new FormData();
  form.append('multipartFile', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/future-service-interaction/cv-leads-batchs/import?store_id=${storeId}`, { method: 'POST', headers, body: form });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiRequestError('http', res.status, body);
  return cvLeadBatchSchema.parse(body);
}

export function runCvLeadBatch(storeId: number, batchId: number, transfer: boolean): Promise<CvLeadRunResult> {
  return apiRequest('/api/future-service-interaction/run-future-prediction-for-cv-leads', {
    query: { store_id: storeId, batchId, transfer, page: 0, size: 100 },
    schema: cvLeadRunResultSchema,
    notify: false,
  });
}

/** The store's recall leads (recalls of its vehicles from manufacturer files), newest first. */
export function getRecallLeads(
  enterpriseId: number,
  storeId: number,
  page: number,
  size: number,
  filters: { fileReportId?: number | undefined; recallType?: string | undefined },
  signal?: AbortSignal,
): Promise<RecallLeadPage> {
  const query = { enterprise_id: enterpriseId, store_id_pk: storeId, page, size, file_report_id: filters.fileReportId, recall_type: filters.recallType };
  return apiRequest('/api/data-sync/recalllead/fetch/all', { query, schema: recallLeadPageSchema, signal, notify: false });
}

/** Recall leads to start conversations from: named ones, or every new one of a file and/or type (none: all of the store). */
export function transferRecallLeads(
  enterpriseId: number,
  storeId: number,
  pick: { recallLeadIds?: number[]; fileReportId?: number; recallType?: string },
): Promise<RecallTransferResult> {
  const named = pick.recallLeadIds?.length ? { recallLeadIds: pick.recallLeadIds } : {};
  const filters = {
    ...(pick.fileReportId !== undefined ? { fileReportId: pick.fileReportId } : {}),
    ...(pick.recallType !== undefined ? { recall_type: pick.recallType } : {}),
  };
  const all = !pick.recallLeadIds?.length && pick.fileReportId === undefined && pick.recallType === undefined;
  return apiRequest('/api/data-sync/recalllead/transfer', {
    method: 'POST',
    body: { enterprise_id: enterpriseId, store_id_pk: storeId, ...(pick.recallLeadIds?.length ? named : filters), ...(all ? { all: true } : {}) },
    schema: recallTransferResultSchema,
    notify: false,
  });
}

/** Recall types, for the recall leads' filter. */
export function getRecallTypeList(signal?: AbortSignal): Promise<RecallType[]> {
  return apiRequest('/api/data-sync/recalltype/fetch/all', { schema: z.array(recallTypeSchema), signal, notify: false });
}

/** The store's imported recall files, newest first, for the recall leads' filter. */
export async function getRecallFiles(enterpriseId: number, storeId: number, signal?: AbortSignal): Promise<FileReport[]> {
  const all = await apiRequest(`/api/data-sync/fetch-file-uploard-reports/${enterpriseId}`, { query: { file_type: 'RECALL' }, schema: z.array(fileReportSchema), signal, notify: false });
  return all.filter((f) => f.storeId === storeId && f.status === 'COMPLETED' && !f.dryRun);
}
