import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  registrationInputSchema,
  registrationStoreSchema,
  resetPasswordSchema,
  successSchema,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import { changePassword, requestPasswordReset, resetPassword } from '../services/admin/passwords';
import { registrationStores, submitRegistration } from '../services/admin/registrations';
import type { AppEnv } from '../types';
import { conflict, jsonBody, mailFor, publicUrlOf, type AdminRouteOptions } from './admin-common';
import { bearer, errorResponses, json } from './common';

const tags = ['Login'];
const done = json(successSchema);

const r = {
  forgot: createRoute({ tags, method: 'post', path: '/user/password/forgot', summary: 'Email a password link to the user (the same answer whether or not the user exists)', request: jsonBody(forgotPasswordSchema), responses: { 200: done, 400: errorResponses[400] } }),
  reset: createRoute({ tags, method: 'post', path: '/user/password/reset', summary: 'Set a password with an emailed link', request: jsonBody(resetPasswordSchema), responses: { 200: done, 400: errorResponses[400] } }),
  change: createRoute({ tags, method: 'post', path: '/user/password/change', summary: 'Change the signed-in user’s password; their other sessions end', security: bearer, middleware: [requireUser] as const, request: jsonBody(changePasswordSchema), responses: { 200: done, 400: errorResponses[400], 401: errorResponses[401] } }),
  stores: createRoute({ tags, method: 'get', path: '/user/register/stores', summary: 'Stores a visitor can ask for an account at', responses: { 200: json(z.array(registrationStoreSchema)) } }),
  register: createRoute({ tags, method: 'post', path: '/user/register', summary: 'Ask for an account; an administrator of the store approves it', request: jsonBody(registrationInputSchema), responses: { 200: done, 400: errorResponses[400], ...conflict } }),
};

/** The account calls of the login pages: forgotten password, reset link, password change, register. */
export function accountRoutes(opts: AdminRouteOptions = {}) {
  const mail = mailFor(opts);
  return new OpenAPIHono<AppEnv>()
    .openapi(r.forgot, async (c) => {
      await requestPasswordReset(c.var.sql, mail(c), { username: c.req.valid('json').username, publicUrl: publicUrlOf(opts, c) });
      return c.json({ message: 'If this account exists, a link to set a new password is on its way to its email address.' }, 200);
    })
    .openapi(r.reset, async (c) => {
      await resetPassword(c.var.sql, c.req.valid('json'));
      return c.json({ message: 'Your password is set. Sign in with it.' }, 200);
    })
    .openapi(r.change, async (c) => {
      await changePassword(c.var.sql, c.var.user, c.req.valid('json'));
      return c.json({ message: 'Successfully Updated' }, 200);
    })
    .openapi(r.stores, async (c) => c.json(await registrationStores(c.var.sql), 200))
    .openapi(r.register, async (c) => {
      await submitRegistration(c.var.sql, c.req.valid('json'));
      return c.json({ message: 'Your request was sent. An administrator of your store will approve it, and you will get an email to set your password.' }, 200);
    });
}
