import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AppError,
  AUTOMATED_PAGE_SIZE,
  LEAD_MANAGER_TABS,
  leadListFilterSchema,
  leadListPageQuerySchema,
  leadListPageSchema,
  leadPipelineSchema,
  leadStageChangeSchema,
  type LeadListKind,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import type { InboxNotifier } from '../services/conversations/notifier';
import { changeLeadStage, leadPipeline } from '../services/lead-lists/pipeline';
import { placeOfEnterpriseHeader } from '../services/lead-lists/place';
import { searchLeads } from '../services/lead-lists/search-leads';
import type { AppEnv } from '../types';
import { bearer, errorResponses, json, optionalEnterpriseHeader as enterpriseHeader } from './common';

const FSI = '/api/future-service-interaction';
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

/**
 * The list searches, verbatim from the spec, and the list each answers (docs/lead-lists.md).
 * v2 keeps its fixed order (newest activity first); v3 and the others honour the filter's sort.
 */
const LISTS: { path: string; kind: LeadListKind; summary: string; fixedOrder?: boolean; storeOnly?: boolean; ent?: boolean }[] = [
  { path: `${FSI}/v2/custom-search`, kind: 'CUSTOM', summary: 'Custom search (v2: newest activity first)', fixedOrder: true },
  { path: `${FSI}/v3/custom-search`, kind: 'CUSTOM', summary: 'Custom search (v3: the filter’s sort)' },
  { path: `${FSI}/nraa-search`, kind: 'NRAA', summary: 'NRAA: started, no customer reply at all after a day' },
  { path: `${FSI}/gi0`, kind: 'GLOBAL_INBOX_0', summary: 'Global inbox 0: conversations waiting on the dealership, longest wait first' },
  { path: `${FSI}/contact-later-lm2-search`, kind: 'CONTACT_LATER', summary: 'Contact later (lead manager LM_2 tab, one store)', storeOnly: true },
  { path: `${FSI}/contact-later-gi-search`, kind: 'CONTACT_LATER', summary: 'Contact later across the selection' },
  { path: `${FSI}/lead-at-risk`, kind: 'LEAD_AT_RISK', summary: 'Leads at risk: a customer left waiting, or a complaint, price or vehicle concern' },
  { path: `${FSI}/followup`, kind: 'FOLLOW_UP', summary: 'Follow-up list: a follow-up planned (followupScreen dropped)' },
  { path: `${FSI}/email/follow-up`, kind: 'EMAIL_FOLLOW_UP', summary: 'E-mail follow-ups planned (E1, E2, E3)' },
  { path: `${FSI}/gmhandoff`, kind: 'GM_HANDOFF', summary: 'Handed off to the GM' },
  { path: `${FSI}/tcpa-search`, kind: 'TCPA', summary: 'TCPA: customers who opted out of texts' },
  { path: `${FSI}/archived-screen`, kind: 'ARCHIVED', summary: 'Closed conversations' },
  { path: `${FSI}/first-interaction`, kind: 'FIRST_INTERACTION', summary: 'First interaction: new GM-brand vehicles (Chevrolet, Buick, GMC, Cadillac; dealType New)' },
  { path: `${FSI}/openro/v2/custom-search`, kind: 'OPEN_RO', summary: 'Open repair-order conversations (v2: newest activity first)', fixedOrder: true },
  { path: `${FSI}/openro/custom-search`, kind: 'OPEN_RO', summary: 'Open repair-order conversations' },
  { path: `${FSI}/openro/v2/leadManager`, kind: 'OPEN_RO', summary: 'Open repair-order conversations (lead manager)' },
  { path: `${FSI}/pre-csi-list`, kind: 'PRE_CSI', summary: 'Pre-CSI checks: repair orders closed in the last days, or a pre-CSI follow-up set' },
  { path: `${FSI}/appt-reminder-list`, kind: 'APPT_REMINDER', summary: 'Appointments in the next two days' },
  { path: '/api/lisa/email-search', kind: 'EMAIL', summary: 'Conversations with e-mail' },
  { path: '/api/lisa/custom-search/follow-up', kind: 'SMART_FOLLOW_UP', summary: 'Smart follow-up: answered once, then quiet two days with nothing planned', ent: true },
  { path: '/api/lisa/custom-search/automated/lead-manager', kind: 'AUTOMATED', summary: 'Not yet started, textable: what the automated lead-manager conversations would start', ent: true },
];

