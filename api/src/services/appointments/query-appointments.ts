import type { Appointment, AppointmentStatus } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/** Which appointments of one store to read. Days are YYYY-MM-DD in the store's office zone. */
export type AppointmentFilter = {
  storeId: number;
  ids?: readonly number[];
  /** Starting on or after this day ... */
  from?: string;
  /** ... and before this day (exclusive). */
  before?: string;
  statuses?: readonly AppointmentStatus[];
  advisorId?: number;
  /** The conversation the appointment belongs to. */
  fid?: number;
  /** One customer's appointments (their page). */
  customerId?: number;
  /** Customer name, phone, e-mail or VIN. */
  query?: string;
  /** Only appointments whose conversation has a received message. */
  withReceivedMessage?: boolean;
  page?: { page: number; size: number };
};

type Row = {
  id: number;
  apptStatus: AppointmentStatus;
  storeId: number;
  dealerCode: string | null;
  startDate: Date;
  endDate: Date;
  transportType: string | null;
  advisorId: number | null;
  advisorName: string | null;
  opCodes: string[];
  futureServiceInteractionId: number | null;
  customerId: number | null;
  firstName: string | null;
  lastName: string | null;
  cellular: string | null;
  email: string | null;
  vehicleId: number | null;
  make: string | null;
  model: string | null;
  year: number | null;
  vin: string | null;
  title: string | null;
  cancelReason: string | null;
  createdOn: Date;
  updatedOn: Date;
  packages: { opCode: string; description: string }[];
  total: number;
};

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const dayStart = (sql: Sql, day: string) => sql`((${day}::date)::timestamp at time zone s.office_time_zone)`;

function where(sql: Sql, f: AppointmentFilter) {
  const parts = [sql`ap.store_id = ${f.storeId}`];
  if (f.ids) parts.push(sql`ap.id = any(${[...f.ids]}::bigint[])`);
  if (f.from) parts.push(sql`ap.start_date >= ${dayStart(sql, f.from)}`);
  if (f.before) parts.push(sql`ap.start_date < ${dayStart(sql, f.before)}`);
  if (f.statuses) parts.push(sql`ap.appt_status = any(${[...f.statuses]}::text[])`);
  if (f.advisorId !== undefined) parts.push(sql`ap.advisor_id = ${f.advisorId}`);
  if (f.fid !== undefined) parts.push(sql`ap.future_service_interaction_id = ${f.fid}`);
  if (f.customerId !== undefined) parts.push(sql`ap.customer_id = ${f.customerId}`);
  if (f.withReceivedMessage) parts.push(sql`fi.last_message_received_date is not null`);
  if (f.query) {
    const term = likeTerm(f.query);
    parts.push(sql`(c.first_name ilike ${term} or c.last_name ilike ${term} or (c.first_name || ' ' || c.last_name) ilike ${term}
      or c.cellular ilike ${term} or c.email ilike ${term} or v.vin ilike ${term})`);
  }
  return parts.reduce((acc, part) => sql`${acc} and ${part}`);
}

/** Appointments of one store with customer, vehicle, advisor and service names, by start time. */
export async function queryAppointments(sql: Sql, f: AppointmentFilter): Promise<{ appointments: Appointment[]; total: number }> {
  const paging = f.page ? sql`limit ${f.page.size} offset ${f.page.page * f.page.size}` : sql``;
  const rows = await sql<Row[]>`
    select ap.id, ap.appt_status, ap.store_id, ap.dealer_code, ap.start_date, ap.end_date, ap.transport_type,
      ap.advisor_id, sa.name as advisor_name, ap.op_codes, ap.future_service_interaction_id,
      c.id as customer_id, c.first_name, c.last_name, c.cellular, c.email,
      v.id as vehicle_id, v.make, v.model, v.year, v.vin,
      ap.title, ap.cancel_reason, ap.created_on, ap.updated_on,
      coalesce((select json_agg(json_build_object('opCode', o.op_code, 'description', o.description) order by o.position)
        from service_operation o where o.op_code = any(ap.op_codes)), '[]'::json) as packages,
      count(*) over ()::int as total
    from appointment ap
    join store s on s.id = ap.store_id
    left join service_advisor sa on sa.id = ap.advisor_id
    left join customer c on c.id = ap.customer_id
    left join service_vehicle v on v.id = ap.service_vehicle_id
    left join future_service_interaction fi on fi.id = ap.future_service_interaction_id
    where ${where(sql, f)}
    order by ap.start_date, ap.id
    ${paging}`;
  return { appointments: rows.map(toAppointment), total: rows[0]?.total ?? 0 };
}

function toAppointment(r: Row): Appointment {
  return {
    apptId: r.id,
    apptStatus: r.apptStatus,
    storeId: r.storeId,
    dealerCode: r.dealerCode,
    startDate: r.startDate.toISOString(),
    endDate: r.endDate.toISOString(),
    transportType: r.transportType,
    advisorId: r.advisorId,
    advisorName: r.advisorName,
    opCodes: r.opCodes,
    servicePackages: r.packages,
    future_service_interaction_id: r.futureServiceInteractionId,
    customer:
      r.customerId === null
        ? null
        : { id: r.customerId, firstName: r.firstName ?? '', lastName: r.lastName ?? '', cellular: r.cellular, email: r.email },
    vehicle:
      r.vehicleId === null ? null : { id: r.vehicleId, make: r.make ?? '', model: r.model ?? '', year: r.year ?? 0, vin: r.vin ?? '' },
    title: r.title,
    cancelReason: r.cancelReason,
    createdOn: r.createdOn.toISOString(),
    updatedOn: r.updatedOn.toISOString(),
  };
}

/** One appointment by id (any store), or null. */
export async function findAppointment(sql: Sql, id: number): Promise<Appointment | null> {
  const [row] = await sql<{ storeId: number }[]>`select store_id from appointment where id = ${id}`;
  if (!row) return null;
  const { appointments } = await queryAppointments(sql, { storeId: row.storeId, ids: [id] });
  return appointments[0] ?? null;
}
