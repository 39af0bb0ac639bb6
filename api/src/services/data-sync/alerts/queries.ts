import { AppError, type Alert, type AlertFileType, type AlertPage, type AlertSearch, type FileReport, type FileReportDetail, type ImportFileType, type RecallLead, type RecallType } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { assertStorePlace, visibleStoreIds } from '../access';

type ReportRow = Omit<FileReport, 'createdOn' | 'finishedOn' | 'status' | 'progress'> & { status: FileReport['status']; progress: number; createdOn: Date; finishedOn: Date | null };

// A file still PROCESSING after this long belongs to a process that died: nothing of it was
// applied (the rows are applied with the report's completion), so it is shown as failed.
const STALE_MINUTES = 30;

const selectReports = (sql: Sql) => sql`
  select r.id, r.enterprise_id, r.boc_id, r.store_id, s.store_name, r.data_source_id, r.file_type, r.recall_type, r.file_name, r.file_size, r.dry_run,
    case when r.status = 'PROCESSING' and r.created_on < now() - make_interval(mins => ${STALE_MINUTES}) then 'FAILED' else r.status end as status,
    r.progress, r.total_rows, r.accepted_rows, r.rejected_rows, r.duplicate_rows, r.created_records, r.updated_records,
    case when r.status = 'PROCESSING' and r.created_on < now() - make_interval(mins => ${STALE_MINUTES}) then 'The import stopped before it finished; nothing of it was kept' else r.file_error end as file_error,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as uploaded_by, r.created_on, r.finished_on
  from file_upload_report r join store s on s.id = r.store_id left join app_user u on u.id = r.uploaded_by`;

const toReport = (r: ReportRow): FileReport => ({ ...r, progress: r.status === 'PROCESSING' ? r.progress : 0, createdOn: r.createdOn.toISOString(), finishedOn: r.finishedOn?.toISOString() ?? null });

/** Uploaded files of an enterprise (one kind when named), newest first: the file reports. */
export async function fileReports(sql: Sql, user: SessionUser, enterpriseId: number, fileType?: ImportFileType): Promise<FileReport[]> {
  const stores = await visibleStoreIds(sql, user, enterpriseId);
  const rows = await sql<ReportRow[]>`
    ${selectReports(sql)} where r.enterprise_id = ${enterpriseId} and r.store_id = any(${stores}::bigint[])
      ${fileType ? sql`and r.file_type = ${fileType}` : sql``}
    order by r.created_on desc, r.id desc limit 200`;
  return rows.map(toReport);
}

export async function fileReport(sql: Sql, user: SessionUser, id: number): Promise<FileReportDetail> {
  const [row] = await sql<ReportRow[]>`${selectReports(sql)} where r.id = ${id}`;
  if (!row) throw new AppError('NOT_FOUND', `File report ${id} does not exist`, [{ field: 'fileReportId', message: 'unknown file report' }]);
  await assertStorePlace(sql, user, { storeId: row.storeId });
  const rowErrors = await sql<{ rowNumber: number; field: string; message: string }[]>`
    select row_number, field, message from file_upload_row_error where file_report_id = ${id} order by row_number, field`;
  return { ...toReport(row), rowErrors };
}

type AlertRow = {
  id: number; fileReportId: number; fileType: AlertFileType; storeId: number; storeName: string; recallType: string | null; vin: string; code: string;
  description: string; alertDate: string; odometer: number | null; customerId: number | null; firstName: string | null; lastName: string | null;
  cellular: string | null; vehicleId: number | null; make: string | null; model: string | null; year: number | null; enrichedOn: Date | null; total: number;
};

const selectAlerts = (sql: Sql) => sql`
  select a.id, a.file_report_id, a.file_type, a.store_id, s.store_name, a.recall_type, a.vin, a.code, a.description, to_char(a.alert_date, 'YYYY-MM-DD') as alert_date,
    a.odometer, c.id as customer_id, c.first_name, c.last_name, c.cellular, v.id as vehicle_id, v.make, v.model, v.year, a.enriched_on,
    count(*) over ()::int as total
  from manufacturer_alert a join store s on s.id = a.store_id
  left join customer c on c.id = a.customer_id left join service_vehicle v on v.id = a.service_vehicle_id`;

const toAlert = (r: AlertRow): Alert => ({
  id: r.id, fileReportId: r.fileReportId, fileType: r.fileType, storeId: r.storeId, storeName: r.storeName, recallType: r.recallType, vin: r.vin, code: r.code,
  description: r.description, alertDate: r.alertDate, odometer: r.odometer,
  customer: r.customerId ? { id: r.customerId, firstName: r.firstName ?? '', lastName: r.lastName ?? '', cellular: r.cellular } : null,
  vehicle: r.vehicleId ? { id: r.vehicleId, make: r.make ?? '', model: r.model ?? '', year: r.year ?? 0 } : null,
  enrichedOn: r.enrichedOn?.toISOString() ?? null,
});

