import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_PERMISSIONS, ROLES, adminStoreSchema, adminUserSchema, adminAuditPageSchema, canAdmin, type AdminAction, type Role } from '@drivebay/shared';
import { onSessionsEnded, type SessionEnd } from '../services/auth/session-ends';
import { startConversationHarness, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';

let h: ConversationHarness;
const tokens = {} as Record<Role, string>;
const STORE = 1;

beforeAll(async () => {
  h = await startConversationHarness({ logLevel: 'silent' });
  for (const role of ROLES) tokens[role] = await h.login(role.toLowerCase());
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const as = (role: Role, path: string, init: { method?: string; json?: unknown } = {}) => h.call(path, { ...init, token: tokens[role] });

async function newUser(username: string, extra: Record<string, unknown> = {}) {
  const res = await as('SUPER_ADMIN', '/api/admin/users', {
    json: { username, firstName: 'Test', lastName: username, email: `${username}@example.com`, roles: ['OFFICE_USER'], empLevel: 'STORE', enterpriseId: 1, storeId: STORE, password: 'long-enough-1', ...extra },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return expectContract(z.object({ user: adminUserSchema }), await res.json()).user;
}

async function storeBody() {
  const [s] = expectContract(z.array(adminStoreSchema), await (await as('SUPER_ADMIN', '/api/admin/enterprises/1/stores')).json()).filter((x) => x.id === STORE);
  return { bocId: s!.bocId, storeId: s!.storeId, storeName: s!.legalName, officeTimeZone: s!.officeTimeZone, address: s!.address, state: s!.state, brands: s!.brands, phoneNumber: s!.phoneNumber, email: s!.email };
}

/** One call per administrative action, each valid for every role allowed to make it. */
async function callsFor(role: Role): Promise<{ action: AdminAction; label: string; run: () => Promise<Response> }[]> {
  const tag = role.toLowerCase().replace(/_/g, '');
  const target = await newUser(`target-${tag}`);
  return [
    { action: 'ORG_VIEW', label: 'GET enterprises', run: () => as(role, '/api/admin/enterprises') },
    { action: 'ORG_VIEW', label: 'GET stores', run: () => as(role, '/api/admin/enterprises/1/stores') },
    { action: 'ORG_VIEW', label: 'GET bocs', run: () => as(role, '/api/admin/enterprises/1/bocs') },
    { action: 'ENTERPRISE_CREATE', label: 'POST enterprise', run: () => as(role, '/api/admin/enterprises', { json: { name: `Group ${tag}` } }) },
    { action: 'ENTERPRISE_EDIT', label: 'PUT enterprise', run: async () => as(role, '/api/admin/enterprises/1', { method: 'PUT', json: { name: 'Metro Auto Group', brands: ['Toyota', 'Honda'] } }) },
    { action: 'ORG_EDIT', label: 'POST boc', run: () => as(role, '/api/admin/bocs', { json: { enterpriseId: 1, bocId: `B-${tag}`, bocName: `BOC ${tag}` } }) },
    { action: 'ORG_EDIT', label: 'PUT store', run: async () => as(role, `/api/admin/stores/${STORE}`, { method: 'PUT', json: await storeBody() }) },
    { action: 'TELEPHONY_MANAGE', label: 'PUT a2p', run: () => as(role, `/api/admin/stores/${STORE}/a2p`, { method: 'PUT', json: { a2pStatus: 'PENDING' } }) },
    { action: 'USERS_VIEW', label: 'GET users', run: () => as(role, '/api/admin/enterprises/1/users') },
    { action: 'USERS_VIEW', label: 'GET registrations', run: () => as(role, '/api/admin/enterprises/1/registrations') },
    {
      action: 'USERS_MANAGE', label: 'POST user',
      run: () => as(role, '/api/admin/users', { json: { username: `made-by-${tag}`, firstName: 'New', lastName: 'Hire', roles: ['OFFICE_USER'], empLevel: 'STORE', enterpriseId: 1, storeId: STORE, password: 'long-enough-1' } }),
    },
    { action: 'USERS_MANAGE', label: 'POST block', run: () => as(role, `/api/admin/users/${target.userMasterId}/block`, { method: 'POST' }) },
    { action: 'USERS_MANAGE', label: 'POST unblock', run: () => as(role, `/api/admin/users/${target.userMasterId}/unblock`, { method: 'POST' }) },
    { action: 'USERS_MANAGE', label: 'POST password reset', run: () => as(role, `/api/admin/users/${target.userMasterId}/password-reset`, { method: 'POST' }) },
    { action: 'AUDIT_VIEW', label: 'GET audit', run: () => as(role, '/api/admin/enterprises/1/audit') },
  ];
}

describe('the permission matrix of the administration routes', () => {
  it.each(ROLES)('%s gets exactly what docs/permissions.md gives its role', async (role) => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const call of await callsFor(role)) {
      const res = await call.run();
      outcomes.push(`${call.label}: ${res.status === 403 ? 'refused' : res.status === 200 ? 'allowed' : `${res.status} ${await res.text()}`}`);
      expected.push(`${call.label}: ${canAdmin([role], call.action) ? 'allowed' : 'refused'}`);
    }
    expect(outcomes).toEqual(expected);
  }, 60_000);

  it('is a real matrix: every action is allowed to someone and refused to someone', () => {
    for (const action of ['ORG_EDIT', 'USERS_MANAGE', 'TELEPHONY_MANAGE', 'AUDIT_VIEW'] as const) {
      expect(ROLES.some((r) => ADMIN_PERMISSIONS[r].includes(action))).toBe(true);
      expect(ROLES.some((r) => !ADMIN_PERMISSIONS[r].includes(action))).toBe(true);
    }
  });
});

describe('scope', () => {
  it('an office manager manages only their store, and gives no role above their own', async () => {
    const otherStore = await as('OFFICE_MANAGER', '/api/admin/users', { json: { username: 'elsewhere', firstName: 'A', lastName: 'B', roles: ['OFFICE_USER'], empLevel: 'STORE', enterpriseId: 1, storeId: 2, password: 'long-enough-1' } });
    expect(otherStore.status).toBe(403);
    const tooHigh = await as('OFFICE_MANAGER', '/api/admin/users', { json: { username: 'boss', firstName: 'A', lastName: 'B', roles: ['ENTERPRISE_ADMIN'], empLevel: 'STORE', enterpriseId: 1, storeId: STORE, password: 'long-enough-1' } });
    expect(tooHigh.status).toBe(403);
    expect(((await tooHigh.json()) as { details: { field: string }[] }).details[0]!.field).toBe('body.roles');
    const users = expectContract(z.array(adminUserSchema), await (await as('OFFICE_MANAGER', '/api/admin/enterprises/1/users')).json());
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.storeId === STORE)).toBe(true);
  });

  it('an enterprise admin cannot block a super admin', async () => {
    const [superAdmin] = await h.db.sql<{ id: number }[]>`select id from app_user where username = 'super_admin'`;
    expect((await as('ENTERPRISE_ADMIN', `/api/admin/users/${superAdmin!.id}/block`, { method: 'POST' })).status).toBe(403);
  });

  it('bad input is a 400 naming the field', async () => {
    const res = await as('SUPER_ADMIN', '/api/admin/stores', { json: { bocId: 1, storeId: 'X 1', storeName: '', officeTimeZone: 'Mars/Olympus' } });
    expect(res.status).toBe(400);
    const fields = ((await res.json()) as { details: { field: string }[] }).details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.storeId', 'body.storeName', 'body.officeTimeZone']));
  });
});

describe('blocking a user', () => {
  it('ends every session at once and announces it to the sync servers; sign-in is refused until unblocked', async () => {
    const user = await newUser('to-block');
    const token = await h.login('to-block', 'long-enough-1');
    expect((await h.call('/user/me', { token })).status).toBe(200);
    const heard: SessionEnd[] = [];
    const stop = onSessionsEnded((e) => heard.push(e));
    try {
      const res = await as('ENTERPRISE_ADMIN', `/api/admin/users/${user.userMasterId}/block`, { method: 'POST' });
      expect(expectContract(adminUserSchema, await res.json()).blocked).toBe(true);
    } finally {
      stop();
    }
    expect(heard.some((e) => e.userIds.includes(user.userMasterId) && e.tokenHashes.length === 1)).toBe(true);
    expect((await h.call('/user/me', { token })).status).toBe(401);
    await expect(h.login('to-block', 'long-enough-1')).rejects.toThrow(/403/);
    await as('ENTERPRISE_ADMIN', `/api/admin/users/${user.userMasterId}/unblock`, { method: 'POST' });
    expect(await h.login('to-block', 'long-enough-1')).toBeTruthy();
  });
});

describe('the audit log', () => {
  it('records who changed what, before and after', async () => {
    const body = await storeBody();
    await as('ENTERPRISE_ADMIN', `/api/admin/stores/${STORE}`, { method: 'PUT', json: { ...body, address: '1 Audit Way, Brooklyn, NY 11201' } });
    const page = expectContract(adminAuditPageSchema, await (await as('ENTERPRISE_ADMIN', '/api/admin/enterprises/1/audit?entity=store')).json());
    const entry = page.content[0]!;
    expect(entry).toMatchObject({ action: 'UPDATE', entity: 'store', entityId: String(STORE) });
    expect(entry.actorName).toContain('enterprise_admin');
    expect((entry.after as { address: string }).address).toBe('1 Audit Way, Brooklyn, NY 11201');
    expect((entry.before as { address: string }).address).toBe(body.address);
  });
});

describe('the enterprise logo', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR logo bytes')]).toString('base64');
  const fieldOf = async (res: Response) => ((await res.json()) as { details: { field: string }[] }).details.map((d) => d.field);
  const put = (role: Role, json: unknown) => as(role, '/api/admin/enterprises/1/logo', { method: 'PUT', json });

  it('checks type and size, is added, updated and fetched, and each change is audited', async () => {
    const wrongType = await put('ENTERPRISE_ADMIN', { contentType: 'image/jpeg', data: PNG });
    expect(wrongType.status).toBe(400);
    expect(await fieldOf(wrongType)).toEqual(['body.data']);
    const gif = await put('ENTERPRISE_ADMIN', { contentType: 'image/gif', data: PNG });
    expect(gif.status).toBe(400);
    expect(await fieldOf(gif)).toContain('body.contentType');
    const huge = await put('ENTERPRISE_ADMIN', { contentType: 'image/png', data: Buffer.alloc(300 * 1024, 1).toString('base64') });
    expect(huge.status).toBe(400);
    expect(await fieldOf(huge)).toContain('body.data');
    expect((await put('OFFICE_USER', { contentType: 'image/png', data: PNG })).status).toBe(403);

    expect((await put('ENTERPRISE_ADMIN', { contentType: 'image/png', data: PNG })).status).toBe(200);
    expect((await put('ENTERPRISE_ADMIN', { contentType: 'image/png', data: PNG })).status).toBe(200);
    // Anyone of the enterprise fetches it (the app bar shows it).
    expect(await (await as('OFFICE_USER', '/api/enterprise/1/logo')).json()).toEqual({ contentType: 'image/png', data: PNG });
    const audit = expectContract(adminAuditPageSchema, await (await as('ENTERPRISE_ADMIN', '/api/admin/enterprises/1/audit?entity=enterprise')).json());
    const actions = audit.content.map((e) => e.action);
    // Newest first: the second upload replaced the first.
    expect(actions.indexOf('UPDATE_LOGO')).toBeGreaterThanOrEqual(0);
    expect(actions.indexOf('UPDATE_LOGO')).toBeLessThan(actions.indexOf('ADD_LOGO'));
  });
});

