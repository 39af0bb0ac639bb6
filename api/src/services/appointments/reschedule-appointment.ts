import { AppError, rescheduleProblem, type Appointment, type AppointmentStatus, type Reschedule } from '@drivebay/shared';
import type { SessionUser } from '../auth/sessions';
import { inMessageTx } from '../conversations/messages';
import { refuseDuplicate } from './book-appointment';
import { writeBookingNotices } from './booking-notices';
import { reserveSlot } from './capacity';
import { appointmentInScope } from './manage-appointments';
import type { BookingDeps } from './manual-booking';
import { findAppointment } from './query-appointments';

type Row = { apptStatus: AppointmentStatus; storeId: number; startDate: Date; customerId: number; serviceVehicleId: number | null; fid: number | null };

/**
 * Moves a booked or confirmed appointment to another slot in one transaction: the appointment is
 * locked, the new slot's place taken under the slot's lock like a booking's (full, past, closed and
 * the customer's own second booking are refused the same way), and its conversation gets the
 * moved calendar card and, when the customer can be texted, a text saying so. Moving it to the
 * time it already has changes nothing.
 */
export async function rescheduleAppointment(deps: BookingDeps, user: SessionUser, id: number, body: Reschedule, now = new Date()): Promise<Appointment> {
  await appointmentInScope(deps.sql, user, id);
  const start = new Date(body.startTime);
  const texted = await inMessageTx(deps, async (m) => {
    const [row] = await m.tx<Row[]>`
      select appt_status, store_id, start_date, customer_id, service_vehicle_id, future_service_interaction_id as fid
      from appointment where id = ${id} for update`;
    const problem = rescheduleProblem(row!.apptStatus);
    if (problem) throw new AppError('CONFLICT', problem, [{ field: 'param.id', message: `from ${row!.apptStatus}` }]);
    if (row!.startDate.getTime() === start.getTime()) return false;
    const { end } = await reserveSlot(m.tx, row!.storeId, start, now);
    await refuseDuplicate(m.tx, { customerId: row!.customerId, serviceVehicleId: row!.serviceVehicleId, start, end, exceptId: id });
    await m.tx`update appointment set start_date = ${start}, end_date = ${end}, updated_on = now() where id = ${id}`;
    if (row!.fid === null) return false;
    m.changes.add(row!.storeId, row!.fid);
    const notice = await writeBookingNotices(m, user, {
      kind: 'rescheduled', appointmentId: id, interactionId: row!.fid, start, // A retry after the commit finds the appointment already there and returns above.
      occasion: `moved:${row!.startDate.toISOString()}>${start.toISOString()}@${now.toISOString()}`,
    });
    return notice.texted;
  });
  if (texted) deps.outbox?.wake();
  return (await findAppointment(deps.sql, id))!;
}
