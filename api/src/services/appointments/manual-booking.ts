import { AppError, APPOINTMENT_MESSAGES, type Availability, type BookingResult, type ManualBooking, type ServiceOffering } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';
import type { OutboxWaker } from '../conversations/deps';
import { inMessageTx } from '../conversations/messages';
import type { InboxNotifier } from '../conversations/notifier';
import { bookInTransaction } from './book-appointment';
import { writeBookingNotices } from './booking-notices';
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

/** What the manual booking and the reschedule write with: the database, and whom to tell after. */
export type BookingDeps = { sql: Sql; notifier?: InboxNotifier | undefined; outbox?: OutboxWaker | undefined };

/** A refusal the booking screen shows as its message rather than as an error. */
export function isBookingRefusal(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'CONFLICT' || (error.code === 'VALIDATION_FAILED' && error.details[0]?.field === 'startTime'));
}

/**
 * Books a conversation's customer into a slot, answering as the manual booking screen expects:
 * success with 'Appointment booked Successfully', or the refusal ('This time is no longer
 * available', the same customer and vehicle already booked then, a past time, a time the drive is
 * closed) as the message. Scope and malformed requests still fail as errors, since there is
 * nothing for the booking screen to offer then. In the same transaction the appointment's
 * calendar card goes into the conversation, with a confirmation text when the customer can be
 * texted (see `writeBookingNotices`).
 */
export async function manualBooking(deps: BookingDeps, user: SessionUser, body: ManualBooking): Promise<BookingResult> {
  const { sql } = deps;
  const place = await assertStoreAccess(sql, user, body.storeId);
  const [op] = await sql`select 1 from service_operation where op_code = ${body.opCode}`;
  if (!op) throw new AppError('VALIDATION_FAILED', 'Unknown service', [{ field: 'body.opCode', message: 'not a bookable service' }]);
  const start = new Date(body.startTime);
  try {
    const { apptId, texted } = await inMessageTx(deps, async (m) => {
      const id = await bookInTransaction(
        m.tx,
        user,
        {
          storeId: body.storeId, futureServiceInteractionId: body.fid, startTime: start, opCodes: [body.opCode],
          advisorId: body.advisorId, transportType: body.transportType, manual: true,
        },
        place.bocId,
      );
      const notice = await writeBookingNotices(m, user, { kind: 'booked', appointmentId: id, interactionId: body.fid, start, occasion: 'booked' });
      return { apptId: id, texted: notice.texted };
    });
    if (texted) deps.outbox?.wake();
    return { success: true, returnCode: 'SUCCESS', message: APPOINTMENT_MESSAGES.booked, apptId };
  } catch (error) {
    if (isBookingRefusal(error)) return { success: false, returnCode: 'FAILURE', message: error.message, apptId: null };
    throw error;
  }
}
