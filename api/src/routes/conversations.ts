import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Context } from 'hono';
import { archiveMessage } from '../services/conversations/archive-message';
import { conversationHistory } from '../services/conversations/conversation-history';
import type { ConversationDeps, ServiceDeps } from '../services/conversations/deps';
import { updateMessageResponseTime } from '../services/conversations/message-response-time';
import { markRead } from '../services/conversations/read-marker';
import {
  messageInstanceSchema,
  messageResponseTimeResultSchema,
  messageResponseTimeSchema,
  readMarkerResultSchema,
  readMarkerSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
  successSchema,
} from '@drivebay/shared';
import { sendMessage } from '../services/conversations/send-message';
import { updateAiEnabled } from '../services/conversations/update-ai-enabled';
import { updateConvClosed } from '../services/conversations/update-conv-closed';
import { requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { bearer, errorResponses, idParam, json } from './common';

export type { ConversationDeps };

// `c.get`, not `c.var`: each read of `c.var` copies every variable of the request into a new object,
// and this runs on every carrier webhook.
export const serviceDeps = (c: Context<AppEnv>, deps: ConversationDeps): ServiceDeps => ({
  sql: c.get('sql'),
  notifier: deps.notifier,
  outbox: deps.outbox,
  logger: c.get('logger'),
});

const conflict = { 409: { description: 'Refused: the customer opted out, or the clientMessageId belongs to another conversation', content: errorResponses[400].content } };
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

const sendRoute = createRoute({
  method: 'post',
  path: '/api/svc-message-instance/svc-send-message',
  tags: ['Conversations'],
  summary: 'Send an SMS or e-mail to the customer, or store an internal note (once per clientMessageId)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: body(sendMessageSchema) },
  responses: { 200: json(sendMessageResponseSchema), ...errorResponses, ...conflict },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/api/svc-message-instance/conversation-history',
  tags: ['Conversations'],
  summary: 'Messages of an interaction, oldest first, as far as the user’s roles may see them',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: z.object({ future_service_interaction_id: idParam }) },
  responses: { 200: json(z.array(messageInstanceSchema)), ...errorResponses },
});

const archiveRoute = createRoute({
  method: 'put',
  path: '/api/svc-message-instance/archive',
  tags: ['Conversations'],
  summary: 'Archive a message (super data admin, super user)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { query: z.object({ message_instance_id: idParam }) },
  responses: { 200: json(successSchema), ...errorResponses },
});

const readMarkerRoute = createRoute({
  method: 'post',
  path: '/api/svc-message-instance/read-marker',
  tags: ['Conversations'],
  summary: 'The user read the conversation up to lastMessageId',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: body(readMarkerSchema) },
  responses: { 200: json(readMarkerResultSchema), ...errorResponses },
});

const idleReadRoute = createRoute({
  method: 'post',
  path: '/api/svc-message-instance/mark-unread-responses-read',
  tags: ['Conversations'],
  summary: 'At idle timeout: the responses shown up to lastMessageId were read',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: body(readMarkerSchema) },
  responses: { 200: json(readMarkerResultSchema), ...errorResponses },
});

const aiRoute = createRoute({
  method: 'post',
  path: '/api/future-service-interaction/update-ai-enabled',
  tags: ['Conversations'],
  summary: 'Switch the assistant on or off for an interaction',
  security: bearer,
  middleware: [requireUser] as const,
  request: {
    query: z.object({
      'future-service-interaction-id': idParam,
      aiEnabled: z.enum(['true', 'false']).transform((v) => v === 'true'),
    }),
  },
  responses: { 200: json(successSchema), ...errorResponses },
});

const closedRoute = createRoute({
  method: 'post',
  path: '/api/future-service-interaction/update-conv-closed',
  tags: ['Conversations'],
  summary: 'Close a conversation (it leaves the live inbox) or reopen it',
  security: bearer,
  middleware: [requireUser] as const,
  request: {
    query: z.object({
      'future-service-interaction-id': idParam,
      convClosed: z.enum(['true', 'false']).transform((v) => v === 'true'),
    }),
  },
  responses: { 200: json(successSchema), ...errorResponses },
});

const responseTimeRoute = createRoute({
  method: 'put',
  path: '/api/svc-message-instance/message-response-time',
  tags: ['Conversations'],
  summary: 'Set when a message to the customer was really answered (msgDateTime DD-MM-YYYY HH:mm:ss, store time)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: body(messageResponseTimeSchema) },
  responses: {
    200: json(messageResponseTimeResultSchema),
    ...errorResponses,
  },
});

/** The conversation calls of spec §7 (thread, send, archive, read markers, AI switch, response time). */
export function conversationRoutes(deps: ConversationDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(sendRoute, async (c) => {
      const { created: _created, ...result } = await sendMessage(serviceDeps(c, deps), c.var.user, c.req.valid('json'));
      return c.json(result, 200);
    })
    .openapi(historyRoute, async (c) =>
      c.json(await conversationHistory(c.var.sql, c.var.user, c.req.valid('query').future_service_interaction_id), 200),
    )
    .openapi(archiveRoute, async (c) =>
      c.json(await archiveMessage(serviceDeps(c, deps), c.var.user, c.req.valid('query').message_instance_id), 200),
    )
    .openapi(readMarkerRoute, async (c) => c.json(await markRead(serviceDeps(c, deps), c.var.user, c.req.valid('json')), 200))
    .openapi(idleReadRoute, async (c) => c.json(await markRead(serviceDeps(c, deps), c.var.user, c.req.valid('json')), 200))
    .openapi(aiRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(
        await updateAiEnabled(serviceDeps(c, deps), c.var.user, { interactionId: q['future-service-interaction-id'], aiEnabled: q.aiEnabled }),
        200,
      );
    })
    .openapi(closedRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(
        await updateConvClosed(serviceDeps(c, deps), c.var.user, { interactionId: q['future-service-interaction-id'], convClosed: q.convClosed }),
        200,
      );
    })
    .openapi(responseTimeRoute, async (c) =>
      c.json(await updateMessageResponseTime(serviceDeps(c, deps), c.var.user, c.req.valid('json')), 200),
    );
}
