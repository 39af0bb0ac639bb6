import {
  AppError,
  APPOINTMENT_MESSAGES,
  appointmentStatusProblem,
  type Appointment,
  type AppointmentStatus,
  type BookingResult,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';
import { findAppointment } from './query-appointments';

export async function appointmentInScope(sql: Sql, user: SessionUser, id: number): Promise<Appointment> {
  const appointment = await findAppointment(sql, id);
  if (!appointment) throw new AppError('NOT_FOUND', `Appointment ${id} does not exist`, [{ field: 'param.id', message: 'unknown appointment' }]);
  await assertStoreAccess(sql, user, appointment.storeId);
  return appointment;
}

/**
 * Moves an appointment to a status in one transaction, re-reading it under a row lock so two
 * people changing it at once are checked against each other's result. A conversation whose last
 * active appointment is cancelled or missed no longer counts as having one.
 */
export async function updateAppointmentStatus(
  sql: Sql,
  user: SessionUser,
  id: number,
  status: AppointmentStatus,
  reason?: string,
): Promise<Appointment> {
  await appointmentInScope(sql, user, id);
  await sql.begin(async (txn) => {
    const tx = txn as unknown as Sql;
    const [row] = await tx<{ apptStatus: AppointmentStatus; fid: number | null }[]>`
      select appt_status, future_service_interaction_id as fid from appointment where id = ${id} for update`;
    const problem = appointmentStatusProblem(row!.apptStatus, status);
    if (problem) throw new AppError('CONFLICT', problem, [{ field: 'param.status', message: `from ${row!.apptStatus}` }]);
    if (row!.apptStatus === status) return;
    await tx`
      update appointment set appt_status = ${status}, updated_on = now(),
        cancel_reason = case when ${status} = 'CANCELLED' then ${reason ?? null} else cancel_reason end
      where id = ${id}`;
    if (row!.fid !== null && (status === 'CANCELLED' || status === 'NO_SHOW')) {
      await tx`
        update future_service_interaction f set appointment_set = exists (
            select 1 from appointment a where a.future_service_interaction_id = f.id
              and a.appt_status in ('BOOKED', 'CONFIRMED', 'CHECKED_IN')),
          lead_stage = case when ${status} = 'NO_SHOW' then 'SHOW_OR_NO_SHOW' else f.lead_stage end,
          lead_reason = case when ${status} = 'NO_SHOW' then 'NO_SHOW' else f.lead_reason end,
          updated_on = now()
        where f.id = ${row!.fid}`;
    }
  });
  return (await findAppointment(sql, id))!;
}

/** The no-show workflow of an appointment (by apptId). */
export function markNoShow(sql: Sql, user: SessionUser, apptId: number): Promise<Appointment> {
  return updateAppointmentStatus(sql, user, apptId, 'NO_SHOW');
}

/**
 * The manual booking's cancellation: the appointment must belong to the conversation `fid`.
 * Answers like a booking: success with the spec's toast text, or the refusal as the message.
 */
export async function cancelBooking(
  sql: Sql,
  user: SessionUser,
  o: { fid: number; apptId: number; reason?: string },
): Promise<BookingResult> {
  const appointment = await appointmentInScope(sql, user, o.apptId);
  if (appointment.future_service_interaction_id !== o.fid) {
    throw new AppError('VALIDATION_FAILED', 'The appointment is not one of this conversation', [{ field: 'query.fid', message: 'another conversation' }]);
  }
  try {
    await updateAppointmentStatus(sql, user, o.apptId, 'CANCELLED', o.reason);
    return { success: true, returnCode: 'SUCCESS', message: APPOINTMENT_MESSAGES.cancelled, apptId: o.apptId };
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return { success: false, returnCode: 'FAILURE', message: error.message, apptId: o.apptId };
    throw error;
  }
}
