import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  appointmentSchema,
  bridgeDayParamsSchema,
  closedRoQuerySchema,
  openRoByDateQuerySchema,
  openRoByStatusQuerySchema,
  openRoByStoreRequestSchema,
  serviceAdvisorSchema,
  serviceOrderDetailSchema,
  serviceOrderPageSchema,
  serviceOrderSchema,
  storeSchema,
} from '@drivebay/shared';
import { appointmentsOfDay } from '../services/appointments/search-appointments';
import {
  closedOrdersBySearchDates,
  closedOrdersOfDay,
  listAdvisors,
  listSwimlaneStores,
  openOrdersByLanes,
  ordersOpenedBetween,
  serviceOrderDetail,
  assertStoreInBoc,
} from '../services/boards/swimlane';
import type { AppEnv } from '../types';
import { requireUser } from '../middleware/auth';
import { bearer, errorResponses, idParam, json } from './common';

// The dealer system's swimlane and store calls (spec §7 "Swimlane and store data"), answered by
// the dealer system simulated inside the product. Every one needs a live session and a store in
// the user's scope, including the bridge calls the specification lists as sent without a token.
const common = { tags: ['Swimlane'], security: bearer };
const bocStore = z.object({ bocId: idParam, storeId: idParam });

const advisorsRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/service-open/boc/{bocId}/store/{storeId}/advisor',
  summary: 'Service advisors of a store',
  request: { params: bocStore },
  responses: { 200: json(z.array(serviceAdvisorSchema)), ...errorResponses },
});

const openByDateRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/service-open/boc/{bocId}/store/{storeId}/search-by-date',
  summary: 'Repair orders opened from startDate up to, not including, endDate (DD.MM.YYYY), a page at a time',
  request: { params: bocStore, query: openRoByDateQuerySchema },
  responses: { 200: json(serviceOrderPageSchema), ...errorResponses },
});

const openRoRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/service-open/boc/{bocId}/store/{storeId}/getOpenRo/{svcOpenRoIdPK}',
  summary: 'One repair order of a store with its audit trail',
  request: { params: bocStore.extend({ svcOpenRoIdPK: idParam }) },
  responses: { 200: json(serviceOrderDetailSchema), ...errorResponses },
});

const byStatusRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/future-service-interaction/openro/search-by-status',
  summary: 'Open repair orders of one lane, optionally of one advisor',
  request: { query: openRoByStatusQuerySchema },
  responses: { 200: json(z.array(serviceOrderSchema)), ...errorResponses },
});

const closedRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/future-service-interaction/closedro/search-by-closed-date',
  summary: 'Repair orders closed from startDate up to, not including, endDate (DD.MM.YYYY; clients send the last day plus one)',
  request: { query: closedRoQuerySchema },
  responses: { 200: json(z.array(serviceOrderSchema)), ...errorResponses },
});

const openByStoreRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'post',
  path: '/api/getOpenRoBtStoreId',
  summary: 'Open repair orders of some lanes of a store, optionally of one advisor (advisorNo, or ALL)',
  request: { body: { content: { 'application/json': { schema: openRoByStoreRequestSchema } }, required: true } },
  responses: { 200: json(z.array(serviceOrderSchema)), ...errorResponses },
});

const storesRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/getAllStores',
  summary: 'Every store the user may open',
  responses: { 200: json(z.array(storeSchema)), 401: errorResponses[401] },
});

const advisorsByStoreRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/getAdivsorByStore/{store}',
  summary: 'Service advisors of a store',
  request: { params: z.object({ store: idParam }) },
  responses: { 200: json(z.array(serviceAdvisorSchema)), ...errorResponses },
});

const closedOfDayRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/getClosedRoByStoreIdAndDateAndAdvisorNo/{store}/{date}/{advisor}',
  summary: 'Repair orders closed on a day (YYYY-MM-DD, store zone) by an advisor number, or ALL',
  request: { params: bridgeDayParamsSchema.extend({ advisor: z.string().trim().min(1).max(40) }) },
  responses: { 200: json(z.array(serviceOrderSchema)), ...errorResponses },
});

const appointmentsOfDayRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/getAppointmentByStoreIdAndDate/{store}/{date}',
  summary: 'Appointments of a store on a day (YYYY-MM-DD, store zone)',
  request: { params: bridgeDayParamsSchema },
  responses: { 200: json(z.array(appointmentSchema)), ...errorResponses },
});

const detailRoute = createRoute({
  ...common,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/bridge/api/getOpenServiceOrderDetail/{id}',
  summary: 'One repair order with its audit trail',
  request: { params: z.object({ id: idParam }) },
  responses: { 200: json(serviceOrderDetailSchema), ...errorResponses },
});

export const boardRoutes = new OpenAPIHono<AppEnv>()
  .openapi(advisorsRoute, async (c) => {
    const { bocId, storeId } = c.req.valid('param');
    await assertStoreInBoc(c.var.sql, c.var.user, bocId, storeId);
    return c.json(await listAdvisors(c.var.sql, c.var.user, storeId), 200);
  })
  .openapi(openByDateRoute, async (c) =>
    c.json(await ordersOpenedBetween(c.var.sql, c.var.user, { ...c.req.valid('param'), ...c.req.valid('query') }), 200),
  )
  .openapi(openRoRoute, async (c) => {
    const { bocId, storeId, svcOpenRoIdPK } = c.req.valid('param');
    return c.json(await serviceOrderDetail(c.var.sql, c.var.user, svcOpenRoIdPK, { bocId, storeId }), 200);
  })
  .openapi(byStatusRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await openOrdersByLanes(c.var.sql, c.var.user, { storeId: q.store_id_pk, lanes: [q.statusCode], advisorNo: q.advisorNo }), 200);
  })
  .openapi(closedRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await closedOrdersBySearchDates(c.var.sql, c.var.user, { ...q, storeId: q.store_id_pk }), 200);
  })
  .openapi(openByStoreRoute, async (c) => {
    const b = c.req.valid('json');
    return c.json(await openOrdersByLanes(c.var.sql, c.var.user, { storeId: b.storeId, lanes: b.statusCode, advisorNo: b.advisorNo }), 200);
  })
  .openapi(storesRoute, async (c) => c.json(await listSwimlaneStores(c.var.sql, c.var.user), 200))
  .openapi(advisorsByStoreRoute, async (c) => c.json(await listAdvisors(c.var.sql, c.var.user, c.req.valid('param').store), 200))
  .openapi(closedOfDayRoute, async (c) => {
    const { store, date, advisor } = c.req.valid('param');
    return c.json(await closedOrdersOfDay(c.var.sql, c.var.user, { storeId: store, date, advisorNo: advisor }), 200);
  })
  .openapi(appointmentsOfDayRoute, async (c) => {
    const { store, date } = c.req.valid('param');
    return c.json(await appointmentsOfDay(c.var.sql, c.var.user, { storeId: store, date }), 200);
  })
  .openapi(detailRoute, async (c) => c.json(await serviceOrderDetail(c.var.sql, c.var.user, c.req.valid('param').id), 200));
