import type { AppointmentStatus } from './constants';

const FINAL: ReadonlySet<AppointmentStatus> = new Set(['COMPLETED', 'CANCELLED', 'NO_SHOW']);

/**
 * Why an appointment may not go from `from` to `to`, or null when it may. Completed, cancelled and
 * no-show appointments are final: bringing one back would take a slot without the capacity check
 * a booking makes, so the customer books again instead. A checked-in car either completes or
 * (having left without service) is marked no-show; it is not un-checked-in.
 */
export function appointmentStatusProblem(from: AppointmentStatus, to: AppointmentStatus): string | null {
  if (from === to) return null;
  if (FINAL.has(from)) return `A ${label(from)} appointment cannot be changed; book a new one instead`;
  if (from === 'CHECKED_IN' && to !== 'COMPLETED' && to !== 'NO_SHOW') {
    return 'A checked-in appointment can only be completed or marked no-show';
  }
  return null;
}

function label(status: AppointmentStatus): string {
  return status.toLowerCase().replace('_', '-');
}

/**
 * Why an appointment in `status` cannot move to another time, or null when it can: only one that
 * still waits for the customer (booked or confirmed) is moved; the rest are history.
 */
export function rescheduleProblem(status: AppointmentStatus): string | null {
  if (status === 'BOOKED' || status === 'CONFIRMED') return null;
  return `A ${label(status)} appointment cannot be moved to another time`;
}
