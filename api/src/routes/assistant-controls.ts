import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  actionIntentQuerySchema,
  actionIntentSchema,
  actionResultSchema,
  controlResultSchema,
  logModeResultSchema,
  assistantDtoSchema,
  assistListQuerySchema,
  dtDialogDisableSchema,
  dtDialogResumeSchema,
  gmHandoffQuerySchema,
  inboundAppointmentQuerySchema,
  intentDetailsQuerySchema,
  intentDetailsSchema,
  interactionQuerySchema,
  logModeQuerySchema,
  markDeleteQuerySchema,
  marksResultSchema,
  markSchema,
  markV2Schema,
  responseInsightQuerySchema,
  responseInsightResultSchema,
  successSchema,
  workflowTrackQuerySchema,
  type IntentCode,
  type MarkTarget,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import {
  applyActionIntent,
  applyInboundAppointment,
  assistantList,
  disableDtDialog,
  gmHandoff,
  intentDetails,
  manualHandoff,
  postTrack,
  removeMark,
  resumeDtDialog,
  setLogMode,
  setMark,
  setResponseInsight,
  type Rephraser,
  type TurnDeps,
} from '../services/assistant-loop';
import type { ConversationDeps } from '../services/conversations/deps';
import type { AppEnv } from '../types';
import { bearer, errorResponses, json, optionalEnterpriseHeader } from './common';
import { checkInteractionEnterpriseHeader } from '../services/lead-lists/place';

/** What the controls are built with: the messaging deps, and optionally a pinned clock (tests). */
export type AssistantControlDeps = ConversationDeps & { clock?: () => Date; rephraser?: Rephraser | null };

const FSI = '/api/future-service-interaction';
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const conflict = { 409: { description: 'Refused in the conversation’s state', content: errorResponses[400].content } };

const route = <M extends 'get' | 'post' | 'put' | 'delete', P extends string>(method: M, path: P, summary: string, tags = ['Assistant']) => ({
  method, path, summary, tags, security: bearer, middleware: [requireUser] as [typeof requireUser],
});

const intentDetailsRoute = createRoute({
  ...route('get', `${FSI}/intentDetails`, 'Show Intents: what the assistant read in a customer message (the latest one when messageId is left out)'),
  request: { query: intentDetailsQuerySchema },
  responses: { 200: json(intentDetailsSchema), ...errorResponses },
});

const logModeRoute = createRoute({
  ...route('post', `${FSI}/track/logMode`, 'Log mode on a customer message; with validLogMode, the reviewer’s verdict'),
  request: { query: logModeQuerySchema },
  responses: {
    200: json(logModeResultSchema),
    ...errorResponses,
  },
});

const inboundAppointmentRoute = createRoute({
  ...route('post', `${FSI}/workflow/inbound-appointment`, 'Apply an inbound-appointment workflow parameter'),
  request: { query: inboundAppointmentQuerySchema },
  responses: { 200: json(controlResultSchema), ...errorResponses },
});

const trackRoute = createRoute({
  ...route('post', `${FSI}/workflow/track`, 'Post a workflow track (handoff tracks hand off; the ask-for-schedule track asks for a day and time); (ent) with the enterpriseId header'),
  request: { query: workflowTrackQuerySchema, headers: optionalEnterpriseHeader },
  responses: { 200: json(controlResultSchema), ...errorResponses },
});

const dtResumeRoute = createRoute({
  ...route('post', `${FSI}/dtDialog/resume`, 'Send the Date Time Dialogue (409 when the customer has an appointment or it had its chance, unless isForced)'),
  request: { body: body(dtDialogResumeSchema) },
  responses: { 200: json(controlResultSchema), ...errorResponses, ...conflict },
});

const dtDisableRoute = createRoute({
  ...route('post', `${FSI}/dtDialog/disable`, 'Disable the Date Time Dialogue'),
  request: { body: body(dtDialogDisableSchema) },
  responses: { 200: json(successSchema), ...errorResponses },
});

