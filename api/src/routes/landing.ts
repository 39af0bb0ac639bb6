import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  callInviteSchema,
  emailAutoResponseQuerySchema,
  emailAutoResponseResultSchema,
  feedbackClipSchema,
  feedbackResultSchema,
  feedbackSubmitSchema,
  mailConfirmationSchema,
  mailConfirmedSchema,
  meetingQuerySchema,
  meetingSchema,
  publicLinkRequestSchema,
  publicLinkSchema,
  signedLinkQuerySchema,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import type { InboxNotifier } from '../services/conversations/notifier';
import { loadCallInvite } from '../services/landing/call-invite';
import { createPublicLink } from '../services/landing/create-link';
import { recordEmailAutoResponse } from '../services/landing/email-auto-response';
import { loadFeedbackClip, submitFeedback } from '../services/landing/feedback';
import type { LinkSecretSource } from '../services/landing/link-tokens';
import { confirmByMail, loadMailConfirmation } from '../services/landing/mail-confirmation';
import { loadMeeting } from '../services/landing/meeting';
import type { AppEnv } from '../types';
import { bearer, errorResponses, json } from './common';

/** What the public pages' routes need: the inbox notifier, the public address and the link secret. */
export type LandingDeps = {
  notifier?: InboxNotifier | undefined;
  publicUrl?: string | undefined;
  /** LINK_SECRET; when absent the installation's stored secret signs links. */
  linkSecret?: string | undefined;
};

/**
 * Answers about one person's conversation must not sit in a shared cache, and a page address
 * carrying a token must not travel on as a referrer.
 */
export const privateAnswer = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
});

const refused = { 403: { description: 'The link is not valid, has expired, or names something else', content: errorResponses[403].content } };
const tags = ['Public pages'];
const tokenQuery = z.object({ token: z.string().trim().min(1).max(300) });

const linkRoute = createRoute({
  method: 'post',
  path: '/api/landing/links',
  tags,
  summary: 'A signed link to a public page about an interaction (deal room, call invite, meeting, e-mail answer, confirmation, feedback)',
  security: bearer,
  middleware: [requireUser] as const,
  request: { body: { required: true, content: { 'application/json': { schema: publicLinkRequestSchema } } } },
  responses: { 200: json(publicLinkSchema), ...errorResponses },
});

const callInviteRoute = createRoute({
  method: 'get',
  path: '/api/landing/call-invite',
  tags,
  summary: 'CUSTOMER CALL INVITE: the customer and the conversation’s history items (signed link)',
  middleware: [privateAnswer] as const,
  request: { query: signedLinkQuerySchema },
  responses: { 200: json(callInviteSchema), 400: errorResponses[400], ...refused },
});

const meetingRoute = createRoute({
  method: 'get',
  path: '/api/landing/meeting',
  tags,
  summary: 'The meeting (calendar invite) a /landing link names (signed link)',
  middleware: [privateAnswer] as const,
  request: { query: meetingQuerySchema },
  responses: { 200: json(meetingSchema), 400: errorResponses[400], ...refused },
});

const autoResponseRoute = createRoute({
  method: 'get',
  path: '/api/email/autoResponse',
  tags,
  summary: 'The customer’s answer from an e-mail link, stored as a RECEIVED EMAIL message (signed token)',
  middleware: [privateAnswer] as const,
  request: { query: emailAutoResponseQuerySchema },
  responses: { 200: json(emailAutoResponseResultSchema), 400: errorResponses[400], ...refused },
});

const confirmationRoute = createRoute({
  method: 'get',
  path: '/api/email/confirmation',
  tags,
  summary: 'The appointment a confirmation link is about (signed token)',
  middleware: [privateAnswer] as const,
  request: { query: tokenQuery },
  responses: { 200: json(mailConfirmationSchema), 400: errorResponses[400], ...refused },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/api/email/confirmation',
  tags,
  summary: 'The customer confirms their next appointment (signed token)',
  middleware: [privateAnswer] as const,
  request: { query: tokenQuery },
  responses: { 200: json(mailConfirmedSchema), 400: errorResponses[400], ...refused },
});

const feedbackRoute = createRoute({
  method: 'get',
  path: '/api/feedback-clip',
  tags,
  summary: 'Who a feedback link is for and whether it was used (signed token)',
  middleware: [privateAnswer] as const,
  request: { query: tokenQuery },
  responses: { 200: json(feedbackClipSchema), 400: errorResponses[400], ...refused },
});

const feedbackSubmitRoute = createRoute({
  method: 'post',
  path: '/api/feedback-clip',
  tags,
  summary: 'The customer’s rating and comment, once per link (signed token)',
  middleware: [privateAnswer] as const,
  request: { query: tokenQuery, body: { required: true, content: { 'application/json': { schema: feedbackSubmitSchema } } } },
  responses: { 200: json(feedbackResultSchema), 400: errorResponses[400], ...refused },
});

/** The landing pages' calls: links for staff to send, and the public calls those links open. */
export function landingRoutes(deps: LandingDeps = {}) {
  const secrets: LinkSecretSource = { configured: deps.linkSecret };
  const withSql = (sql: AppEnv['Variables']['sql']) => ({ sql, notifier: deps.notifier });
  return new OpenAPIHono<AppEnv>()
    .openapi(linkRoute, async (c) =>
      c.json(await createPublicLink(c.var.sql, c.var.user, c.req.valid('json'), { secrets, publicUrl: deps.publicUrl }), 200),
    )
    .openapi(callInviteRoute, async (c) => c.json(await loadCallInvite(c.var.sql, secrets, c.req.valid('query')), 200))
    .openapi(meetingRoute, async (c) => c.json(await loadMeeting(c.var.sql, secrets, c.req.valid('query')), 200))
    .openapi(autoResponseRoute, async (c) => c.json(await recordEmailAutoResponse(withSql(c.var.sql), secrets, c.req.valid('query')), 200))
    .openapi(confirmationRoute, async (c) => c.json(await loadMailConfirmation(c.var.sql, secrets, c.req.valid('query').token), 200))
    .openapi(confirmRoute, async (c) => c.json(await confirmByMail(withSql(c.var.sql), secrets, c.req.valid('query').token), 200))
    .openapi(feedbackRoute, async (c) => c.json(await loadFeedbackClip(c.var.sql, secrets, c.req.valid('query').token), 200))
    .openapi(feedbackSubmitRoute, async (c) =>
      c.json(await submitFeedback(withSql(c.var.sql), secrets, c.req.valid('query').token, c.req.valid('json')), 200),
    );
}
