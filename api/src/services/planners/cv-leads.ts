import { parse } from 'csv-parse/sync';
import {
  AppError,
  CV_LEAD_COLUMNS,
  CV_LEAD_MAX_ROWS,
  validateLeadPhone,
  type CvLead,
  type CvLeadBatch,
  type CvLeadBatchPage,
  type CvLeadPage,
  type CvLeadRunResult,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { createInteractions } from '../interactions';
import { assertStoreAccess } from '../org/scope';

type Column = (typeof CV_LEAD_COLUMNS)[number];
const ALIASES: Record<string, Column> = { firstname: 'first_name', lastname: 'last_name', mobile: 'cellular', phone: 'cellular', cell: 'cellular', odometer: 'mileage', miles: 'mileage' };

function columnOf(header: string): Column | null {
  const key = header.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if ((CV_LEAD_COLUMNS as readonly string[]).includes(key)) return key as Column;
  return ALIASES[key.replace(/_/g, '')] ?? null;
}

/** A ten-digit US number (with or without +1 / 1) as E.164, or null. */
function mobile(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const r = validateLeadPhone(ten);
  return r.ok ? r.e164 : null;
}

/**
 * Reads a CSV file of customer-vehicle leads (a header row naming the columns) into a new batch of
 * the store, matches each lead to the store's vehicle by VIN or else to its customer by mobile
 * number, and reports the rows it did not take with why. Nothing is written when the file itself
 * cannot be read.
 */
export async function importCvLeads(sql: Sql, user: SessionUser, o: { storeId: number; name?: string | undefined; fileName: string; text: string }): Promise<CvLeadBatch> {
  await assertStoreAccess(sql, user, o.storeId);
  let records: string[][];
  try {
    records = parse(o.text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    throw new AppError('VALIDATION_FAILED', `The file is not a readable CSV file: ${(err as Error).message}`, [{ field: 'multipartFile', message: 'not CSV' }]);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map(columnOf);
  if (!columns.includes('vin') && !columns.includes('cellular')) {
    throw new AppError('VALIDATION_FAILED', 'The first row must name the columns, among them vin or cellular', [{ field: 'multipartFile', message: 'no vin or cellular column' }]);
  }
  if (rows.length > CV_LEAD_MAX_ROWS) {
    throw new AppError('VALIDATION_FAILED', `A file may hold at most ${CV_LEAD_MAX_ROWS} leads`, [{ field: 'multipartFile', message: 'too many rows' }]);
  }
  const leads: Record<string, unknown>[] = [];
  const rejected: { row: number; reason: string }[] = [];
  rows.forEach((cells, i) => {
    const v: Partial<Record<Column, string>> = {};
    columns.forEach((c, k) => {
      if (c && cells[k]) v[c] = cells[k];
    });
    const row = i + 2;
    const cellular = v.cellular ? mobile(v.cellular) : null;
    const vin = v.vin?.toUpperCase() ?? null;
    if (v.cellular && !cellular) return void rejected.push({ row, reason: `Invalid Number: ${v.cellular}` });
    if (!vin && !cellular) return void rejected.push({ row, reason: 'Neither a VIN nor a mobile number' });
    const year = v.year ? Number(v.year) : null;
    const mileage = v.mileage ? Number(v.mileage.replace(/[,\s]/g, '')) : null;
    if (year !== null && !(Number.isInteger(year) && year > 1900 && year < 2100)) return void rejected.push({ row, reason: `Not a model year: ${v.year}` });
    if (mileage !== null && !(Number.isInteger(mileage) && mileage >= 0)) return void rejected.push({ row, reason: `Not a mileage: ${v.mileage}` });
    leads.push({
      store_id: o.storeId,
      row_number: row,
      first_name: v.first_name ?? '',
      last_name: v.last_name ?? '',
      cellular,
      email: v.email ?? null,
      vin,
      make: v.make ?? null,
      model: v.model ?? null,
      year,
      mileage,
    });
  });

  const batchId = await sql.begin(async (tx) => {
    const [batch] = await tx<{ id: number }[]>`
      insert into cv_lead_batch (store_id, name, file_name, row_count, rejected, created_by)
      values (${o.storeId}, ${o.name ?? o.fileName}, ${o.fileName}, ${leads.length}, ${tx.json(rejected)}, ${user.userId}) returning id`;
    if (leads.length) {
      await tx`insert into customer_vehicle_lead ${tx(leads.map((l) => ({ ...l, batch_id: batch!.id })) as never)}`;
      await tx`
        update customer_vehicle_lead l set service_vehicle_id = v.id, customer_id = v.customer_id
        from service_vehicle v join customer c on c.id = v.customer_id
        where l.batch_id = ${batch!.id} and l.vin is not null and v.vin = l.vin and c.store_id = l.store_id`;
      await tx`
        update customer_vehicle_lead l set customer_id = m.id,
          service_vehicle_id = (select v.id from service_vehicle v where v.customer_id = m.id order by v.id desc limit 1)
        from (select distinct on (cellular) id, cellular from customer where store_id = ${o.storeId} and cellular is not null order by cellular, id) m
        where l.batch_id = ${batch!.id} and l.customer_id is null and l.cellular = m.cellular`;
    }
    return batch!.id;
  });
  return loadBatch(sql, batchId);
}

const BATCH_SELECT = (sql: Sql) => sql`
  select b.id, b.store_id, b.name, b.file_name, b.row_count, b.rejected::text as rejected, b.created_on,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by,
    (select count(*)::int from customer_vehicle_lead l where l.batch_id = b.id and l.customer_id is not null) as matched,
    (select count(*)::int from customer_vehicle_lead l where l.batch_id = b.id and l.future_service_interaction_id is not null) as transferred
  from cv_lead_batch b left join app_user u on u.id = b.created_by`;

type BatchRow = { id: number; storeId: number; name: string; fileName: string | null; rowCount: number; rejected: string; createdOn: Date; createdBy: string | null; matched: number; transferred: number };
const batchDto = (b: BatchRow): CvLeadBatch => ({
  id: Number(b.id),
  storeId: Number(b.storeId),
  name: b.name,
  fileName: b.fileName,
  rowCount: b.rowCount,
  matched: b.matched,
  transferred: b.transferred,
  rejected: JSON.parse(b.rejected) as CvLeadBatch['rejected'],
  createdBy: b.createdBy,
  createdOn: new Date(b.createdOn).toISOString(),
});

async function loadBatch(sql: Sql, batchId: number): Promise<CvLeadBatch> {
  const [b] = await sql<BatchRow[]>`${BATCH_SELECT(sql)} where b.id = ${batchId}`;
  if (!b) throw new AppError('NOT_FOUND', `Lead batch ${batchId} does not exist`, [{ field: 'batchId', message: 'unknown batch' }]);
  return batchDto(b);
}

/** `GET cv-leads-batchs`: the store's lead batches, newest first. */
export async function listCvLeadBatches(sql: Sql, user: SessionUser, q: { store_id: number; page: number; size: number }): Promise<CvLeadBatchPage> {
  await assertStoreAccess(sql, user, q.store_id);
  const rows = await sql<(BatchRow & { total: number })[]>`
    select x.*, count(*) over ()::int as total from (${BATCH_SELECT(sql)} where b.store_id = ${q.store_id}) x
    order by x.created_on desc, x.id desc limit ${q.size} offset ${q.page * q.size}`;
  return { content: rows.map(batchDto), page: q.page, size: q.size, totalElements: rows[0]?.total ?? 0 };
}

type LeadRow = { id: number; batchId: number; rowNumber: number; firstName: string; lastName: string; cellular: string | null; email: string | null; vin: string | null; make: string | null; model: string | null; year: number | null; mileage: number | null; customerId: number | null; futureServiceInteractionId: number | null; total: number };
const leadDto = (l: LeadRow): CvLead => ({
  id: Number(l.id),
  batchId: Number(l.batchId),
  rowNumber: l.rowNumber,
  firstName: l.firstName,
  lastName: l.lastName,
  cellular: l.cellular,
  email: l.email,
  vin: l.vin,
  vehicle: [l.year, l.make, l.model].filter(Boolean).join(' '),
  mileage: l.mileage,
  matched: l.customerId !== null,
  interactionId: l.futureServiceInteractionId === null ? null : Number(l.futureServiceInteractionId),
});

/** `GET /api/list-of-customer-vehicle-lead/search`: the store's leads, of one batch or all, by name, number or VIN. */
export async function searchCvLeads(sql: Sql, user: SessionUser, q: { store_id: number; batchId?: number | undefined; q?: string | undefined; page: number; size: number }): Promise<CvLeadPage> {
  await assertStoreAccess(sql, user, q.store_id);
  const batch = q.batchId ?? null;
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const rows = await sql<LeadRow[]>`
    select l.*, count(*) over ()::int as total from customer_vehicle_lead l
    where l.store_id = ${q.store_id} and (${batch}::bigint is null or l.batch_id = ${batch}::bigint)
      and (${like}::text is null or l.first_name ilike ${like} or l.last_name ilike ${like} or l.cellular ilike ${like} or l.vin ilike ${like})
    order by l.batch_id desc, l.row_number limit ${q.size} offset ${q.page * q.size}`;
  return { content: rows.map(leadDto), page: q.page, size: q.size, totalElements: rows[0]?.total ?? 0 };
}

/**
 * `GET run-future-prediction-for-cv-leads`: view a batch's leads, or transfer the matched ones not
 * yet transferred into CV_LEAD_SMT_1 interactions (each lead once: it is claimed in the same
 * transaction that creates its interaction) and hand them to the first outreach.
 */
export async function runCvLeads(
  sql: Sql,
  user: SessionUser,
  initiate: (ids: number[]) => Promise<void>,
  q: { store_id: number; batchId: number; transfer: boolean; page: number; size: number },
): Promise<CvLeadRunResult> {
  await assertStoreAccess(sql, user, q.store_id);
  const [owner] = await sql<{ storeId: number }[]>`select store_id from cv_lead_batch where id = ${q.batchId}`;
  if (!owner || Number(owner.storeId) !== q.store_id) throw new AppError('NOT_FOUND', `Lead batch ${q.batchId} does not exist at this store`, [{ field: 'batchId', message: 'unknown batch' }]);
  let transferred = 0;
  if (q.transfer) {
    const ids = await sql.begin(async (tx) => {
      const claimed = await tx<{ id: number; customerId: number; serviceVehicleId: number | null }[]>`
        select id, customer_id, service_vehicle_id from customer_vehicle_lead
        where batch_id = ${q.batchId} and customer_id is not null and future_service_interaction_id is null
        order by row_number for update skip locked`;
      if (!claimed.length) return [];
      const created = await createInteractions(
        tx as unknown as Sql,
        claimed.map((l) => ({
          storeId: q.store_id,
          customerId: Number(l.customerId),
          serviceVehicleId: l.serviceVehicleId === null ? null : Number(l.serviceVehicleId),
          serviceType: 'CV_LEAD_SMT_1' as const,
          plannedServiceType: 'CV_LEAD_SMT_1' as const,
          metadata: { cvLeadBatchId: q.batchId },
        })),
      );
      await tx`
        update customer_vehicle_lead l set future_service_interaction_id = v.fsi, transferred_on = now()
        from (select unnest(${claimed.map((c) => c.id)}::bigint[]) as id, unnest(${created}::bigint[]) as fsi) v where l.id = v.id`;
      return created;
    });
    transferred = ids.length;
    if (ids.length) await initiate(ids);
  }
  const page = await searchCvLeads(sql, user, { store_id: q.store_id, batchId: q.batchId, page: q.page, size: q.size });
  return { batch: await loadBatch(sql, q.batchId), transferred, ...page };
}
