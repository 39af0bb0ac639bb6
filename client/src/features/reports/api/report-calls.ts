import { z } from 'zod';
import {
  APPOINTMENT_STATUS_REPORT_BASE_PATH,
  appointmentDatewiseSchema,
  appointmentDetailPageSchema,
  appointmentSummarySchema,
  bocSchema,
  bucketReportSchema,
  dashboardDetailPageSchema,
  dashboardSchema,
  monthlyReportSchema,
  reportTemplateSchema,
  storeSchema,
  type AppointmentDatewise,
  type AppointmentDetailPage,
  type AppointmentDetailRequest,
  type AppointmentReportKind,
  type AppointmentSummary,
  type Boc,
  type BucketReportRequest,
  type BucketReportResult,
  type Dashboard,
  type DashboardDetailPage,
  type DashboardDetailRequest,
  type DashboardRequest,
  type MonthlyReport,
  type ReportExport,
  type ReportFilter,
  type ReportTemplate,
  type ReportTemplateInput,
  type ReportTemplateUpdate,
  type Store,
} from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/session/session-store';

const post = <T extends z.ZodType>(path: string, body: unknown, schema: T, signal?: AbortSignal) =>
  apiRequest(path, { method: 'POST', body, schema, signal, notify: false }) as Promise<z.output<T>>;

export const getReportStores = (enterpriseId: number, signal?: AbortSignal): Promise<Store[]> =>
  apiRequest(`/api/enterprise/${enterpriseId}/store`, { schema: z.array(storeSchema), signal, notify: false });
export const getReportBocs = (enterpriseId: number, signal?: AbortSignal): Promise<Boc[]> =>
  apiRequest(`/api/enterprise/${enterpriseId}/boc`, { schema: z.array(bocSchema), signal, notify: false });

export const getDashboard = (body: DashboardRequest, signal?: AbortSignal): Promise<Dashboard> =>
  post('/api/future-service-interaction/summaryReport', body, dashboardSchema, signal);
export const getDashboardDetail = (body: DashboardDetailRequest, signal?: AbortSignal): Promise<DashboardDetailPage> =>
  post('/api/future-service-interaction/summaryReport/detail', body, dashboardDetailPageSchema, signal);
export const getMonthly = (body: ReportFilter, signal?: AbortSignal): Promise<MonthlyReport> =>
  post('/api/lisa/report/responseInsight/monthly', body, monthlyReportSchema, signal);
export const getBucketReport = (path: string, body: BucketReportRequest, signal?: AbortSignal): Promise<BucketReportResult> =>
  post(path, body, bucketReportSchema, signal);

const B = APPOINTMENT_STATUS_REPORT_BASE_PATH;
const statusPath = (kind: AppointmentReportKind, view: 'summary' | 'datewise' | 'detail') =>
  kind === 'status'
    ? view === 'summary'
      ? `${B}/v2/appointment-status-report-summary`
      : view === 'detail'
        ? `${B}/v2/appointment-status-report-detail`
        : `${B}/fetch-appointment-status-datewise`
    : `${B}/fetch-${kind}-appointment-${view}`;

export const getAppointmentSummary = (kind: AppointmentReportKind, body: ReportFilter, signal?: AbortSignal): Promise<AppointmentSummary> =>
  post(statusPath(kind, 'summary'), body, appointmentSummarySchema, signal);
export const getAppointmentDatewise = (kind: AppointmentReportKind, body: ReportFilter, signal?: AbortSignal): Promise<AppointmentDatewise> =>
  post(statusPath(kind, 'datewise'), body, appointmentDatewiseSchema, signal);
export const getAppointmentDetail = (kind: AppointmentReportKind, body: AppointmentDetailRequest, signal?: AbortSignal): Promise<AppointmentDetailPage> =>
  post(statusPath(kind, 'detail'), body, appointmentDetailPageSchema, signal);

/** Downloads a report's table as a file; resolves to the file name, rejects with the server's message. */
export async function downloadReport(req: ReportExport): Promise<string> {
  const token = getAuthToken();
  const res = await fetch('/api/lisa/report/export', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(req),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || 'Server Error!');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `report.${req.format}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/** The template calls take the enterprise in a header (spec §7); they reject with the server's message. */
async function templateCall<T extends z.ZodType>(enterpriseId: number, method: 'GET' | 'POST' | 'PUT', schema: T, body?: unknown, signal?: AbortSignal): Promise<z.output<T>> {
  const token = getAuthToken();
  const res = await fetch('/api/lisa/report/template-master', {
    method,
    signal,
    headers: {
      Accept: 'application/json',
      enterpriseId: String(enterpriseId),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw new Error((json as { message?: string } | null)?.message || 'Server Error!');
  return schema.parse(json);
}

export const getReportTemplates = (enterpriseId: number, signal?: AbortSignal): Promise<ReportTemplate[]> =>
  templateCall(enterpriseId, 'GET', z.array(reportTemplateSchema), undefined, signal);
export const saveReportTemplate = (enterpriseId: number, input: ReportTemplateInput | ReportTemplateUpdate): Promise<ReportTemplate> =>
  templateCall(enterpriseId, 'id' in input ? 'PUT' : 'POST', reportTemplateSchema, input);
