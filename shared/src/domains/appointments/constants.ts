/** Appointment statuses; cancelled and no-show appointments no longer hold their slot. */
export const APPOINTMENT_STATUSES = ['BOOKED', 'CONFIRMED', 'CHECKED_IN', 'COMPLETED', 'CANCELLED', 'NO_SHOW'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** What people read for each appointment status (lists, the customer page, reports). */
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  BOOKED: 'Booked',
  CONFIRMED: 'Confirmed',
  CHECKED_IN: 'Checked in',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  NO_SHOW: 'No-show',
};

/** Statuses that still take a place in the service drive. */
export const SLOT_HOLDING_STATUSES: readonly AppointmentStatus[] = ['BOOKED', 'CONFIRMED', 'CHECKED_IN', 'COMPLETED'];

/** How a customer gets to and from the drive. */
export const TRANSPORT_TYPES = ['WAITER', 'DROP_OFF', 'LOANER', 'SHUTTLE', 'PICKUP_DELIVERY'] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

/** The texts the booking screens show (spec §8, §9), written once. */
export const APPOINTMENT_MESSAGES = {
  booked: 'Appointment booked Successfully',
  failed: 'Booking Failed',
  slotTaken: 'This time is no longer available',
  /** The same customer and vehicle already hold this slot: a second booking would be a mistake. */
  alreadyBooked: 'This customer already has this vehicle booked at this time',
  // Spelled as the specification's success toast spells it.
  cancelled: 'Successfully Deleted Appoinntment',
  updated: 'Successfully Updated',
} as const;
