import { AppError, isoDayInZone, type DmsAppointment, type DmsAppointmentInput, type DmsCustomerVehicle, type DmsHelp } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { assertManager, assertStorePlace } from '../access';
import { dmsSourceOfStore } from '../sources/resolve-source';
import { simulatedChanges } from './simulated-dms';

/**
 * The dealer system's appointment book (spec §7 "Data-sync DMS appointments"): only the simulated
 * dealer system keeps one inside the product; a store served by another DMS is told so.
 */
async function simulatedStore(sql: Sql, user: SessionUser, storeId: number) {
  await assertStorePlace(sql, user, { storeId });
  const source = await dmsSourceOfStore(sql, storeId);
  if (source.kind !== 'SIMULATED_DMS') {
    throw new AppError('VALIDATION_FAILED', `${source.name} does not take appointments from the product`, [{ field: 'storeIdPk', message: 'no appointment connector' }]);
  }
  const [store] = await sql<{ id: number; code: string; brand: string | null; timeZone: string }[]>`
    select id, store_code as code, brand, office_time_zone as time_zone from store where id = ${storeId}`;
  return store!;
}

type Row = Omit<DmsAppointment, 'startDate' | 'endDate'> & { startDate: Date; endDate: Date };
const toAppointment = (r: Row): DmsAppointment => ({ ...r, startDate: r.startDate.toISOString(), endDate: r.endDate.toISOString() });
const select = (sql: Sql) => sql`
  select id, store_id, dms_customer_number, vin, start_date, end_date, op_codes, advisor_number, transport_type, comment, status from dms_appointment`;

export async function insertDmsAppointment(sql: Sql, user: SessionUser, input: DmsAppointmentInput): Promise<DmsAppointment> {
  assertManager(user);
  await simulatedStore(sql, user, input.storeIdPk);
  const [row] = await sql<Row[]>`
    insert into dms_appointment (store_id, dms_customer_number, vin, start_date, end_date, op_codes, advisor_number, transport_type, comment)
    values (${input.storeIdPk}, ${input.dmsCustomerNumber}, ${input.vin ?? null}, ${input.startDate}, ${input.endDate}, ${input.opCodes ?? []},
      ${input.advisorNumber ?? null}, ${input.transportType ?? null}, ${input.comment ?? null})
    returning id, store_id, dms_customer_number, vin, start_date, end_date, op_codes, advisor_number, transport_type, comment, status`;
  return toAppointment(row!);
}

export async function readDmsAppointment(sql: Sql, user: SessionUser, id: number): Promise<DmsAppointment> {
  const [row] = await sql<Row[]>`${select(sql)} where id = ${id}`;
  if (!row) throw new AppError('NOT_FOUND', `DMS appointment ${id} does not exist`, [{ field: 'dmsAppointmentId', message: 'unknown appointment' }]);
  await assertStorePlace(sql, user, { storeId: row.storeId });
  return toAppointment(row);
}

export async function updateDmsAppointment(sql: Sql, user: SessionUser, id: number, input: DmsAppointmentInput): Promise<DmsAppointment> {
  assertManager(user);
  const current = await readDmsAppointment(sql, user, id);
  if (current.storeId !== input.storeIdPk) throw new AppError('VALIDATION_FAILED', 'An appointment stays in its store', [{ field: 'body.storeIdPk', message: 'another store' }]);
  if (current.status === 'CANCELLED') throw new AppError('CONFLICT', 'The appointment was cancelled', [{ field: 'dmsAppointmentId', message: 'cancelled' }]);
  const [row] = await sql<Row[]>`
    update dms_appointment set dms_customer_number = ${input.dmsCustomerNumber}, vin = ${input.vin ?? null}, start_date = ${input.startDate},
      end_date = ${input.endDate}, op_codes = ${input.opCodes ?? []}, advisor_number = ${input.advisorNumber ?? null},
      transport_type = ${input.transportType ?? null}, comment = ${input.comment ?? null}, updated_on = now()
    where id = ${id}
    returning id, store_id, dms_customer_number, vin, start_date, end_date, op_codes, advisor_number, transport_type, comment, status`;
  return toAppointment(row!);
}

/** Deleting cancels: the dealer system keeps the appointment's record. */
export async function deleteDmsAppointment(sql: Sql, user: SessionUser, id: number): Promise<DmsAppointment> {
  assertManager(user);
  await readDmsAppointment(sql, user, id);
  const [row] = await sql<Row[]>`
    update dms_appointment set status = 'CANCELLED', updated_on = now() where id = ${id}
    returning id, store_id, dms_customer_number, vin, start_date, end_date, op_codes, advisor_number, transport_type, comment, status`;
  return toAppointment(row!);
}

/** Booked appointments of a day (YYYY-MM-DD in the store's zone). */
export async function dmsAppointmentsOfDay(sql: Sql, user: SessionUser, storeId: number, day: string): Promise<DmsAppointment[]> {
  const store = await simulatedStore(sql, user, storeId);
  const rows = await sql<Row[]>`
    ${select(sql)} where store_id = ${storeId} and status = 'BOOKED'
      and (start_date at time zone ${store.timeZone})::date = ${day}::date
    order by start_date, id`;
  return rows.map(toAppointment);
}

/** The dealer system's customers and vehicles matching a name, phone, customer number or VIN (first 25). */
export async function dmsCustomerVehicleSearch(sql: Sql, user: SessionUser, storeId: number, query: string): Promise<DmsCustomerVehicle[]> {
  const store = await simulatedStore(sql, user, storeId);
  const today = isoDayInZone(new Date(), store.timeZone);
  const q = query.toLowerCase();
  const digits = query.replace(/\D/g, '');
  const out: DmsCustomerVehicle[] = [];
  for (const c of simulatedChanges(store, today, true).customers) {
    for (const v of c.vehicles) {
      const hit =
        `${c.firstName} ${c.lastName}`.toLowerCase().includes(q) ||
        c.customerNumber.toLowerCase().includes(q) ||
        v.vin.toLowerCase().includes(q) ||
        (digits.length >= 4 && (c.phone ?? '').includes(digits));
      if (hit) out.push({ dmsCustomerNumber: c.customerNumber, firstName: c.firstName, lastName: c.lastName, phone: c.phone, vin: v.vin, vehicle: `${v.year} ${v.make} ${v.model}`, odometer: v.odometer ?? 0 });
      if (out.length >= 25) return out;
    }
  }
  return out;
}

const OP_CODES = [
  { code: '01OIL', description: 'Oil and filter change' },
  { code: '02ROT', description: 'Tire rotation' },
  { code: '05BRK', description: 'Brake inspection' },
  { code: '10MPI', description: 'Multi-point inspection' },
  { code: '20ALN', description: 'Wheel alignment' },
  { code: '30RCL', description: 'Recall campaign work' },
];
const TRANSPORT_TYPES = ['Waiter', 'Drop off', 'Loaner', 'Shuttle', 'Valet pickup'];

/** What an appointment form picks from: op codes, the store's advisors, transport types. */
export async function dmsHelp(sql: Sql, user: SessionUser, storeId: number): Promise<DmsHelp> {
  await simulatedStore(sql, user, storeId);
  const advisors = await sql<{ advisorNumber: string; name: string }[]>`
    select advisor_no as advisor_number, name from service_advisor where store_id = ${storeId} order by name`;
  return { opCodes: OP_CODES, advisors, transportTypes: TRANSPORT_TYPES };
}
