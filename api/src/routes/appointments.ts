import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  APPOINTMENT_STATUSES,
  SLOT_HOLDING_STATUSES,
  appointmentDateQuerySchema,
  appointmentPageSchema,
  appointmentRangeQuerySchema,
  appointmentSchema,
  appointmentSearchSchema,
  availabilityRequestSchema,
  availabilitySchema,
  bookedAppointmentsQuerySchema,
  bookingResultSchema,
  cancellationSchema,
  createAppointmentSchema,
  manualBookingSchema,
  rescheduleSchema,
  serviceOfferingSchema,
} from '@drivebay/shared';
import { createAppointment } from '../services/appointments/book-appointment';
import { cancelBooking, markNoShow, updateAppointmentStatus } from '../services/appointments/manage-appointments';
import { availability, listServices, manualBooking } from '../services/appointments/manual-booking';
import { rescheduleAppointment } from '../services/appointments/reschedule-appointment';
import type { OutboxWaker } from '../services/conversations/deps';
import {
  appointmentsBetween,
  appointmentsOfConversation,
  appointmentsOfDay,
  searchAppointments,
  searchAppointmentsByDateAndQuery,
} from '../services/appointments/search-appointments';
import type { Sql } from '../db/database';
import type { InboxNotifier } from '../services/conversations/notifier';
import type { AppEnv } from '../types';
import { requireUser } from '../middleware/auth';
import { bearer, errorResponses, idParam, json } from './common';

/**
 * Where the manual booking calls live. The specification names them (services,
 * nlp/availability-without-template, booking, booked-appts, cancellations) but not their base
 * path; they share this one.
 */
export const MANUAL_APPOINTMENT_BASE = '/api/manual-appointment';

const conflict = { 409: { description: 'The change is not allowed from the current state', content: errorResponses[400].content } };
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const tags = ['Appointments'];
const common = { tags, security: bearer };

const createRoute_ = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'post',
  path: '/api/appointment',
  summary: 'Book an appointment into a slot of the store’s service drive (409 when the slot is full)',
  request: body(createAppointmentSchema),
  responses: { 201: json(appointmentSchema, 'Booked'), ...errorResponses, ...conflict },
});

const searchRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'post',
  path: '/api/appointment/search',
  summary: 'Appointments of a store by day range (DD.MM.YYYY, end inclusive), status, advisor and text',
  request: body(appointmentSearchSchema),
  responses: { 200: json(appointmentPageSchema), ...errorResponses },
});

const statusRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'put',
  path: '/api/appointment/{id}/status/{status}',
  summary: 'Move an appointment to a status',
  request: { params: z.object({ id: idParam, status: z.enum(APPOINTMENT_STATUSES) }) },
  responses: { 200: json(appointmentSchema), ...errorResponses, ...conflict },
});

const rescheduleRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'put',
  path: '/api/appointment/{id}/reschedule',
  summary: 'Move a booked or confirmed appointment to another slot; its conversation gets the moved calendar card and a text (409 when the slot is full or already the customer’s)',
  request: { params: z.object({ id: idParam }), ...body(rescheduleSchema) },
  responses: { 200: json(appointmentSchema), ...errorResponses, ...conflict },
});

const noShowRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'post',
  path: '/api/future-service-interaction/workflow/noShow',
  summary: 'Mark an appointment no-show (by apptId); its conversation moves to the show / no-show stage',
  request: { query: z.object({ apptId: idParam }) },
  responses: { 200: json(appointmentSchema), ...errorResponses, ...conflict },
});

const byApptDateRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/future-service-interaction/appointment/search-by-appt-date',
  summary: 'Appointments of a store between two days (DD.MM.YYYY, end inclusive)',
  request: { query: appointmentRangeQuerySchema.extend({ store_id_pk: idParam, lastMessageReceived: flag.optional() }) },
  responses: { 200: json(z.array(appointmentSchema)), ...errorResponses },
});

const byDateAndQueryRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'post',
  path: '/api/service-appointment/search-by-appt-date-and-query',
  summary: 'Appointments of a store between two days matching a customer, phone, e-mail or VIN',
  request: body(appointmentDateQuerySchema),
  responses: { 200: json(appointmentPageSchema), ...errorResponses },
});

const bocStoreByDateRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/boc/{bocId}/store/{storeId}/service-appointment/search-by-date',
  summary: 'Appointments of a store of a BOC between two days (DD.MM.YYYY, end inclusive)',
  request: { params: z.object({ bocId: idParam, storeId: idParam }), query: appointmentRangeQuerySchema },
  responses: { 200: json(z.array(appointmentSchema)), ...errorResponses },
});

const manualTags = ['Manual appointments'];
const manual = { ...common, tags: manualTags };

const servicesRoute = createRoute({
  ...manual,
  middleware: [requireUser] as const,
  method: 'get',
  path: `${MANUAL_APPOINTMENT_BASE}/services`,
  summary: 'Services a customer can book',
  request: { query: z.object({ storeId: idParam }) },
  responses: { 200: json(z.array(serviceOfferingSchema)), ...errorResponses },
});

