import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  appointmentSetQuerySchema,
  contactLaterMarkSchema,
  contactLaterSearchSchema,
  conversationLinkSchema,
  convClosedQuerySchema,
  fsiQuerySchema,
  interactionMetadataSchema,
  leadFlagsSchema,
  otherInteractionSchema,
  responseRequiredQuerySchema,
  smsBlockQuerySchema,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import type { InboxNotifier } from '../services/conversations/notifier';
import { conversationLink, interactionMetadata, otherInteractions, searchContactLater, setLeadFlag, setSmsBlock } from '../services/lead-lists/lead-actions';
import type { AppEnv } from '../types';
import { bearer, errorResponses, json } from './common';

const FSI = '/api/future-service-interaction';
const route = <M extends 'get' | 'post' | 'put', P extends string>(method: M, path: P, summary: string) => ({
  method, path, summary, tags: ['Lead actions'], security: bearer, middleware: [requireUser] as [typeof requireUser],
});

const linkRoute = createRoute({
  ...route('get', `${FSI}/conversation-link`, 'The address that opens the conversation in the app'),
  request: { query: fsiQuerySchema },
  responses: { 200: json(conversationLinkSchema), ...errorResponses },
});
const otherRoute = createRoute({
  ...route('get', `${FSI}/otherInteraction`, 'The customer’s other interactions'),
  request: { query: fsiQuerySchema },
  responses: { 200: json(otherInteractionSchema), ...errorResponses },
});
const metadataRoute = createRoute({
  ...route('get', `${FSI}/metadata`, 'The lead’s metadata, follow-up, deal and lead status'),
  request: { query: fsiQuerySchema },
  responses: { 200: json(interactionMetadataSchema), ...errorResponses },
});
const appointmentSetRoute = createRoute({
  ...route('post', `${FSI}/update-appointment-set`, 'Set or clear the appointment-set flag'),
  request: { query: appointmentSetQuerySchema },
  responses: { 200: json(leadFlagsSchema), ...errorResponses },
});
const closedRoute = createRoute({
  ...route('put', `${FSI}/conversationClosed`, 'Close or reopen the conversation'),
  request: { query: convClosedQuerySchema },
  responses: { 200: json(leadFlagsSchema), ...errorResponses },
});
const responseRequiredRoute = createRoute({
  ...route('put', `${FSI}/response-required`, 'Set whether the conversation waits on the dealership'),
  request: { query: responseRequiredQuerySchema },
  responses: { 200: json(leadFlagsSchema), ...errorResponses },
});
const smsBlockRoute = createRoute({
  ...route('put', `${FSI}/sms-block`, 'Block or unblock texts to the customer'),
  request: { query: smsBlockQuerySchema },
  responses: { 200: json(leadFlagsSchema), ...errorResponses },
});
const contactLaterRoute = createRoute({
  ...route('post', '/api/marks/search-by-contact-later', 'Contact-later marks of the selection, soonest first (contactLaterScreen dropped)'),
  tags: ['Marks'],
  request: { body: { required: true, content: { 'application/json': { schema: contactLaterSearchSchema } } } },
  responses: { 200: json(contactLaterMarkSchema), ...errorResponses },
});

/** What a person does to a lead from a list (operations §4 lead flags, §7). */
export function leadActionRoutes(deps: { notifier: InboxNotifier; publicUrl?: string | undefined }) {
  const fsi = (q: z.infer<typeof fsiQuerySchema>) => q['future-service-interaction-id'];
  const flagDeps = (c: { var: { sql: AppEnv['Variables']['sql'] } }) => ({ sql: c.var.sql, notifier: deps.notifier });
  return new OpenAPIHono<AppEnv>()
    .openapi(linkRoute, async (c) => c.json(await conversationLink(c.var.sql, c.var.user, fsi(c.req.valid('query')), deps.publicUrl), 200))
    .openapi(otherRoute, async (c) => c.json(await otherInteractions(c.var.sql, c.var.user, fsi(c.req.valid('query'))), 200))
    .openapi(metadataRoute, async (c) => c.json((await interactionMetadata(c.var.sql, c.var.user, fsi(c.req.valid('query')))) as z.infer<typeof interactionMetadataSchema>, 200))
    .openapi(appointmentSetRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await setLeadFlag(flagDeps(c), c.var.user, { interactionId: q.id, field: 'query.id', flag: 'appointment_set', value: q['appointment-set'] }), 200);
    })
    .openapi(closedRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await setLeadFlag(flagDeps(c), c.var.user, { interactionId: fsi(q), field: 'query.future-service-interaction-id', flag: 'conv_closed', value: q.conversationClosed }), 200);
    })
    .openapi(responseRequiredRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(await setLeadFlag(flagDeps(c), c.var.user, { interactionId: fsi(q), field: 'query.future-service-interaction-id', flag: 'response_reqd', value: q.responseReqd }), 200);
    })
    .openapi(smsBlockRoute, async (c) => c.json(await setSmsBlock(flagDeps(c), c.var.user, c.req.valid('query')), 200))
    .openapi(contactLaterRoute, async (c) => {
      const { contactLaterScreen: _drop, ...filter } = c.req.valid('json');
      return c.json(await searchContactLater(c.var.sql, c.var.user, filter), 200);
    });
}