const gmHandoffRoute = createRoute({
  ...route('post', '/api/lisa/hand-off/gm-hand-off', 'GM Handoff with its complaint category (the deal room sends CQ)'),
  request: { query: gmHandoffQuerySchema },
  responses: { 200: json(controlResultSchema), ...errorResponses },
});

const manualHandoffRoute = createRoute({
  ...route('post', '/api/lisa/hand-off/manual-hand-off', 'Manual Handoff: a person takes the conversation over'),
  // Documented with its planner form, which answers first (routes/planners.ts).
  hide: true,
  request: { query: interactionQuerySchema },
  responses: { 200: json(controlResultSchema), ...errorResponses },
});

const actionIntentsRoute = createRoute({
  ...route('post', `${FSI}/action-intents`, 'Action Intents: the assistant acts on a customer message as carrying the chosen intent'),
  request: { query: actionIntentQuerySchema, body: body(actionIntentSchema) },
  responses: { 200: json(actionResultSchema), ...errorResponses },
});

const defaultActionIntentsRoute = createRoute({
  ...route('post', `${FSI}/default-action-intents`, 'Default Action Intents: file a customer message under the chosen intent (insight, marks), sending nothing'),
  request: { query: actionIntentQuerySchema, body: body(actionIntentSchema) },
  responses: { 200: json(actionResultSchema), ...errorResponses },
});

const insightRoute = createRoute({
  ...route('put', `${FSI}/responseInsight`, 'Set the conversation’s response insight'),
  request: { query: responseInsightQuerySchema },
  responses: { 200: json(responseInsightResultSchema), ...errorResponses },
});

const assistListRoute = createRoute({
  ...route('get', '/assistant/v2/getassistlist', 'A store division’s assistants; the one with initializerProcessEnabled is the sender'),
  request: { query: assistListQuerySchema, headers: z.object({ enterpriseid: z.string().regex(/^\d+$/, 'Use the enterprise id').optional() }) },
  responses: { 200: json(z.array(assistantDtoSchema)), ...errorResponses },
});

const markRoute = (path: string, summary: string, schema: typeof markSchema | typeof markV2Schema) =>
  createRoute({
    ...route('post', path, summary, ['Marks']),
    request: { body: body(schema) },
    responses: { 200: json(marksResultSchema), ...errorResponses },
  });

const markV2Route = markRoute('/api/marks/v2', 'Set a mark (target named; SMS_OPT_OUT blocks texts to the customer)', markV2Schema);
const markCustomerRoute = markRoute('/api/marks/customer', 'Set a mark on the conversation’s customer', markSchema);
const markVehicleRoute = markRoute('/api/marks/service-vehicle', 'Set a mark on the conversation’s vehicle', markSchema);
const markFsiRoute = markRoute('/api/marks/future-service-interaction', 'Set a mark on the conversation', markSchema);

const markDeleteRoute = createRoute({
  ...route('delete', '/api/marks/v2', 'Remove a mark (removing SMS_OPT_OUT lifts the block)', ['Marks']),
  request: { query: markDeleteQuerySchema },
  responses: { 200: json(marksResultSchema), ...errorResponses },
});

/**
 * The staff controls of the assistant (conversation spec §2, §4, §7): Show Intents, log mode,
 * the inbound-appointment workflow and tracks, the Date Time Dialogue, GM and manual handoffs,
 * Action Intents, the response insight, the assistant list and marks.
 */
