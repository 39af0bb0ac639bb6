import { AppError, APPOINTMENT_MESSAGES, type Availability, type BookingResult, type ManualBooking, type ServiceOffering } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';
import { bookAppointment } from './book-appointment';
import { dayAvailability } from './capacity';

/** The services a customer can book (the manual booking's service list). */
export async function listServices(sql: Sql, user: SessionUser, storeId: number): Promise<ServiceOffering[]> {
  await assertStoreAccess(sql, user, storeId);
  return sql<ServiceOffering[]>`select op_code, description, duration_minutes from service_operation order by position`;
}

/** Slots of one day in the store's office zone, each with its capacity and what is booked. */
export async function availability(sql: Sql, user: SessionUser, o: { storeId: number; date: string }): Promise<Availability> {
  await assertStoreAccess(sql, user, o.storeId);
  return dayAvailability(sql, o.storeId, o.date);
}

/**
 * Books a conversation's customer into a slot, answering as the manual booking screen expects:
 * success with 'Appointment booked Successfully', or the refusal ('This time is no longer
 * available', a past time, a time the drive is closed) as the message. Scope and malformed
 * requests still fail as errors, since there is nothing for the booking screen to offer then.
 */
export async function manualBooking(sql: Sql, user: SessionUser, body: ManualBooking): Promise<BookingResult> {
  await assertStoreAccess(sql, user, body.storeId);
  const [op] = await sql`select 1 from service_operation where op_code = ${body.opCode}`;
  if (!op) throw new AppError('VALIDATION_FAILED', 'Unknown service', [{ field: 'body.opCode', message: 'not a bookable service' }]);
  try {
    const appointment = await bookAppointment(sql, user, {
      storeId: body.storeId,
      futureServiceInteractionId: body.fid,
      startTime: new Date(body.startTime),
      opCodes: [body.opCode],
      advisorId: body.advisorId,
      transportType: body.transportType,
      manual: true,
    });
    return { success: true, returnCode: 'SUCCESS', message: APPOINTMENT_MESSAGES.booked, apptId: appointment.apptId };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'CONFLICT' || (error.code === 'VALIDATION_FAILED' && error.details[0]?.field === 'startTime'))) {
      return { success: false, returnCode: 'FAILURE', message: error.message, apptId: null };
    }
    throw error;
  }
}
