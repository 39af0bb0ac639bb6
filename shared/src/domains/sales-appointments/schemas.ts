/**
 * The sales appointment form (spec §2 "Appointment form", §3 "Appointment form state"): a
 * calendar invite and an appointment for a lead's conversation.
 */
import { z } from 'zod';
import { APPOINTMENT_TITLES } from '../../codes';

export const SALES_APPOINTMENT_TEXT = {
  heading: 'Appointment',
  titlePlaceholder: '-- Select Title --',
  appointmentWith: 'Appointment with...',
  save: 'Save',
  schedule: 'Schedule',
  cancel: 'Cancel',
  titleRequired: 'Please select a title',
  dateRequired: 'Please select a date',
  timeRequired: 'Please select a time',
  leadRequired: 'Please select a lead',
  saved: 'Successfully Sent',
} as const;

/** A sales appointment lasts an hour unless changed: long enough for a test drive or appraisal. */
export const SALES_APPOINTMENT_MINUTES = 60;

const TWELVE_HOUR = /^\s*(0?[1-9]|1[0-2]):([0-5]\d)\s*([ap])\.?m\.?\s*$/i;

/** "1:30 pm" → 13:30; null when it is not a 12-hour time. */
export function parseTwelveHourTime(value: string): { hour: number; minute: number } | null {
  const m = TWELVE_HOUR.exec(value);
  if (!m) return null;
  const h = Number(m[1]) % 12;
  return { hour: m[3]!.toLowerCase() === 'p' ? h + 12 : h, minute: Number(m[2]) };
}

/** 13:30 → "1:30 pm", the form's time format. */
export function formatTwelveHourTime(hour: number, minute: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * The lead search of the form (spec §5): a case-insensitive substring of the first name, the
 * last name or "first last"; an empty search matches everyone.
 */
export function matchesLeadSearch(lead: { firstName: string; lastName: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const first = lead.firstName.toLowerCase();
  const last = lead.lastName.toLowerCase();
  return first.includes(q) || last.includes(q) || `${first} ${last}`.includes(q);
}

/**
 * `POST /api/sales-appointment`: the form's state as it is saved. contactId is the lead (its
 * conversation); with appointmentId the appointment is moved (Schedule) instead of created.
 */
export const salesAppointmentSchema = z.object({
  messageActionType: z.literal('CALENDAR').default('CALENDAR'),
  contactId: z.coerce.number({ error: SALES_APPOINTMENT_TEXT.leadRequired }).int().positive(SALES_APPOINTMENT_TEXT.leadRequired),
  title: z.enum(APPOINTMENT_TITLES, { error: SALES_APPOINTMENT_TEXT.titleRequired }),
  startDate: z.iso.date({ error: SALES_APPOINTMENT_TEXT.dateRequired }),
  startTime: z
    .string({ error: SALES_APPOINTMENT_TEXT.timeRequired })
    .refine((v) => parseTwelveHourTime(v) !== null, SALES_APPOINTMENT_TEXT.timeRequired),
  appointmentId: z.coerce.number().int().positive().nullish(),
  subject: z.string().trim().max(200).nullish(),
  msgBody: z.string().trim().max(5000).nullish(),
  customerName: z.string().trim().max(200).nullish(),
  salesRepName: z.string().trim().max(200).nullish(),
  assistant: z.string().trim().max(200).nullish(),
});
export type SalesAppointment = z.input<typeof salesAppointmentSchema>;

export const salesAppointmentResultSchema = z.object({
  message: z.string(),
  appointmentId: z.number().int(),
  messageId: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  /** The meeting page for the sales rep (a signed link), when links can be made. */
  meetingUrl: z.string().nullable(),
});
export type SalesAppointmentResult = z.infer<typeof salesAppointmentResultSchema>;

/** `GET /api/sales-appointment?storeId=`: a store's sales appointments from today on, soonest first. */
export const salesAppointmentListItemSchema = z.object({
  appointmentId: z.number().int(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  futureServiceInteractionId: z.number().int(),
  customerName: z.string(),
  salesRepName: z.string().nullable(),
});
export type SalesAppointmentListItem = z.infer<typeof salesAppointmentListItemSchema>;
