/** Appointment statuses; cancelled and no-show appointments no longer hold their slot. */
export const APPOINTMENT_STATUSES = ['BOOKED', 'CONFIRMED', 'CHECKED_IN', 'COMPLETED', 'CANCELLED', 'NO_SHOW'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

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
  // Spelled as the specification's success toast spells it.
  cancelled: 'Successfully Deleted Appoinntment',
  updated: 'Successfully Updated',
} as const;