export function assistantControlRoutes(deps: AssistantControlDeps) {
  const turnDeps = (c: Context<AppEnv>): TurnDeps => ({
    sql: c.var.sql, notifier: deps.notifier, outbox: deps.outbox, logger: c.var.logger, clock: deps.clock, rephraser: deps.rephraser ?? null,
  });
  const fsi = (q: { 'future-service-interaction-id': number }) => q['future-service-interaction-id'];
  const markTarget = (path: string): MarkTarget =>
    path.endsWith('/customer') ? 'CUSTOMER' : path.endsWith('/service-vehicle') ? 'SERVICE_VEHICLE' : 'FUTURE_SERVICE_INTERACTION';

  const app = new OpenAPIHono<AppEnv>()
    .openapi(intentDetailsRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await intentDetails(c.var.sql, c.var.user, { interactionId: fsi(q), messageId: q.messageId }), 200);
    })
    .openapi(logModeRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await setLogMode(turnDeps(c), c.var.user, { interactionId: fsi(q), messageId: q.messageId, validLogMode: q.validLogMode }), 200);
    })
    .openapi(inboundAppointmentRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await applyInboundAppointment(turnDeps(c), c.var.user, { interactionId: fsi(q), parameter: q.parameter }), 200);
    })
    .openapi(trackRoute, async (c) => {
      const q = c.req.valid('query');
      await checkInteractionEnterpriseHeader(c.var.sql, c.var.user, fsi(q), c.req.valid('header').enterpriseid);
      return c.json(await postTrack(turnDeps(c), c.var.user, { interactionId: fsi(q), track: q.track, parameter: q.parameter, intentName: q.intentName }), 200);
    })
    .openapi(dtResumeRoute, async (c) => c.json(await resumeDtDialog(turnDeps(c), c.var.user, c.req.valid('json')), 200))
    .openapi(dtDisableRoute, async (c) => c.json(await disableDtDialog(turnDeps(c), c.var.user, c.req.valid('json')), 200))
    .openapi(gmHandoffRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await gmHandoff(turnDeps(c), c.var.user, { interactionId: fsi(q), parameter: q.parameter }), 200);
    })
    .openapi(manualHandoffRoute, async (c) => c.json(await manualHandoff(turnDeps(c), c.var.user, { interactionId: fsi(c.req.valid('query')) }), 200))
    .openapi(actionIntentsRoute, async (c) => {
      const q = c.req.valid('query');
      const intent = c.req.valid('json').intent as IntentCode;
      return c.json(await applyActionIntent(turnDeps(c), c.var.user, { interactionId: fsi(q), messageId: q.messageId, intent, mode: 'ACTION' }), 200);
    })
    .openapi(defaultActionIntentsRoute, async (c) => {
      const q = c.req.valid('query');
      const intent = c.req.valid('json').intent as IntentCode;
      return c.json(await applyActionIntent(turnDeps(c), c.var.user, { interactionId: fsi(q), messageId: q.messageId, intent, mode: 'DEFAULT' }), 200);
    })
    .openapi(insightRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await setResponseInsight(turnDeps(c), c.var.user, { interactionId: fsi(q), insight: q.insight }), 200);
    })
    .openapi(assistListRoute, async (c) => {
      const q = c.req.valid('query');
      const enterpriseId = c.req.valid('header').enterpriseid;
      return c.json(await assistantList(c.var.sql, c.var.user, { bocId: q.boc_id_pk, storeId: q.store_id_pk, divisionId: q.divisionId, enterpriseId }), 200);
    })
    .openapi(markV2Route, async (c) => {
      const b = c.req.valid('json') as z.infer<typeof markV2Schema>;
      return c.json(await setMark(turnDeps(c), c.var.user, { ...b, target: b.target ?? 'FUTURE_SERVICE_INTERACTION' }), 200);
    })
    .openapi(markDeleteRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await removeMark(turnDeps(c), c.var.user, { interactionId: fsi(q), intentType: q.intentType, target: q.target }), 200);
    });
  for (const r of [markCustomerRoute, markVehicleRoute, markFsiRoute]) {
    app.openapi(r, async (c) => c.json(await setMark(turnDeps(c), c.var.user, { ...c.req.valid('json'), target: markTarget(r.path) }), 200));
  }
  return app;
}
