import { appointmentStatusProblem, type AppointmentStatus } from '@drivebay/shared';

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

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  BOOKED: 'Booked',
  CONFIRMED: 'Confirmed',
  CHECKED_IN: 'Checked in',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  NO_SHOW: 'No-show',
};

export const STATUS_COLORS: Record<AppointmentStatus, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  BOOKED: 'primary',
  CONFIRMED: 'info',
  CHECKED_IN: 'warning',
  COMPLETED: 'success',
  CANCELLED: 'default',
  NO_SHOW: 'error',
};
