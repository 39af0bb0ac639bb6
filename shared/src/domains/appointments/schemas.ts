import { z } from 'zod';
import { bridgeDateSchema, searchDateSchema } from '../boards/dates';
import { APPOINTMENT_STATUSES, TRANSPORT_TYPES } from './constants';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive();
const iso = z.string();
const instant = z.iso.datetime({ offset: true });
const opCode = z.string().trim().min(1).max(20);

/** A service the drive books: an operation code, and how long the drive plans for it. */
export const serviceOfferingSchema = z.object({
  opCode: z.string(),
  description: z.string(),
  durationMinutes: z.number().int().positive(),
});
export type ServiceOffering = z.infer<typeof serviceOfferingSchema>;

/** An appointment as every appointment call returns it (spec §3 field names). */
export const appointmentSchema = z.object({
  apptId: id,
  apptStatus: z.enum(APPOINTMENT_STATUSES),
  storeId: id,
  dealerCode: z.string().nullable(),
  startDate: iso,
  endDate: iso,
  transportType: z.string().nullable(),
  advisorId: id.nullable(),
  advisorName: z.string().nullable(),
  opCodes: z.array(z.string()),
  servicePackages: z.array(z.object({ opCode: z.string(), description: z.string() })),
  future_service_interaction_id: id.nullable(),
  customer: z
    .object({ id, firstName: z.string(), lastName: z.string(), cellular: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  vehicle: z.object({ id, make: z.string(), model: z.string(), year: z.number().int(), vin: z.string() }).nullable(),
  title: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdOn: iso,
  updatedOn: iso,
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentPageSchema = z.object({
  content: z.array(appointmentSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

/**
 * `POST /api/appointment`: an appointment at a slot start, for a conversation's customer or a
 * customer named directly. It takes one slot of the store's capacity.
 */
export const createAppointmentSchema = z
  .object({
    storeId: idParam,
    futureServiceInteractionId: idParam.optional(),
    customerId: idParam.optional(),
    serviceVehicleId: idParam.optional(),
    startDate: instant,
    opCodes: z.array(opCode).min(1).max(10),
    advisorId: idParam.optional(),
    transportType: z.enum(TRANSPORT_TYPES).optional(),
    dealerCode: z.string().trim().max(40).optional(),
    title: z.string().trim().max(200).optional(),
  })
  .refine((v) => v.futureServiceInteractionId !== undefined || v.customerId !== undefined, {
    message: 'name the conversation (futureServiceInteractionId) or the customer (customerId)',
    path: ['customerId'],
  });
export type CreateAppointment = z.infer<typeof createAppointmentSchema>;

/** `POST /api/appointment/search`. Dates are days in the store's zone, DD.MM.YYYY, end inclusive. */
export const appointmentSearchSchema = z.object({
  storeId: idParam,
  startDate: searchDateSchema.optional(),
  endDate: searchDateSchema.optional(),
  statuses: z.array(z.enum(APPOINTMENT_STATUSES)).optional(),
  advisorId: idParam.optional(),
  /** Customer name, phone, e-mail or VIN. */
  query: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
export type AppointmentSearch = z.infer<typeof appointmentSearchSchema>;

/** `POST /api/service-appointment/search-by-appt-date-and-query`. */
export const appointmentDateQuerySchema = z.object({
  storeId: idParam,
  startDate: searchDateSchema,
  endDate: searchDateSchema,
  query: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
export type AppointmentDateQuery = z.infer<typeof appointmentDateQuerySchema>;

/** A day range of appointments in query parameters (DD.MM.YYYY, end inclusive). */
export const appointmentRangeQuerySchema = z.object({
  startDate: searchDateSchema,
  endDate: searchDateSchema,
});

/** `POST /api/manual-appointment/nlp/availability-without-template`. */
export const availabilityRequestSchema = z.object({
  storeId: idParam,
  /** The day, in the store's office zone. */
  date: bridgeDateSchema,
  opCode: opCode.optional(),
});
export type AvailabilityRequest = z.infer<typeof availabilityRequestSchema>;

export const slotSchema = z.object({
  startTime: iso,
  endTime: iso,
  /** The wall-clock start in the store's office zone, HH:mm. */
  localTime: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  available: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;

export const availabilitySchema = z.object({
  storeId: id,
  date: z.string(),
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  slots: z.array(slotSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** `POST /api/manual-appointment/booking`: book a conversation's customer into a slot. */
export const manualBookingSchema = z.object({
  storeId: idParam,
  /** The conversation (future service interaction) the booking belongs to. */
  fid: idParam,
  opCode,
  startTime: instant,
  advisorId: idParam.optional(),
  transportType: z.enum(TRANSPORT_TYPES).optional(),
});
export type ManualBooking = z.infer<typeof manualBookingSchema>;

/** `PUT /api/appointment/{id}/reschedule`: the slot the appointment moves to. */
export const rescheduleSchema = z.object({ startTime: instant });
export type Reschedule = z.infer<typeof rescheduleSchema>;

/** What the booking and cancellation calls answer; success false carries the refusal. */
export const bookingResultSchema = z.object({
  success: z.boolean(),
  returnCode: z.enum(['SUCCESS', 'FAILURE']),
  message: z.string(),
  apptId: id.nullable(),
});
export type BookingResult = z.infer<typeof bookingResultSchema>;

/** `GET /api/manual-appointment/booked-appts`: a store's booked appointments of a day, or a conversation's. */
export const bookedAppointmentsQuerySchema = z
  .object({ storeId: idParam, date: bridgeDateSchema.optional(), fid: idParam.optional() })
  .refine((v) => v.date !== undefined || v.fid !== undefined, { message: 'give a date or a conversation (fid)', path: ['date'] });

/** `POST /api/manual-appointment/cancellations?fid=`: the body. */
export const cancellationSchema = z.object({
  apptId: idParam,
  reason: z.string().trim().max(500).optional(),
});
export type Cancellation = z.infer<typeof cancellationSchema>;
