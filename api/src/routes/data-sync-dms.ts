import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { dmsAppointmentInputSchema, dmsAppointmentSchema, dmsAppointmentsQuerySchema, dmsCustomerVehicleSchema, dmsHelpSchema, dmsSearchQuerySchema } from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import {
  deleteDmsAppointment,
  dmsAppointmentsOfDay,
  dmsCustomerVehicleSearch,
  dmsHelp,
  insertDmsAppointment,
  readDmsAppointment,
  updateDmsAppointment,
} from '../services/data-sync/dms/appointments';
import type { AppEnv } from '../types';
import { bearer, errorResponses, idParam, json } from './common';

// The dealer system's appointment book (spec §7 "Data-sync DMS appointments": insert, read,
// update, delete, all-appointments, customer-vehicle-search and help lookups).
const common = { tags: ['Data sync'], security: bearer };
const body = { body: { content: { 'application/json': { schema: dmsAppointmentInputSchema } }, required: true } };
const withConflict = { ...errorResponses, 409: errorResponses[400] };
const idParams = z.object({ dmsAppointmentId: idParam });

const insert = createRoute({ ...common, middleware: [requireUser] as const, method: 'post', path: '/api/data-sync/dms/appointment', summary: 'Book an appointment in the dealer system', request: body, responses: { 200: json(dmsAppointmentSchema), ...errorResponses } });
const read = createRoute({ ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/dms/appointment/{dmsAppointmentId}', summary: 'One appointment of the dealer system', request: { params: idParams }, responses: { 200: json(dmsAppointmentSchema), ...errorResponses } });
const update = createRoute({ ...common, middleware: [requireUser] as const, method: 'put', path: '/api/data-sync/dms/appointment/{dmsAppointmentId}', summary: 'Change an appointment in the dealer system', request: { params: idParams, ...body }, responses: { 200: json(dmsAppointmentSchema), ...withConflict } });
const remove = createRoute({ ...common, middleware: [requireUser] as const, method: 'delete', path: '/api/data-sync/dms/appointment/{dmsAppointmentId}', summary: 'Cancel an appointment in the dealer system', request: { params: idParams }, responses: { 200: json(dmsAppointmentSchema), ...errorResponses } });
const ofDay = createRoute({ ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/dms/all-appointments', summary: "The dealer system's booked appointments of a day (store zone)", request: { query: dmsAppointmentsQuerySchema }, responses: { 200: json(z.array(dmsAppointmentSchema)), ...errorResponses } });
const search = createRoute({ ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/dms/customer-vehicle-search', summary: "The dealer system's customers and vehicles by name, phone, customer number or VIN", request: { query: dmsSearchQuerySchema }, responses: { 200: json(z.array(dmsCustomerVehicleSchema)), ...errorResponses } });
const help = createRoute({ ...common, middleware: [requireUser] as const, method: 'get', path: '/api/data-sync/dms/help', summary: 'Op codes, advisors and transport types of the dealer system', request: { query: z.object({ storeIdPk: idParam }) }, responses: { 200: json(dmsHelpSchema), ...errorResponses } });

export const dataSyncDmsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(insert, async (c) => c.json(await insertDmsAppointment(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(read, async (c) => c.json(await readDmsAppointment(c.var.sql, c.var.user, c.req.valid('param').dmsAppointmentId), 200))
  .openapi(update, async (c) => c.json(await updateDmsAppointment(c.var.sql, c.var.user, c.req.valid('param').dmsAppointmentId, c.req.valid('json')), 200))
  .openapi(remove, async (c) => c.json(await deleteDmsAppointment(c.var.sql, c.var.user, c.req.valid('param').dmsAppointmentId), 200))
  .openapi(ofDay, async (c) => c.json(await dmsAppointmentsOfDay(c.var.sql, c.var.user, c.req.valid('query').storeIdPk, c.req.valid('query').date), 200))
  .openapi(search, async (c) => c.json(await dmsCustomerVehicleSearch(c.var.sql, c.var.user, c.req.valid('query').storeIdPk, c.req.valid('query').query), 200))
  .openapi(help, async (c) => c.json(await dmsHelp(c.var.sql, c.var.user, c.req.valid('query').storeIdPk), 200));
