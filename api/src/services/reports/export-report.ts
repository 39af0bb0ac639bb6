import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import {
  AppError,
  APPOINTMENT_STATUS_REPORT_LABELS,
  BUCKET_REPORT_KEYS,
  REPORT_COUNTER_LABELS,
  REPORT_EXPORT_MAX_ROWS,
  RESPONSE_CATEGORIES,
  RESPONSE_CATEGORY_CODES,
  appointmentDetailRequestSchema,
  DATABASE_VIEWS,
  databaseViewRequestSchema,
  type DatabaseViewKey,
  bucketReport,
  bucketReportRequestSchema,
  dashboardDetailRequestSchema,
  reportFilterSchema,
  serviceTypeLabel,
  type BucketReportKey,
  type ReportExport,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { validationError } from '../../middleware/errors';
import type { SessionUser } from '../auth/sessions';
import { appointmentDetailRows } from './appointment-status';
import { bucketReportRows } from './bucket-reports';
import { dashboardDetailRows } from './dashboard';
import { databaseView } from './database-views';
import { monthlyReport } from './monthly';
import { narrowToStore, resolveReportScope } from './scope';

/** A table as exported: header labels and rows of plain values. */
export type ExportTable = { title: string; columns: string[]; rows: (string | number | null)[][] };

function parseFilter<T extends z.ZodType>(schema: T, filter: unknown): z.output<T> {
  const parsed = schema.safeParse(filter);
  if (!parsed.success) throw validationError(parsed.error, 'filter');
  return parsed.data;
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The rows a report's table shows, all of them (up to the export limit), as people read them. */
export async function exportTable(sql: Sql, user: SessionUser, req: ReportExport, now = new Date()): Promise<ExportTable> {
  const all = { limit: REPORT_EXPORT_MAX_ROWS, offset: 0 };
  if (req.report === 'dashboard') {
    const body = parseFilter(dashboardDetailRequestSchema, req.filter);
    const scope = narrowToStore(await resolveReportScope(sql, user, body, now), body.storeId);
    const rows = scope.storeIds.length ? await dashboardDetailRows(sql, scope, body, all) : [];
    return {
      title: `Dashboard - ${REPORT_COUNTER_LABELS[body.counter]}`,
      columns: ['Conversation', 'Store', 'Customer', 'Service type', 'Customer type', 'Contacted', 'Responded', 'Engaged', 'Appointment booked', 'Response category', 'First response (s)'],
      rows: rows.map((r) => [
        r.futureServiceInteractionId, r.storeName, r.customerName, serviceTypeLabel(r.serviceType), `Type ${r.customerType}`,
        iso(r.contactedOn), iso(r.respondedOn), iso(r.engagedOn), iso(r.apptBookedOn),
        r.responseInsight ? (RESPONSE_CATEGORIES[r.responseInsight as keyof typeof RESPONSE_CATEGORIES] ?? r.responseInsight) : null, r.firstResponseSeconds,
      ]),
    };
  }
  if (req.report === 'appointment-status') {
    const body = parseFilter(appointmentDetailRequestSchema, req.filter);
    const scope = narrowToStore(await resolveReportScope(sql, user, body, now), body.storeId);
    const rows = scope.storeIds.length ? await appointmentDetailRows(sql, scope, body, req.kind ?? 'status', all) : [];
    return {
      title: 'Appointment status',
      columns: ['Appointment', 'Status', 'Conversation', 'Store', 'Customer', 'Service type', 'Starts', 'Booked on', 'Booked by assistant', 'Advisor'],
      rows: rows.map((r) => [
        r.apptId, APPOINTMENT_STATUS_REPORT_LABELS[r.apptStatus], r.futureServiceInteractionId, r.storeName, r.customerName,
        serviceTypeLabel(r.serviceType), r.startDate, r.bookedOn, yesNo(r.bookedByAssistant), r.advisorName,
      ]),
    };
  }
  if (req.report === 'monthly') {
    const body = parseFilter(reportFilterSchema, req.filter);
    const report = await monthlyReport(sql, user, body, now);
    return {
      title: 'Monthly responses',
      columns: ['Month', 'Customer type', ...RESPONSE_CATEGORY_CODES.map((c) => RESPONSE_CATEGORIES[c]), 'Appointments', 'Opt-out', 'Unclassified', 'Responded'],
      rows: report.rows.map((r) => [r.reportMonth, `Type ${r.customerType}`, ...RESPONSE_CATEGORY_CODES.map((c) => r.categories[c]), r.appointments, r.optOut, r.unclassified, r.responded]),
    };
  }
  if (req.report.startsWith('view-')) {
    const view = req.report.slice(5) as DatabaseViewKey;
    const body = parseFilter(databaseViewRequestSchema, req.filter);
    const t = await databaseView(sql, user, view, body, { all: true });
    return { title: DATABASE_VIEWS.find((v) => v.key === view)?.title ?? view, columns: t.columns.map((c) => c.headerName), rows: t.rows };
  }
  const key = req.report as BucketReportKey;
  if (!BUCKET_REPORT_KEYS.includes(key)) throw new AppError('VALIDATION_FAILED', 'Unknown report', [{ field: 'report', message: 'unknown report' }]);
  const body = parseFilter(bucketReportRequestSchema, req.filter);
  const scope = await resolveReportScope(sql, user, body, now);
  const def = bucketReport(key);
  const rows = await bucketReportRows(sql, key, scope, body, all);
  return {
    title: def.title,
    columns: [def.bucketTitle, 'When', 'Store', 'Customer', 'Service type', 'Conversation', 'Detail'],
    rows: rows.map((r) => [r.bucketLabel, r.occurredOn, r.storeName, r.customerName, r.serviceType ? serviceTypeLabel(r.serviceType) : null, r.futureServiceInteractionId, r.detail]),
  };
}

const iso = (v: string | Date | null) => (v === null ? null : typeof v === 'string' ? v : v.toISOString());

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** CSV with a header row (RFC 4180 quoting). */
export function toCsv(t: ExportTable): string {
  return stringify([t.columns, ...t.rows.map((r) => r.map((v) => (v === null ? '' : v)))]);
}

/** An Excel workbook of one sheet, header in bold and frozen. */
export async function toXlsx(t: ExportTable): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(t.columns).font = { bold: true };
  for (const r of t.rows) sheet.addRow(r);
  sheet.columns.forEach((c) => (c.width = 20));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A file name like "appointment-status-2026-11-01-2026-11-30.csv". */
export function exportFileName(req: ReportExport, format: 'csv' | 'xlsx'): string {
  const f = req.filter as { startDate?: unknown; endDate?: unknown };
  const days = [f.startDate, f.endDate].filter((d) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d));
  return `${[req.report, ...days].join('-')}.${format}`;
}
