import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiErrorSchema, leadFormConfigSchema, leadSubmissionResultSchema, leadSubmissionSchema } from '@drivebay/shared';
import { AppError } from '@drivebay/shared';
import { leadFormConfig } from '../services/lead-forms/lead-form-config';
import { letterheadOfEnterprise, logoImage } from '../services/mail/letterhead';
import { submitLead } from '../services/lead-forms/submit-lead';
import type { AppEnv } from '../types';
import { errorResponses, json } from './common';
import { serviceDeps, type ConversationDeps } from './conversations';

const tags = ['Lead forms'];

const submitRoute = createRoute({
  method: 'post',
  path: '/api/lisa/appointment',
  tags,
  summary: 'A public lead: match or create the customer and conversation, keep the consent, text the booking invitation',
  request: { body: { required: true, content: { 'application/json': { schema: leadSubmissionSchema } } } },
  responses: {
    200: json(leadSubmissionResultSchema, 'status success (texted unless the number opted out) or failed (no store texts from that number)'),
    400: errorResponses[400],
    429: { description: 'Too many leads from this address or for this number; wait and retry', content: { 'application/json': { schema: apiErrorSchema } } },
  },
});

const configRoute = createRoute({
  method: 'get',
  path: '/api/lead-forms/{form}',
  tags,
  summary: 'A public form’s brand, store number and consent text (generic, toyota, nissan, subaru, mazda, bmw, chevrolet)',
  request: { params: z.object({ form: z.string().max(20) }) },
  responses: { 200: json(leadFormConfigSchema), 404: errorResponses[404] },
});

const logoRoute = createRoute({
  method: 'get',
  path: '/api/public/enterprise/{enterpriseId}/logo',
  tags,
  summary: 'An enterprise’s logo as an image, for its lead forms and the mail it sends (no login; cached by version)',
  request: { params: z.object({ enterpriseId: z.coerce.number().int().positive() }), query: z.object({ v: z.string().max(40).optional() }) },
  responses: { 200: { description: 'The image (PNG, JPEG or WebP)' }, 404: errorResponses[404] },
});

/** The public lead forms' calls (no login). */
export function leadFormRoutes(deps: ConversationDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(submitRoute, async (c) => {
      const result = await submitLead(serviceDeps(c, deps), c.req.valid('json'), {
        ip: c.var.clientIp,
        userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
      });
      return c.json(result, 200);
    })
    .openapi(configRoute, async (c) => c.json(await leadFormConfig(c.var.sql, c.req.valid('param').form), 200))
    .openapi(logoRoute, async (c) => {
      const letterhead = await letterheadOfEnterprise(c.var.sql, c.req.valid('param').enterpriseId);
      if (!letterhead) throw new AppError('NOT_FOUND', 'This enterprise has no logo', [{ field: 'param.enterpriseId', message: 'no logo' }]);
      const { bytes, etag } = logoImage(letterhead);
      // A versioned address never changes its image; a bare one is checked again after a while.
      c.header('Cache-Control', c.req.valid('query').v === letterhead.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      c.header('ETag', etag);
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      return c.body(new Uint8Array(bytes), 200, { 'Content-Type': letterhead.contentType });
    });
}