const listRoute = (l: (typeof LISTS)[number]) =>
  createRoute({
    method: 'post', path: l.path, tags: ['Lead lists'], summary: l.summary, security: bearer, middleware: [requireUser] as const,
    request: { query: leadListPageQuerySchema, body: body(leadListFilterSchema), ...(l.ent ? { headers: enterpriseHeader } : {}) },
    responses: { 200: json(leadListPageSchema), ...errorResponses },
  });

const leadManagerRoute = createRoute({
  method: 'post', path: '/api/lisa/custom-search/leadManager', tags: ['Lead lists'], security: bearer, middleware: [requireUser] as const,
  summary: 'The lead manager’s tabs: one search, the tab in the query',
  request: { query: leadListPageQuerySchema.extend({ tab: z.enum(LEAD_MANAGER_TABS).default('CONSOLIDATED') }), body: body(leadListFilterSchema) },
  responses: { 200: json(leadListPageSchema), ...errorResponses },
});

const pipelineRoute = createRoute({
  method: 'get', path: `${FSI}/lead-stage`, tags: ['Lead pipeline'], security: bearer, middleware: [requireUser] as const,
  summary: 'A lead’s pipeline stage and reason, the stages it may move to, and who moved it when',
  request: { query: z.object({ 'future-service-interaction-id': z.coerce.number().int().positive().max(2_147_483_647) }) },
  responses: { 200: json(leadPipelineSchema), ...errorResponses },
});

const stageChangeRoute = createRoute({
  method: 'put', path: `${FSI}/lead-stage`, tags: ['Lead pipeline'], security: bearer, middleware: [requireUser] as const,
  summary: 'Move a lead along the pipeline (refused when the move or the reason is not allowed)',
  request: { body: body(leadStageChangeSchema) },
  responses: { 200: json(leadPipelineSchema), ...errorResponses },
});

/** The lead lists, their summary counters and the lead pipeline (operations §2-4, §7). */
export function leadListRoutes(deps: { notifier: InboxNotifier }) {
  const app = new OpenAPIHono<AppEnv>();
  for (const l of LISTS) {
    app.openapi(listRoute(l), async (c) => {
      let filter = c.req.valid('json');
      const page = c.req.valid('query');
      // The header's form was checked by the route's schema; whose enterprise it is, here.
      if (l.ent) filter = await placeOfEnterpriseHeader(c.var.sql, c.var.user, filter, c.req.header('enterpriseid'));
      if (l.storeOnly && filter.storeId === undefined) throw new AppError('VALIDATION_FAILED', 'Choose a store', [{ field: 'body.storeId', message: 'required' }]);
      if (l.fixedOrder) filter = { ...filter, sort: undefined, direction: undefined };
      const size = l.kind === 'AUTOMATED' && c.req.query('size') === undefined ? AUTOMATED_PAGE_SIZE : page.size;
      return c.json(await searchLeads(c.var.sql, c.var.user, { kind: l.kind, filter, page: { ...page, size } }), 200);
    });
  }
  return app
    .openapi(leadManagerRoute, async (c) => {
      const { tab, ...page } = c.req.valid('query');
      return c.json(await searchLeads(c.var.sql, c.var.user, { kind: tab, filter: c.req.valid('json'), page }), 200);
    })
    .openapi(pipelineRoute, async (c) => c.json(await leadPipeline(c.var.sql, c.var.user, c.req.valid('query')['future-service-interaction-id']), 200))
    .openapi(stageChangeRoute, async (c) => c.json(await changeLeadStage(c.var.sql, deps.notifier, c.var.user, c.req.valid('json')), 200));
}
