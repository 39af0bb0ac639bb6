import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { loginSchema, successSchema, userDataSchema } from '@drivebay/shared';
import { login } from '../services/auth/login';
import { endSession } from '../services/auth/sessions';
import { loadUserData } from '../services/auth/user-data';
import { bearerToken, requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { apiErrorSchema } from '@drivebay/shared';
import { bearer, errorResponses, json } from './common';

const loginRoute = createRoute({
  method: 'post',
  path: '/user/v2/login',
  tags: ['Login'],
  summary: 'Sign in with a username and password',
  request: { body: { required: true, content: { 'application/json': { schema: loginSchema } } } },
  responses: {
    200: json(userDataSchema, 'The user data and its auth token'),
    400: errorResponses[400],
    401: { description: 'Wrong username or password', content: { 'application/json': { schema: apiErrorSchema } } },
    429: { description: 'Too many failed attempts; wait and retry', content: { 'application/json': { schema: apiErrorSchema } } },
  },
});

const logoutRoute = createRoute({
  method: 'get',
  path: '/user/logout',
  tags: ['Login'],
  summary: 'End the session on the server',
  security: bearer,
  middleware: [requireUser] as const,
  responses: { 200: json(successSchema), 401: errorResponses[401] },
});

const meRoute = createRoute({
  method: 'get',
  path: '/user/me',
  tags: ['Login'],
  summary: 'The signed-in user of this token',
  security: bearer,
  middleware: [requireUser] as const,
  responses: { 200: json(userDataSchema), 401: errorResponses[401] },
});

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(loginRoute, async (c) => {
    const body = c.req.valid('json');
    const user = await login(c.var.sql, {
      ...body,
      ip: c.var.clientIp,
      userAgent: c.req.header('user-agent') ?? null,
    });
    c.var.logger.info({ requestId: c.var.requestId, userId: user.userMasterId }, 'login');
    return c.json(user, 200);
  })
  .openapi(logoutRoute, async (c) => {
    await endSession(c.var.sql, c.var.user.tokenHash);
    return c.json({ message: 'Logged out' }, 200);
  })
  .openapi(meRoute, async (c) => {
    const token = bearerToken(c.req.header('authorization'))!;
    return c.json(await loadUserData(c.var.sql, c.var.user.userId, token, c.var.user.expiresOn), 200);
  });
