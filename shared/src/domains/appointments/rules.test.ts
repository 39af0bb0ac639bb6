import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from './constants';
import { appointmentStatusProblem } from './rules';

describe('appointment status changes', () => {
  it('lets booked and confirmed appointments go anywhere', () => {
    for (const to of APPOINTMENT_STATUSES) {
      expect(appointmentStatusProblem('BOOKED', to)).toBeNull();
      expect(appointmentStatusProblem('CONFIRMED', to)).toBeNull();
    }
  });

  it('keeps final statuses final', () => {
    expect(appointmentStatusProblem('CANCELLED', 'BOOKED')).toMatch(/cancelled appointment cannot be changed/);
    expect(appointmentStatusProblem('NO_SHOW', 'CONFIRMED')).toMatch(/no-show appointment/);
    expect(appointmentStatusProblem('COMPLETED', 'CANCELLED')).not.toBeNull();
    expect(appointmentStatusProblem('COMPLETED', 'COMPLETED')).toBeNull();
  });

  it('lets a checked-in car only complete or leave', () => {
    expect(appointmentStatusProblem('CHECKED_IN', 'COMPLETED')).toBeNull();
    expect(appointmentStatusProblem('CHECKED_IN', 'NO_SHOW')).toBeNull();
    expect(appointmentStatusProblem('CHECKED_IN', 'BOOKED')).not.toBeNull();
  });
});
