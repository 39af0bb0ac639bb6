import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { customerPageSchema } from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import { getCustomerPage } from '../services/customers/get-customer-page';
import type { AppEnv } from '../types';
import { bearer, errorResponses, idParam, json } from './common';

const pageRoute = createRoute({
  tags: ['Customers'],
  security: bearer,
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/boc/{bocId}/store/{storeId}/customer/{customerId}',
  summary: 'A customer’s page in a store: the customer, their vehicles, every conversation (closed ones too), repair orders and appointments',
  request: { params: z.object({ bocId: idParam, storeId: idParam, customerId: idParam }) },
  responses: { 200: json(customerPageSchema), ...errorResponses },
});

/** The customer page's call. */
export const customerRoutes = new OpenAPIHono<AppEnv>().openapi(pageRoute, async (c) =>
  c.json(await getCustomerPage(c.var.sql, c.var.user, c.req.valid('param')), 200),
);
