import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  a2pInputSchema,
  adminBocSchema,
  adminEnterpriseSchema,
  adminStoreSchema,
  adminUserSchema,
  adminAuditPageSchema,
  bocInputSchema,
  bocUpdateSchema,
  enterpriseInputSchema,
  logoInputSchema,
  logoSchema,
  passwordResetResultSchema,
  registrationApprovalSchema,
  registrationSchema,
  storeInputSchema,
  storeMappingSchema,
  successSchema,
  userCreateSchema,
  userUpdateSchema,
} from '@drivebay/shared';
import { listAudit } from '../services/admin/audit';
import {
  createBoc, createEnterprise, createStore, fetchLogo, listAdminBocs, listAdminEnterprises, listAdminStores, mapStore, saveLogo,
  updateA2p, updateBoc, updateEnterprise, updateStore,
} from '../services/admin/organisation';
import { approveRegistration, declineRegistration, listRegistrations } from '../services/admin/registrations';
import { adminResetPassword, createUser, deleteGuest, listUsers, setBlocked, updateUser } from '../services/admin/users';
import type { AppEnv } from '../types';
import { adminCommon, conflict, jsonBody, mailFor, publicUrlOf, type AdminRouteOptions } from './admin-common';
import { errorResponses, idParam, json } from './common';

const org = adminCommon('Administration: organisation');
const people = adminCommon('Administration: users');
const done = json(successSchema);
const created = json(z.object({ id: z.number().int(), message: z.string() }));
const enterpriseParams = z.object({ enterpriseId: idParam });

