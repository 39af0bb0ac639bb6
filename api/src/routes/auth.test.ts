import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, userDataSchema, apiErrorSchema } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { expectContract } from '../testing/contract';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const post = (body: unknown, ip = '10.1.1.1') =>
  h.app.request('/user/v2/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /user/v2/login', () => {
  it.each(ROLES)('signs in %s with the user data the spec lists', async (role) => {
    const res = await post({ username: role.toLowerCase(), password: 'demo' });
    expect(res.status).toBe(200);
    const user = expectContract(userDataSchema, await res.json());
    expect(user.roles[0]).toBe(role);
    expect(user.roleDtos[0]?.roleName).toBe(role);
    expect(user.enterprise.id).toBe(1);
    expect(user.authToken.length).toBeGreaterThan(30);
    expect(typeof user.realTimeSync).toBe('boolean');
    expect(typeof user.callingFeature).toBe('boolean');
  });

  it('gives store users a tenant and wider scopes none', async () => {
    const store = expectContract(userDataSchema, await (await post({ username: 'office_user', password: 'demo' })).json());
    expect(store.tenant).toMatchObject({ officeId: 1, companyId: 1 });
    expect(store.office).toEqual({ companyId: 1, officeId: 1 });
    const ent = expectContract(userDataSchema, await (await post({ username: 'enterprise_admin', password: 'demo' })).json());
    expect(ent.empLevel).toBe('ENTERPRISE');
    expect(ent.tenant).toBeNull();
  });

  it('accepts the username in any case', async () => {
    expect((await post({ username: 'Office_Manager', password: 'demo' })).status).toBe(200);
  });

  it('refuses a wrong password with the one error shape', async () => {
    const res = await post({ username: 'office_user', password: 'wrong' }, '10.1.1.2');
    expect(res.status).toBe(401);
    expect(expectContract(apiErrorSchema, await res.json())).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
      details: [],
    });
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const res = await post({ username: 'nobody', password: 'x' }, '10.1.1.3');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('INVALID_CREDENTIALS');
  });

  it('names the field for missing values and rejects malformed JSON', async () => {
    const res = await post({ username: '' });
    expect(res.status).toBe(400);
    const body = expectContract(apiErrorSchema, await res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d) => d.field).sort()).toEqual(['body.password', 'body.username']);
    expect(body.details.find((d) => d.field === 'body.password')?.message).toBe('Password is required');
    const bad = await post('{"username":');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('MALFORMED_JSON');
  });

  it('slows down repeated failures for a username from the guessing addresses, then lets the right password through later', async () => {
    for (let i = 0; i < 5; i++) expect((await post({ username: 'sales_rep', password: 'no' }, `10.2.0.${i}`)).status).toBe(401);
    // Each of those addresses has been guessing at this account: the next try from any of them waits.
    const locked = await post({ username: 'sales_rep', password: 'demo' }, '10.2.0.3');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await locked.json()).code).toBe('TOO_MANY_ATTEMPTS');
    // Once the wait has passed the right password works and clears the count.
    await h.db.sql`update login_attempt set attempted_on = attempted_on - interval '1 hour' where lower(username) = 'sales_rep'`;
    expect((await post({ username: 'sales_rep', password: 'demo' }, '10.2.0.3')).status).toBe(200);
  });

  it('counts parallel guesses at once and never locks the owner out from an address that has not been guessing', async () => {
    const guesses = await Promise.all(Array.from({ length: 50 }, () => post({ username: 'division_manager', password: 'wrong' }, '10.4.4.4')));
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect((await post({ username: 'division_manager', password: 'demo' }, '10.4.4.4')).status).toBe(429);
    expect((await post({ username: 'division_manager', password: 'demo' }, '10.4.4.5')).status).toBe(200);
  }, 60_000);

  it('slows down one address trying many usernames', async () => {
    for (let i = 0; i < 20; i++) await post({ username: `guess${i}`, password: 'x' }, '10.3.3.3');
    expect((await post({ username: 'office_manager', password: 'demo' }, '10.3.3.3')).status).toBe(429);
    expect((await post({ username: 'office_manager', password: 'demo' }, '10.3.3.4')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /user/me returns the user of a live token; logout ends it on the server', async () => {
    const token = await h.login('office_manager');
    const me = await h.get('/user/me', token);
    expect(me.status).toBe(200);
    expect(expectContract(userDataSchema, await me.json()).username).toBe('office_manager');
    const out = await h.get('/user/logout', token);
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: 'Logged out' });
    expect((await h.get('/user/me', token)).status).toBe(401);
    expect((await h.get('/api/enterprise', token)).status).toBe(401);
  });

  it('refuses requests without a token, with a made-up token, and with an expired one', async () => {
    expect((await h.get('/api/enterprise')).status).toBe(401);
    expect((await h.get('/api/enterprise', 'made-up')).status).toBe(401);
    const token = await h.login('office_user');
    await h.db.sql`update user_session set expires_on = now() - interval '1 second'`;
    expect((await h.get('/api/enterprise', token)).status).toBe(401);
  });

  it('refuses a blocked user', async () => {
    await h.db.sql`update app_user set blocked = true where username = 'super_user'`;
    const res = await post({ username: 'super_user', password: 'demo' }, '10.4.4.4');
    expect(res.status).toBe(403);
    await h.db.sql`update app_user set blocked = false where username = 'super_user'`;
  });
});