const availabilityRoute = createRoute({
  ...manual,
  middleware: [requireUser] as const,
  method: 'post',
  path: `${MANUAL_APPOINTMENT_BASE}/nlp/availability-without-template`,
  summary: 'Slots of one day (YYYY-MM-DD) in the store’s office zone, with what is still free',
  request: body(availabilityRequestSchema),
  responses: { 200: json(availabilitySchema), ...errorResponses },
});

const bookingRoute = createRoute({
  ...manual,
  middleware: [requireUser] as const,
  method: 'post',
  path: `${MANUAL_APPOINTMENT_BASE}/booking`,
  summary: 'Book a conversation’s customer into a slot; success false carries the refusal',
  request: body(manualBookingSchema),
  responses: { 200: json(bookingResultSchema), ...errorResponses },
});

const bookedRoute = createRoute({
  ...manual,
  middleware: [requireUser] as const,
  method: 'get',
  path: `${MANUAL_APPOINTMENT_BASE}/booked-appts`,
  summary: 'Active appointments of a store-day (YYYY-MM-DD), or of a conversation (fid)',
  request: { query: bookedAppointmentsQuerySchema },
  responses: { 200: json(z.array(appointmentSchema)), ...errorResponses },
});

const cancellationsRoute = createRoute({
  ...manual,
  middleware: [requireUser] as const,
  method: 'post',
  path: `${MANUAL_APPOINTMENT_BASE}/cancellations`,
  summary: 'Cancel a conversation’s appointment; its slot is free again',
  request: { query: z.object({ fid: idParam }), ...body(cancellationSchema) },
  responses: { 200: json(bookingResultSchema), ...errorResponses },
});

/**
 * The appointment calls. Each change is announced to the store's open documents (the inbox row of
 * its conversation, the repair-order board) as soon as it is committed.
 */
export function appointmentRoutes(deps: { notifier?: InboxNotifier | undefined; outbox?: OutboxWaker | undefined } = {}) {
  const announce = (a: { storeId: number; future_service_interaction_id: number | null }) =>
    deps.notifier?.interactionsChanged(a.storeId, a.future_service_interaction_id ? [a.future_service_interaction_id] : []);
  const announceById = async (sql: Sql, apptId: number | null) => {
    if (!deps.notifier || !apptId) return;
    const [a] = await sql<{ storeId: number; fid: number | null }[]>`
      select store_id as "storeId", future_service_interaction_id as fid from appointment where id = ${apptId}`;
    if (a) announce({ storeId: a.storeId, future_service_interaction_id: a.fid });
  };
  const announced = <T extends { storeId: number; future_service_interaction_id: number | null }>(a: T): T => {
    announce(a);
    return a;
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(createRoute_, async (c) => c.json(announced(await createAppointment(c.var.sql, c.var.user, c.req.valid('json'))), 201))
    .openapi(searchRoute, async (c) => c.json(await searchAppointments(c.var.sql, c.var.user, c.req.valid('json')), 200))
    .openapi(statusRoute, async (c) => {
      const { id, status } = c.req.valid('param');
      return c.json(announced(await updateAppointmentStatus(c.var.sql, c.var.user, id, status)), 200);
    })
    .openapi(rescheduleRoute, async (c) =>
      c.json(announced(await rescheduleAppointment({ sql: c.var.sql, ...deps }, c.var.user, c.req.valid('param').id, c.req.valid('json'))), 200),
    )
    .openapi(noShowRoute, async (c) => c.json(announced(await markNoShow(c.var.sql, c.var.user, c.req.valid('query').apptId)), 200))
    .openapi(byApptDateRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await appointmentsBetween(c.var.sql, c.var.user, { ...q, storeId: q.store_id_pk }), 200);
    })
    .openapi(byDateAndQueryRoute, async (c) => c.json(await searchAppointmentsByDateAndQuery(c.var.sql, c.var.user, c.req.valid('json')), 200))
    .openapi(bocStoreByDateRoute, async (c) => {
      const { bocId, storeId } = c.req.valid('param');
      return c.json(await appointmentsBetween(c.var.sql, c.var.user, { ...c.req.valid('query'), bocId, storeId }), 200);
    })
    .openapi(servicesRoute, async (c) => c.json(await listServices(c.var.sql, c.var.user, c.req.valid('query').storeId), 200))
    .openapi(availabilityRoute, async (c) => c.json(await availability(c.var.sql, c.var.user, c.req.valid('json')), 200))
    .openapi(bookingRoute, async (c) => {
      // The booking's transaction announces its conversation; the store's board hears it too.
      return c.json(await manualBooking({ sql: c.var.sql, ...deps }, c.var.user, c.req.valid('json')), 200);
    })
    .openapi(bookedRoute, async (c) => {
      const { storeId, date, fid } = c.req.valid('query');
      const statuses = SLOT_HOLDING_STATUSES;
      const list = date
        ? await appointmentsOfDay(c.var.sql, c.var.user, { storeId, date, fid, statuses })
        : await appointmentsOfConversation(c.var.sql, c.var.user, { storeId, fid: fid!, statuses });
      return c.json(list, 200);
    })
    .openapi(cancellationsRoute, async (c) => {
      const { apptId, reason } = c.req.valid('json');
      const result = await cancelBooking(c.var.sql, c.var.user, { fid: c.req.valid('query').fid, apptId, reason });
      if (result.success) await announceById(c.var.sql, result.apptId ?? apptId);
      return c.json(result, 200);
    });
}