const r = {
  enterprises: createRoute({ ...org, method: 'get', path: '/api/admin/enterprises', summary: 'Enterprises in the administrator’s scope', responses: { 200: json(z.array(adminEnterpriseSchema)), ...errorResponses } }),
  createEnterprise: createRoute({ ...org, method: 'post', path: '/api/admin/enterprises', summary: 'Create an enterprise (super admin)', request: jsonBody(enterpriseInputSchema), responses: { 200: created, ...errorResponses } }),
  updateEnterprise: createRoute({ ...org, method: 'put', path: '/api/admin/enterprises/{enterpriseId}', summary: 'Edit an enterprise: name, brands, lead forms, outgoing email', request: { params: enterpriseParams, ...jsonBody(enterpriseInputSchema) }, responses: { 200: done, ...errorResponses } }),
  saveLogo: createRoute({ ...org, method: 'put', path: '/api/admin/enterprises/{enterpriseId}/logo', summary: 'Add or update the enterprise logo (PNG, JPEG or WebP, at most 256 kB)', request: { params: enterpriseParams, ...jsonBody(logoInputSchema) }, responses: { 200: done, ...errorResponses } }),
  logo: createRoute({ ...org, method: 'get', path: '/api/enterprise/{enterpriseId}/logo', summary: 'The enterprise logo', request: { params: enterpriseParams }, responses: { 200: json(logoSchema), ...errorResponses } }),
  bocs: createRoute({ ...org, method: 'get', path: '/api/admin/enterprises/{enterpriseId}/bocs', summary: 'BOCs of an enterprise; unmapped=true: those without a store', request: { params: enterpriseParams, query: z.object({ unmapped: z.enum(['true', 'false']).optional() }) }, responses: { 200: json(z.array(adminBocSchema)), ...errorResponses } }),
  createBoc: createRoute({ ...org, method: 'post', path: '/api/admin/bocs', summary: 'Create a BOC', request: jsonBody(bocInputSchema), responses: { 200: created, ...errorResponses, ...conflict } }),
  updateBoc: createRoute({ ...org, method: 'put', path: '/api/admin/bocs/{bocId}', summary: 'Edit a BOC', request: { params: z.object({ bocId: idParam }), ...jsonBody(bocUpdateSchema) }, responses: { 200: done, ...errorResponses, ...conflict } }),
  stores: createRoute({ ...org, method: 'get', path: '/api/admin/enterprises/{enterpriseId}/stores', summary: 'Stores of an enterprise (GA251 under GA250 hidden, display names by code)', request: { params: enterpriseParams }, responses: { 200: json(z.array(adminStoreSchema)), ...errorResponses } }),
  createStore: createRoute({ ...org, method: 'post', path: '/api/admin/stores', summary: 'Create a store', request: jsonBody(storeInputSchema), responses: { 200: created, ...errorResponses, ...conflict } }),
  updateStore: createRoute({ ...org, method: 'put', path: '/api/admin/stores/{storeId}', summary: 'Edit a store', request: { params: z.object({ storeId: idParam }), ...jsonBody(storeInputSchema) }, responses: { 200: done, ...errorResponses, ...conflict } }),
  mapStore: createRoute({ ...org, method: 'put', path: '/api/admin/stores/{storeId}/mapping', summary: 'Map a store to another BOC of its enterprise', request: { params: z.object({ storeId: idParam }), ...jsonBody(storeMappingSchema) }, responses: { 200: done, ...errorResponses, ...conflict } }),
  a2p: createRoute({ ...org, method: 'put', path: '/api/admin/stores/{storeId}/a2p', summary: 'Record the store’s A2P 10DLC brand and campaign registration', request: { params: z.object({ storeId: idParam }), ...jsonBody(a2pInputSchema) }, responses: { 200: done, ...errorResponses } }),
  users: createRoute({ ...people, method: 'get', path: '/api/admin/enterprises/{enterpriseId}/users', summary: 'Users of an enterprise within the administrator’s scope', request: { params: enterpriseParams }, responses: { 200: json(z.array(adminUserSchema)), ...errorResponses } }),
  createUser: createRoute({ ...people, method: 'post', path: '/api/admin/users', summary: 'Create a user, or invite them by email when no password is given', request: jsonBody(userCreateSchema), responses: { 200: json(z.object({ user: adminUserSchema, invitationSentTo: z.string().nullable() })), ...errorResponses, ...conflict } }),
  updateUser: createRoute({ ...people, method: 'put', path: '/api/admin/users/{userId}', summary: 'Update a user: name, roles, scope, division', request: { params: z.object({ userId: idParam }), ...jsonBody(userUpdateSchema) }, responses: { 200: json(adminUserSchema), ...errorResponses } }),
  block: createRoute({ ...people, method: 'post', path: '/api/admin/users/{userId}/block', summary: 'Block a user: their sessions end at once, live connections included', request: { params: z.object({ userId: idParam }) }, responses: { 200: json(adminUserSchema), ...errorResponses } }),
  unblock: createRoute({ ...people, method: 'post', path: '/api/admin/users/{userId}/unblock', summary: 'Unblock a user', request: { params: z.object({ userId: idParam }) }, responses: { 200: json(adminUserSchema), ...errorResponses } }),
  deleteGuest: createRoute({ ...people, method: 'delete', path: '/api/admin/users/{userId}', summary: 'Delete a guest user', request: { params: z.object({ userId: idParam }) }, responses: { 200: done, ...errorResponses, ...conflict } }),
  resetPassword: createRoute({ ...people, method: 'post', path: '/api/admin/users/{userId}/password-reset', summary: 'Email the user a link to set a new password', request: { params: z.object({ userId: idParam }) }, responses: { 200: json(passwordResetResultSchema), ...errorResponses, ...conflict } }),
  registrations: createRoute({ ...people, method: 'get', path: '/api/admin/enterprises/{enterpriseId}/registrations', summary: 'Requests from the register page', request: { params: enterpriseParams }, responses: { 200: json(z.array(registrationSchema)), ...errorResponses } }),
  approve: createRoute({ ...people, method: 'post', path: '/api/admin/registrations/{registrationId}/approve', summary: 'Approve a request: the user is created and invited', request: { params: z.object({ registrationId: idParam }), ...jsonBody(registrationApprovalSchema) }, responses: { 200: json(z.object({ user: adminUserSchema, invitationSentTo: z.string().nullable() })), ...errorResponses, ...conflict } }),
  decline: createRoute({ ...people, method: 'post', path: '/api/admin/registrations/{registrationId}/decline', summary: 'Decline a request', request: { params: z.object({ registrationId: idParam }) }, responses: { 200: done, ...errorResponses, ...conflict } }),
  audit: createRoute({
    ...adminCommon('Administration: audit log'), method: 'get', path: '/api/admin/enterprises/{enterpriseId}/audit', summary: 'Every administrative change, newest first',
    request: { params: enterpriseParams, query: z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0), size: z.coerce.number().int().min(1).max(100).default(25), entity: z.string().max(40).optional() }) },
    responses: { 200: json(adminAuditPageSchema), ...errorResponses },
  }),
};

