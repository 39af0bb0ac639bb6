import { z } from 'zod';
import { apiErrorSchema } from '@drivebay/shared';

/** Error responses every route documents. */
export const errorResponses = {
  400: { description: 'Malformed JSON or an invalid field', content: { 'application/json': { schema: apiErrorSchema } } },
  401: { description: 'No live session', content: { 'application/json': { schema: apiErrorSchema } } },
  403: { description: 'Outside the user’s scope', content: { 'application/json': { schema: apiErrorSchema } } },
  404: { description: 'No such record', content: { 'application/json': { schema: apiErrorSchema } } },
} as const;

export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

export const bearer = [{ bearerAuth: [] }];

/** A positive integer id arriving as a string in a path or query. */
export const idParam = z.coerce.number().int().positive();

/** The enterpriseId header of a call the specification marks (ent); left out, the call stands as sent. */
export const optionalEnterpriseHeader = z.object({ enterpriseid: z.string().regex(/^[1-9]\d{0,9}$/, 'Use the enterprise id').optional() });
