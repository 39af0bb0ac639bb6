import { z } from 'zod';
import {
  appointmentSchema,
  availabilitySchema,
  bookingResultSchema,
  leadPageSchema,
  serviceAdvisorSchema,
  serviceOfferingSchema,
  type Appointment,
  type AppointmentStatus,
  type Availability,
  type AvailabilityRequest,
  type BookingResult,
  type Cancellation,
  type LeadPage,
  type ManualBooking,
  type Reschedule,
  type ServiceAdvisor,
  type ServiceOffering,
} from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** The manual booking calls' base path (see api/src/routes/appointments.ts). */
const MANUAL = '/api/manual-appointment';

/** A store's appointments over days written DD.MM.YYYY (end inclusive). */
export function getAppointments(
  o: { bocId: number; storeId: number; startDate: string; endDate: string },
  signal?: AbortSignal,
): Promise<Appointment[]> {
  return apiRequest(`/api/boc/${o.bocId}/store/${o.storeId}/service-appointment/search-by-date`, {
    query: { startDate: o.startDate, endDate: o.endDate },
    schema: z.array(appointmentSchema),
    signal,
    notify: false,
  });
}

export function getServices(storeId: number, signal?: AbortSignal): Promise<ServiceOffering[]> {
  return apiRequest(`${MANUAL}/services`, { query: { storeId }, schema: z.array(serviceOfferingSchema), signal, notify: false });
}

export function getAdvisors(storeId: number, signal?: AbortSignal): Promise<ServiceAdvisor[]> {
  return apiRequest(`/api/getAdivsorByStore/${storeId}`, { schema: z.array(serviceAdvisorSchema), signal, notify: false });
}

/** Slots of a day (YYYY-MM-DD in the store's zone) with what is free. */
export function getAvailability(o: { storeId: number; date: string }, signal?: AbortSignal): Promise<Availability> {
  return apiRequest(`${MANUAL}/nlp/availability-without-template`, { method: 'POST', body: o satisfies AvailabilityRequest, schema: availabilitySchema, signal, notify: false });
}

/** The booking's answer, refusals included; the dialog shows the message itself. */
export function bookAppointment(body: ManualBooking): Promise<BookingResult> {
  return apiRequest(`${MANUAL}/booking`, { method: 'POST', body, schema: bookingResultSchema, notify: false });
}

/** A conversation's active appointments. */
export function getBookedAppointments(o: { storeId: number; fid: number }, signal?: AbortSignal): Promise<Appointment[]> {
  return apiRequest(`${MANUAL}/booked-appts`, { query: o, schema: z.array(appointmentSchema), signal, notify: false });
}

export function cancelBooking(o: { fid: number; apptId: number; reason?: string }): Promise<BookingResult> {
  return apiRequest(`${MANUAL}/cancellations`, {
    method: 'POST',
    query: { fid: o.fid },
    body: { apptId: o.apptId, reason: o.reason } satisfies Cancellation,
    schema: bookingResultSchema,
    notify: false,
  });
}

export function updateAppointmentStatus(apptId: number, status: AppointmentStatus): Promise<Appointment> {
  return apiRequest(`/api/appointment/${apptId}/status/${status}`, { method: 'PUT', schema: appointmentSchema, notify: false });
}

/** The no-show workflow of an appointment (by apptId). */
export function markNoShow(apptId: number): Promise<Appointment> {
  return apiRequest('/api/future-service-interaction/workflow/noShow', { method: 'POST', query: { apptId }, schema: appointmentSchema, notify: false });
}

/** The store's conversations matching a name, phone or customer number (whom to book). */
export function searchConversations(o: { bocId: number; storeId: number; search: string }, signal?: AbortSignal): Promise<LeadPage> {
  return apiRequest('/leadmanager/getLeadManagerDataForCompanyOffice', {
    query: { companyId: o.bocId, officeId: o.storeId, search: o.search, size: 20, page: 0 },
    schema: leadPageSchema,
    signal,
    notify: false,
  });
}

/** Moves an appointment to another slot; a refusal (full, past, already the customer's) comes back as the error. */
export function rescheduleAppointment(apptId: number, body: Reschedule): Promise<Appointment> {
  return apiRequest(`/api/appointment/${apptId}/reschedule`, { method: 'PUT', body, schema: appointmentSchema, notify: false });
}