export function adminRoutes(opts: AdminRouteOptions = {}) {
  const mail = mailFor(opts);
  return new OpenAPIHono<AppEnv>()
    .openapi(r.enterprises, async (c) => c.json(await listAdminEnterprises(c.var.sql, c.var.user), 200))
    .openapi(r.createEnterprise, async (c) => c.json({ id: await createEnterprise(c.var.sql, c.var.user, c.req.valid('json')), message: 'Successfully Updated' }, 200))
    .openapi(r.updateEnterprise, async (c) => {
      await updateEnterprise(c.var.sql, c.var.user, c.req.valid('param').enterpriseId, c.req.valid('json'));
      return c.json({ message: 'Successfully Updated' }, 200);
    })
    .openapi(r.saveLogo, async (c) => {
      await saveLogo(c.var.sql, c.var.user, c.req.valid('param').enterpriseId, c.req.valid('json'));
      return c.json({ message: 'Successfully Updated' }, 200);
    })
    .openapi(r.logo, async (c) => c.json(await fetchLogo(c.var.sql, c.var.user, c.req.valid('param').enterpriseId), 200))
    .openapi(r.bocs, async (c) => c.json(await listAdminBocs(c.var.sql, c.var.user, c.req.valid('param').enterpriseId, c.req.valid('query').unmapped === 'true'), 200))
    .openapi(r.createBoc, async (c) => c.json({ id: await createBoc(c.var.sql, c.var.user, c.req.valid('json')), message: 'Successfully Updated' }, 200))
    .openapi(r.updateBoc, async (c) => {
      await updateBoc(c.var.sql, c.var.user, c.req.valid('param').bocId, c.req.valid('json'));
      return c.json({ message: 'Successfully Updated' }, 200);
    })
    .openapi(r.stores, async (c) => c.json(await listAdminStores(c.var.sql, c.var.user, c.req.valid('param').enterpriseId), 200))
    .openapi(r.createStore, async (c) => c.json({ id: await createStore(c.var.sql, c.var.user, c.req.valid('json')), message: 'Successfully Updated' }, 200))
    .openapi(r.updateStore, async (c) => {
      await updateStore(c.var.sql, c.var.user, c.req.valid('param').storeId, c.req.valid('json'));
      return c.json({ message: 'Successfully Updated' }, 200);
    })
    .openapi(r.mapStore, async (c) => {
      await mapStore(c.var.sql, c.var.user, c.req.valid('param').storeId, c.req.valid('json').bocId);
      return c.json({ message: 'Mapping Saved Successfully.' }, 200);
    })
    .openapi(r.a2p, async (c) => {
      await updateA2p(c.var.sql, c.var.user, c.req.valid('param').storeId, c.req.valid('json'));
      return c.json({ message: 'Successfully Updated' }, 200);
    })
    .openapi(r.users, async (c) => c.json(await listUsers(c.var.sql, c.var.user, c.req.valid('param').enterpriseId), 200))
    .openapi(r.createUser, async (c) => c.json(await createUser(c.var.sql, mail(c), c.var.user, c.req.valid('json'), publicUrlOf(opts, c)), 200))
    .openapi(r.updateUser, async (c) => c.json(await updateUser(c.var.sql, c.var.user, c.req.valid('param').userId, c.req.valid('json')), 200))
    .openapi(r.block, async (c) => c.json(await setBlocked(c.var.sql, c.var.user, c.req.valid('param').userId, true), 200))
    .openapi(r.unblock, async (c) => c.json(await setBlocked(c.var.sql, c.var.user, c.req.valid('param').userId, false), 200))
    .openapi(r.deleteGuest, async (c) => {
      await deleteGuest(c.var.sql, c.var.user, c.req.valid('param').userId);
      return c.json({ message: 'Successfully Deleted' }, 200);
    })
    .openapi(r.resetPassword, async (c) => c.json(await adminResetPassword(c.var.sql, mail(c), c.var.user, c.req.valid('param').userId, publicUrlOf(opts, c)), 200))
    .openapi(r.registrations, async (c) => c.json(await listRegistrations(c.var.sql, c.var.user, c.req.valid('param').enterpriseId), 200))
    .openapi(r.approve, async (c) => c.json(await approveRegistration(c.var.sql, mail(c), c.var.user, c.req.valid('param').registrationId, c.req.valid('json'), publicUrlOf(opts, c)), 200))
    .openapi(r.decline, async (c) => {
      await declineRegistration(c.var.sql, c.var.user, c.req.valid('param').registrationId);
      return c.json({ message: 'Successfully Updated' }, 200);
    })
    .openapi(r.audit, async (c) => {
      const q = c.req.valid('query');
      return c.json(await listAudit(c.var.sql, c.var.user, { enterpriseId: c.req.valid('param').enterpriseId, ...q }), 200);
    });
}
