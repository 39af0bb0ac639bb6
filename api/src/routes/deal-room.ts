import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  dealRoomAssistantSchema,
  dealRoomInteractionSchema,
  dealRoomSendSchema,
  messageInstanceSchema,
  populatedTemplateSchema,
  salesAppointmentListItemSchema,
  salesAppointmentResultSchema,
  salesAppointmentSchema,
  sendMessageResponseSchema,
  signedLinkQuerySchema,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import { dealRoomAssistants, dealRoomHistory, dealRoomInteraction, dealRoomSend, dealRoomTemplates } from '../services/deal-room/deal-room';
import { listSalesAppointments } from '../services/deal-room/list-sales-appointments';
import { scheduleSalesAppointment } from '../services/deal-room/sales-appointment';
import type { LinkSecretSource } from '../services/landing/link-tokens';
import type { AppEnv } from '../types';
import { serviceDeps, type ConversationDeps } from './conversations';
import { bearer, errorResponses, idParam, json } from './common';
import { privateAnswer } from './landing';

const tags = ['Deal room'];
const refused = { 403: { description: 'The link is not valid, has expired, or names another interaction', content: errorResponses[403].content } };
const publicRoute = { tags, middleware: [privateAnswer] };

const interactionRoute = createRoute({
  ...publicRoute,
  method: 'get',
  path: '/servicedealroom/future-service-interaction',
  summary: 'The interaction a deal-room link opens (no login; the signed link token is required)',
  request: { query: signedLinkQuerySchema },
  responses: { 200: json(dealRoomInteractionSchema), 400: errorResponses[400], ...refused },
});

const historyRoute = createRoute({
  ...publicRoute,
  method: 'get',
  path: '/servicedealroom/conversationHistory',
  summary: 'The conversation, oldest first, as the link’s user may see it',
  request: { query: signedLinkQuerySchema },
  responses: { 200: json(z.array(messageInstanceSchema)), 400: errorResponses[400], ...refused },
});

const assistantsRoute = createRoute({
  ...publicRoute,
  method: 'get',
  path: '/servicedealroom/assistantList',
  summary: 'The store’s assistants; the one with initializerProcessEnabled sends',
  request: { query: signedLinkQuerySchema },
  responses: { 200: json(z.array(dealRoomAssistantSchema)), 400: errorResponses[400], ...refused },
});

const templatesRoute = createRoute({
  ...publicRoute,
  method: 'get',
  path: '/servicedealroom/templates',
  summary: 'The link user’s personal or group templates, filled in for this conversation',
  request: { query: signedLinkQuerySchema.extend({ source: z.enum(['PERSONAL', 'GROUP']).default('PERSONAL') }) },
  responses: { 200: json(z.array(populatedTemplateSchema)), 400: errorResponses[400], ...refused },
});

const sendRoute = createRoute({
  ...publicRoute,
  method: 'post',
  path: '/servicedealroom/send-message',
  summary: 'Text the customer as the link’s user (once per clientMessageId)',
  request: { query: signedLinkQuerySchema, body: { required: true, content: { 'application/json': { schema: dealRoomSendSchema } } } },
  responses: {
    200: json(sendMessageResponseSchema),
    400: errorResponses[400],
    ...refused,
    409: { description: 'The customer opted out of texts', content: errorResponses[400].content },
  },
});

const salesAppointmentRoute = createRoute({
  method: 'post',
  path: '/api/sales-appointment',
  tags,
  summary: 'Save (or Schedule, with appointmentId) a lead’s sales appointment and its CALENDAR_INVITE message',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: { required: true, content: { 'application/json': { schema: salesAppointmentSchema } } } },
  responses: { 200: json(salesAppointmentResultSchema), ...errorResponses },
});

const salesAppointmentListRoute = createRoute({
  method: 'get',
  path: '/api/sales-appointment',
  tags,
  summary: 'A store’s sales appointments from today on, soonest first',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: z.object({ storeId: idParam }) },
  responses: { 200: json(z.array(salesAppointmentListItemSchema)), ...errorResponses },
});

/** The deal room's public calls (spec §7 /servicedealroom/*) and the sales appointment form's call. */
export function dealRoomRoutes(deps: ConversationDeps & { linkSecret?: string | undefined }) {
  const secrets: LinkSecretSource = { configured: deps.linkSecret };
  return new OpenAPIHono<AppEnv>()
    .openapi(interactionRoute, async (c) => c.json(await dealRoomInteraction(c.var.sql, secrets, c.req.valid('query')), 200))
    .openapi(historyRoute, async (c) => c.json(await dealRoomHistory(c.var.sql, secrets, c.req.valid('query')), 200))
    .openapi(assistantsRoute, async (c) => c.json(await dealRoomAssistants(c.var.sql, secrets, c.req.valid('query')), 200))
    .openapi(templatesRoute, async (c) => c.json(await dealRoomTemplates(c.var.sql, secrets, c.req.valid('query')), 200))
    .openapi(sendRoute, async (c) =>
      c.json(await dealRoomSend(serviceDeps(c, deps), secrets, c.req.valid('query'), c.req.valid('json')), 200),
    )
    .openapi(salesAppointmentListRoute, async (c) => c.json(await listSalesAppointments(c.var.sql, c.var.user, c.req.valid('query').storeId), 200))
    .openapi(salesAppointmentRoute, async (c) =>
      c.json(
        await scheduleSalesAppointment({ sql: c.var.sql, notifier: deps.notifier }, c.var.user, c.req.valid('json'), {
          secrets,
          publicUrl: deps.publicUrl,
        }),
        200,
      ),
    );
}
