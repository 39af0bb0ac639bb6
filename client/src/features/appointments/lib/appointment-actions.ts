import { appointmentStatusProblem, rescheduleProblem, type AppointmentStatus, type Slot } from '@drivebay/shared';

export type AppointmentAction = { status: AppointmentStatus; label: string };

const ACTIONS: AppointmentAction[] = [
  { status: 'CONFIRMED', label: 'Confirm' },
  { status: 'CHECKED_IN', label: 'Check in' },
  { status: 'COMPLETED', label: 'Complete' },
  { status: 'NO_SHOW', label: 'Mark no-show' },
  { status: 'CANCELLED', label: 'Cancel appointment' },
];

/** The status changes offered for an appointment: those the shared rules allow from its status. */
export function actionsFor(status: AppointmentStatus): AppointmentAction[] {
  return ACTIONS.filter((a) => a.status !== status && appointmentStatusProblem(status, a.status) === null);
}

export { APPOINTMENT_STATUS_LABELS as STATUS_LABELS } from '@drivebay/shared';

export const STATUS_COLORS: Record<AppointmentStatus, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  BOOKED: 'primary',
  CONFIRMED: 'info',
  CHECKED_IN: 'warning',
  COMPLETED: 'success',
  CANCELLED: 'default',
  NO_SHOW: 'error',
};

/** Whether an appointment in this status can be moved to another time (the same rule the server holds). */
export function canReschedule(status: AppointmentStatus): boolean {
  return rescheduleProblem(status) === null;
}

/**
 * What a slot button says: a time that has gone by reads as past, not as full, so nobody thinks
 * the drive is busy when the day is simply over.
 */
export function slotState(slot: Pick<Slot, 'startTime' | 'available' | 'booked' | 'capacity'>, now: number): 'free' | 'past' | 'full' {
  if (Date.parse(slot.startTime) <= now) return 'past';
  return slot.available ? 'free' : 'full';
}