describe('passwords and registration', () => {
  const linkIn = async (to: string) => {
    const [mail] = await h.db.sql<{ html: string }[]>`select html from captured_mail where to_address like ${`%${to}%`} order by id desc limit 1`;
    return /token=([\w-]+)/.exec(mail!.html)![1]!;
  };

  it('a user resets a forgotten password through the emailed link, once', async () => {
    await newUser('forgetful');
    expect((await h.call('/user/password/forgot', { json: { username: 'forgetful' } })).status).toBe(200);
    const token = await linkIn('forgetful@example.com');
    expect((await h.call('/user/password/reset', { json: { token, password: 'brand-new-pass' } })).status).toBe(200);
    expect(await h.login('forgetful', 'brand-new-pass')).toBeTruthy();
    expect((await h.call('/user/password/reset', { json: { token, password: 'another-pass-1' } })).status).toBe(400);
  });

  it('a user changes their password with the current one', async () => {
    await newUser('changer');
    const token = await h.login('changer', 'long-enough-1');
    expect((await h.call('/user/password/change', { token, json: { currentPassword: 'wrong', newPassword: 'changed-pass-1' } })).status).toBe(400);
    expect((await h.call('/user/password/change', { token, json: { currentPassword: 'long-enough-1', newPassword: 'changed-pass-1' } })).status).toBe(200);
    expect(await h.login('changer', 'changed-pass-1')).toBeTruthy();
  });

  it('the register page makes a request an administrator approves into an invited user', async () => {
    expect((await h.call('/user/register', { json: { firstName: 'Nia', lastName: 'Reyes', email: 'nia@example.com', username: 'nia.reyes', storeId: STORE, note: 'New advisor' } })).status).toBe(200);
    const list = (await (await as('OFFICE_MANAGER', '/api/admin/enterprises/1/registrations')).json()) as { id: number; username: string; status: string }[];
    const request = list.find((r) => r.username === 'nia.reyes')!;
    expect(request.status).toBe('PENDING');
    expect((await as('OFFICE_USER', `/api/admin/registrations/${request.id}/approve`, { json: { roles: ['OFFICE_USER'] } })).status).toBe(403);
    const approved = await as('OFFICE_MANAGER', `/api/admin/registrations/${request.id}/approve`, { json: { roles: ['OFFICE_USER'] } });
    expect(approved.status).toBe(200);
    const token = await linkIn('nia@example.com');
    await h.call('/user/password/reset', { json: { token, password: 'nia-password' } });
    expect(await h.login('nia.reyes', 'nia-password')).toBeTruthy();
  });
});
