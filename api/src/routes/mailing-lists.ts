import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  addMailingListDetailSchema,
  createMailingListSchema,
  deleteMailingListDetailQuerySchema,
  deleteMailingListQuerySchema,
  mailingListDetailSchema,
  mailingListDetailsQuerySchema,
  mailingListDetailsSchema,
  mailingListQuerySchema,
  mailingListSchema,
  successSchema,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import {
  addMailingListDetail,
  createMailingList,
  deleteMailingList,
  deleteMailingListDetail,
  listMailingLists,
  mailingListDetails,
} from '../services/mailing-lists/mailing-lists';
import type { AppEnv } from '../types';
import { bearer, errorResponses, json } from './common';

const common = { tags: ['Mailing lists'], security: bearer, middleware: [requireUser] };
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const done = json(successSchema);
const conflict = { 409: { description: 'The code or the contact is already there', content: errorResponses[400].content } };

/**
 * /mailinglist and /mailinglist/details are also page addresses of the app: the API answers calls
 * (they carry the Authorization header); a browser's page load is given the app before these
 * routes are reached (see createApp).
 */
const createListRoute = createRoute({
  ...common,
  method: 'post',
  path: '/mailinglist',
  summary: 'Create a mailing list of a store (tenantId); the code must begin with LIST-',
  request: body(createMailingListSchema),
  responses: { 200: json(mailingListSchema), ...errorResponses, ...conflict },
});

const listRoute = createRoute({
  ...common,
  method: 'get',
  path: '/mailinglist',
  summary: 'The mailing lists of a store',
  request: { query: mailingListQuerySchema },
  responses: { 200: json(z.array(mailingListSchema)), ...errorResponses },
});

const deleteListRoute = createRoute({
  ...common,
  method: 'delete',
  path: '/mailinglist',
  summary: 'Delete a mailing list and its contacts',
  request: { query: deleteMailingListQuerySchema },
  responses: { 200: done, ...errorResponses },
});

const detailsRoute = createRoute({
  ...common,
  method: 'get',
  path: '/mailinglist/details',
  summary: 'A mailing list with its contacts',
  request: { query: mailingListDetailsQuerySchema },
  responses: { 200: json(mailingListDetailsSchema), ...errorResponses },
});

const addDetailRoute = createRoute({
  ...common,
  method: 'post',
  path: '/mailinglist/details',
  summary: 'Add a contact: a customer of the store (customerId), or an email and/or mobile number with a name',
  request: body(addMailingListDetailSchema),
  responses: { 200: json(mailingListDetailSchema), ...errorResponses, ...conflict },
});

const deleteDetailRoute = createRoute({
  ...common,
  method: 'delete',
  path: '/mailinglist/details',
  summary: 'Remove a contact from a list',
  request: { query: deleteMailingListDetailQuerySchema },
  responses: { 200: done, ...errorResponses },
});

export const mailingListRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createListRoute, async (c) => c.json(await createMailingList(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(listRoute, async (c) => c.json(await listMailingLists(c.var.sql, c.var.user, c.req.valid('query').tenantId), 200))
  .openapi(deleteListRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await deleteMailingList(c.var.sql, c.var.user, q.tenantId, q.mailingListMasterId), 200);
  })
  .openapi(detailsRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await mailingListDetails(c.var.sql, c.var.user, q.tenantId, q.mailingListMasterId), 200);
  })
  .openapi(addDetailRoute, async (c) => c.json(await addMailingListDetail(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(deleteDetailRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await deleteMailingListDetail(c.var.sql, c.var.user, q.tenantId, q.mailingListDetailsId), 200);
  });
