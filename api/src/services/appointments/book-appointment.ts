import { AppError, APPOINTMENT_MESSAGES, SLOT_HOLDING_STATUSES, type Appointment, type CreateAppointment, type TransportType } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';
import { reserveSlot } from './capacity';
import { findAppointment } from './query-appointments';

/** What a booking names; either the conversation or the customer. */
export type BookingRequest = {
  storeId: number;
  startTime: Date;
  opCodes: string[];
  futureServiceInteractionId?: number;
  customerId?: number;
  serviceVehicleId?: number;
  advisorId?: number;
  transportType?: TransportType;
  dealerCode?: string;
  title?: string;
  /** Booked by hand from a conversation: marks the conversation's manual-booking flag. */
  manual?: boolean;
};

type Party = { customerId: number; serviceVehicleId: number | null; fid: number | null };

async function partyOf(tx: Sql, r: BookingRequest, bocId: number): Promise<Party> {
  if (r.futureServiceInteractionId !== undefined) {
    const [f] = await tx<{ customerId: number; serviceVehicleId: number | null; storeId: number }[]>`
      select customer_id, service_vehicle_id, store_id from future_service_interaction where id = ${r.futureServiceInteractionId}`;
    if (!f || f.storeId !== r.storeId) {
      throw new AppError('VALIDATION_FAILED', 'The conversation is not one of this store', [
        { field: 'futureServiceInteractionId', message: 'not a conversation of the store' },
      ]);
    }
    return { customerId: f.customerId, serviceVehicleId: r.serviceVehicleId ?? f.serviceVehicleId, fid: r.futureServiceInteractionId };
  }
  const [c] = await tx<{ bocId: number }[]>`select boc_id from customer where id = ${r.customerId ?? 0}`;
  if (!c || c.bocId !== bocId) {
    throw new AppError('VALIDATION_FAILED', 'The customer is not one of this store’s company', [{ field: 'customerId', message: 'unknown customer' }]);
  }
  return { customerId: r.customerId!, serviceVehicleId: r.serviceVehicleId ?? null, fid: null };
}

async function checkReferences(tx: Sql, r: BookingRequest, party: Party): Promise<void> {
  if (party.serviceVehicleId !== null) {
    const [v] = await tx`select 1 from service_vehicle where id = ${party.serviceVehicleId} and customer_id = ${party.customerId}`;
    if (!v) throw new AppError('VALIDATION_FAILED', 'The vehicle is not the customer’s', [{ field: 'serviceVehicleId', message: 'not the customer’s vehicle' }]);
  }
  if (r.advisorId !== undefined) {
    const [a] = await tx`select 1 from service_advisor where id = ${r.advisorId} and store_id = ${r.storeId}`;
    if (!a) throw new AppError('VALIDATION_FAILED', 'The advisor does not work at this store', [{ field: 'advisorId', message: 'unknown advisor' }]);
  }
}

/** One appointment to write, its parties already checked. */
export type BookingRow = {
  storeId: number;
  start: Date;
  fid: number | null;
  customerId: number;
  serviceVehicleId: number | null;
  opCodes: string[];
  dealerCode?: string | undefined;
  transportType?: TransportType | null | undefined;
  advisorId?: number | null | undefined;
  title?: string | undefined;
  /** Who booked it; null for the assistant. */
  createdBy: number | null;
  manual?: boolean | undefined;
};

/**
 * The same customer and vehicle already holding an overlapping active appointment is a booking
 * made twice by mistake (two advisors, a double tap, the assistant and a person at once). Runs
 * under the slot's lock taken by `reserveSlot`, so of two such bookings at once the second sees
 * the first. `exceptId` is the appointment being moved, which may overlap itself.
 */
export async function refuseDuplicate(
  tx: Sql,
  o: { customerId: number; serviceVehicleId: number | null; start: Date; end: Date; exceptId?: number },
): Promise<void> {
  const [dup] = await tx<{ id: number }[]>`
    select id from appointment
    where customer_id = ${o.customerId} and service_vehicle_id is not distinct from ${o.serviceVehicleId}
      and appt_status = any(${[...SLOT_HOLDING_STATUSES]}::text[])
      and start_date < ${o.end} and end_date > ${o.start} and id <> ${o.exceptId ?? 0}
    limit 1`;
  if (dup) throw new AppError('CONFLICT', APPOINTMENT_MESSAGES.alreadyBooked, [{ field: 'startTime', message: `appointment ${dup.id} already holds it` }]);
}