const page = (rows: AlertRow[], p: number, size: number): AlertPage => ({ content: rows.map(toAlert), page: p, size, totalElements: rows[0]?.total ?? 0 });

/** The alerts of one file of a kind (the hea, cca and fea pages), a page at a time. */
export async function alertsOfFile(sql: Sql, user: SessionUser, o: { fileReportId: number; fileType: AlertFileType; page: number; size: number }): Promise<AlertPage> {
  const report = await fileReport(sql, user, o.fileReportId);
  if (report.fileType !== o.fileType) throw new AppError('VALIDATION_FAILED', `File report ${o.fileReportId} is a ${report.fileType} file`, [{ field: 'fileReportId', message: `not a ${o.fileType} file` }]);
  const rows = await sql<AlertRow[]>`${selectAlerts(sql)} where a.file_report_id = ${o.fileReportId} order by a.alert_date desc, a.id limit ${o.size} offset ${o.page * o.size}`;
  return page(rows, o.page, o.size);
}

/** The alert inbox: alerts of the stores the user sees, newest first (POST /api/email-alert/all). */
export async function searchAlerts(sql: Sql, user: SessionUser, s: AlertSearch, p: { page: number; size: number }): Promise<AlertPage> {
  let stores = await visibleStoreIds(sql, user, s.enterpriseId);
  if (s.storeIds?.length) {
    for (const id of s.storeIds) await assertStorePlace(sql, user, { storeId: id, enterpriseId: s.enterpriseId });
    stores = s.storeIds;
  }
  const rows = await sql<AlertRow[]>`
    ${selectAlerts(sql)} where a.store_id = any(${stores}::bigint[])
      ${s.fileTypes?.length ? sql`and a.file_type = any(${s.fileTypes}::text[])` : sql``}
      ${s.matchedOnly ? sql`and a.service_vehicle_id is not null` : sql``}
      ${s.vin ? sql`and a.vin like ${`${s.vin.toUpperCase().replace(/[%_\\]/g, '')}%`}` : sql``}
    order by a.alert_date desc, a.id desc limit ${p.size} offset ${p.page * p.size}`;
  return page(rows, p.page, p.size);
}

export async function recallTypes(sql: Sql): Promise<RecallType[]> {
  return sql<RecallType[]>`select id, code, name from recall_type order by name`;
}

/**
 * Recall leads of the stores the user sees (one store, one recall type, one file when named), newest
 * first, with what became of each: the conversation a transfer started and the outcome of its first
 * text, or why the last transfer left it out.
 */
export async function recallLeads(
  sql: Sql,
  user: SessionUser,
  q: { enterprise_id: number; store_id_pk?: number | undefined; recall_type?: string | undefined; file_report_id?: number | undefined; page: number; size: number },
) {
  let stores = await visibleStoreIds(sql, user, q.enterprise_id);
  if (q.store_id_pk !== undefined) {
    await assertStorePlace(sql, user, { storeId: q.store_id_pk, enterpriseId: q.enterprise_id });
    stores = [q.store_id_pk];
  }
  type Row = Omit<RecallLead, 'createdOn' | 'transferredOn' | 'leftOutReason'> & { createdOn: Date; transferredOn: Date | null; leftOutReason: RecallLead['leftOutReason'] | null; total: number };
  const rows = await sql<Row[]>`
    select l.id, l.store_id, s.store_name, l.customer_id, trim(c.first_name || ' ' || c.last_name) as customer_name, c.cellular, l.service_vehicle_id, v.vin,
      trim(v.year::text || ' ' || v.make || ' ' || v.model) as vehicle, l.recall_type, l.campaign_code, a.description, l.status, l.created_on,
      a.file_report_id, l.left_out_reason, l.future_service_interaction_id as interaction_id, l.transferred_on,
      f.metadata #>> '{initiation,outcome}' as start_outcome, f.metadata #>> '{initiation,reason}' as start_reason,
      count(*) over ()::int as total
    from recall_lead l join store s on s.id = l.store_id join customer c on c.id = l.customer_id join service_vehicle v on v.id = l.service_vehicle_id
    join manufacturer_alert a on a.id = l.manufacturer_alert_id
    left join future_service_interaction f on f.id = l.future_service_interaction_id
    where l.store_id = any(${stores}::bigint[]) ${q.recall_type ? sql`and l.recall_type = ${q.recall_type}` : sql``}
      ${q.file_report_id ? sql`and a.file_report_id = ${q.file_report_id}` : sql``}
    order by l.created_on desc, l.id desc limit ${q.size} offset ${q.page * q.size}`;
  return {
    content: rows.map(({ total: _total, ...r }) => ({
      ...r,
      interactionId: r.interactionId === null ? null : Number(r.interactionId),
      createdOn: r.createdOn.toISOString(),
      transferredOn: r.transferredOn ? r.transferredOn.toISOString() : null,
    })),
    page: q.page,
    size: q.size,
    totalElements: rows[0]?.total ?? 0,
  };
}