/**
 * Writes a booking inside the caller's transaction, the one way every booking is written (staff,
 * manual booking, the assistant): the slot's place is taken under its lock (`reserveSlot`), the
 * appointment is inserted with its service packages and the conversation marked as having one.
 * Throws CONFLICT 'This time is no longer available' when the slot is full.
 */
export async function writeBooking(tx: Sql, b: BookingRow, now = new Date()): Promise<number> {
  const { end } = await reserveSlot(tx, b.storeId, b.start, now);
  await refuseDuplicate(tx, { customerId: b.customerId, serviceVehicleId: b.serviceVehicleId, start: b.start, end });
  const packages = await tx<{ opCode: string; description: string }[]>`
    select op_code, description from service_operation where op_code = any(${b.opCodes}::text[]) order by position`;
  const [row] = await tx<{ id: number }[]>`
    insert into appointment (store_id, future_service_interaction_id, customer_id, service_vehicle_id, appt_status,
      dealer_code, start_date, end_date, transport_type, advisor_id, op_codes, service_packages, title, created_by)
    values (${b.storeId}, ${b.fid}, ${b.customerId}, ${b.serviceVehicleId}, 'BOOKED',
      ${b.dealerCode ?? (await storeCode(tx, b.storeId))}, ${b.start}, ${end}, ${b.transportType ?? null},
      ${b.advisorId ?? null}, ${b.opCodes}, ${tx.json(packages)},
      ${b.title ?? (packages.map((p) => p.description).join(', ') || null)}, ${b.createdBy})
    returning id`;
  if (b.fid !== null) {
    await tx`
      update future_service_interaction set appointment_set = true, lead_stage = 'APPOINTMENT_SET',
        manual_booking = manual_booking or ${b.manual ?? false}, updated_on = now()
      where id = ${b.fid}`;
  }
  return row!.id;
}

/**
 * Checks what a booking request names and writes it inside the caller's transaction (see
 * `writeBooking`); `bocId` is the store's company, from the caller's scope check.
 */
export async function bookInTransaction(tx: Sql, user: SessionUser, r: BookingRequest, bocId: number, now = new Date()): Promise<number> {
  const party = await partyOf(tx, r, bocId);
  await checkReferences(tx, r, party);
  return writeBooking(
    tx,
    {
      storeId: r.storeId, start: r.startTime, fid: party.fid, customerId: party.customerId, serviceVehicleId: party.serviceVehicleId,
      opCodes: r.opCodes, dealerCode: r.dealerCode, transportType: r.transportType, advisorId: r.advisorId, title: r.title,
      createdBy: user.userId, manual: r.manual,
    },
    now,
  );
}

/** Books one slot of a store's service drive in one transaction (see `bookInTransaction`). */
export async function bookAppointment(sql: Sql, user: SessionUser, r: BookingRequest, now = new Date()): Promise<Appointment> {
  const place = await assertStoreAccess(sql, user, r.storeId);
  const id = await sql.begin((txn) => bookInTransaction(txn as unknown as Sql, user, r, place.bocId, now));
  return (await findAppointment(sql, id))!;
}

async function storeCode(tx: Sql, storeId: number): Promise<string> {
  const [s] = await tx<{ storeCode: string }[]>`select store_code from store where id = ${storeId}`;
  return s!.storeCode;
}

/** `POST /api/appointment`. */
export function createAppointment(sql: Sql, user: SessionUser, body: CreateAppointment): Promise<Appointment> {
  return bookAppointment(sql, user, {
    storeId: body.storeId,
    startTime: new Date(body.startDate),
    opCodes: body.opCodes,
    futureServiceInteractionId: body.futureServiceInteractionId,
    customerId: body.customerId,
    serviceVehicleId: body.serviceVehicleId,
    advisorId: body.advisorId,
    transportType: body.transportType,
    dealerCode: body.dealerCode,
    title: body.title,
  });
}
