import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CHAT_MESSAGES, availableNumberSchema, chatCheckSchema, credentialCheckSchema, ownedNumberSchema, smsValidationSchema, twilioConfigSchema } from '@drivebay/shared';
import { startConversationHarness, type ConversationHarness } from '../../testing/conversation-harness';
import { expectContract } from '../../testing/contract';
import { createCarrierDirectory, NOT_REGISTERED_MESSAGE } from '../carriers/directory';
import { CarrierError } from '../carriers/carrier-port';

let h: ConversationHarness;
let admin: string;
let storeId: number;

beforeAll(async () => {
  h = await startConversationHarness({ logLevel: 'silent' });
  admin = await h.login('enterprise_admin');
  const res = await h.call('/api/admin/stores', { token: admin, json: { bocId: 1, storeId: 'HTB09', storeName: 'Harbor Toyota Brooklyn', officeTimeZone: 'America/New_York', state: 'NY', brands: ['Toyota'] } });
  storeId = ((await res.json()) as { id: number }).id;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const call = (path: string, init: { method?: string; json?: unknown } = {}) => h.call(path, { ...init, token: admin });

describe('numbers on the simulated carrier', () => {
  it('searches ten numbers, buys one, assigns it to a new store, and a customer text to it lands in that store', async () => {
    const found = expectContract(z.array(availableNumberSchema), await (await call(`/api/twilio/phone-numbers?storeId=${storeId}&areaCode=718`)).json());
    expect(found).toHaveLength(10);
    expect(found.every((n) => n.phoneNumber.startsWith('+1718555'))).toBe(true);
    // The demo's own numbers are taken.
    expect(found.map((n) => n.phoneNumber)).not.toContain('+17185550101');

    const chosen = found[3]!.phoneNumber;
    const bought = expectContract(ownedNumberSchema, await (await call('/api/twilio/phone-numbers/purchase', { json: { storeId, phoneNumber: chosen } })).json());
    expect(bought).toMatchObject({ phoneNumber: chosen, provider: 'simulator', storeId: null });
    expect(bought.carrierId).toMatch(/^PN[0-9a-f]{32}$/);
    expect((await call('/api/twilio/phone-numbers/purchase', { json: { storeId, phoneNumber: chosen } })).status).toBe(409);
    const unassigned = expectContract(z.array(ownedNumberSchema), await (await call('/api/bandwidth/unassigned?enterpriseId=1')).json());
    expect(unassigned.map((n) => n.phoneNumber)).toContain(chosen);
    const again = expectContract(z.array(availableNumberSchema), await (await call(`/api/twilio/phone-numbers?storeId=${storeId}&areaCode=718`)).json());
    expect(again.map((n) => n.phoneNumber)).not.toContain(chosen);

    const assigned = expectContract(ownedNumberSchema, await (await call('/api/phone-numbers/assign', { json: { phoneNumber: chosen, storeId, divisionId: 'DIV004' } })).json());
    expect(assigned).toMatchObject({ storeId, storeName: 'Harbor Toyota Brooklyn', divisionId: 'DIV004' });

    // The customer phone page offers the number, and a text to it is the store's.
    const numbers = (await (await h.call('/api/simulator/numbers')).json()) as { storeId: number; number: string }[];
    expect(numbers).toContainEqual(expect.objectContaining({ storeId, number: chosen }));
    const sent = await h.call('/api/simulator/inbound', { json: { from: '+16465550177', to: chosen, body: 'Do you have anything Saturday morning?' } });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { webhookStatus: number }).webhookStatus).toBe(200);
    await vi.waitFor(async () => {
      const [m] = await h.db.sql<{ storeId: number }[]>`select store_id from message_instance where to_address = ${chosen} and direction = 'RECEIVED'`;
      expect(m?.storeId).toBe(storeId);
    }, { timeout: 5_000 });

    const all = expectContract(z.array(z.string()), await (await call('/twilio/list-all-phone-numbers', { json: { storeId } })).json());
    expect(all).toContain(chosen);
  });

  it('Bandwidth search and order go through the Dashboard API (XML) of the simulated carrier', async () => {
    const found = expectContract(z.array(availableNumberSchema), await (await call('/api/bandwidth/search', { json: { storeId, areaCode: '312' } })).json());
    expect(found).toHaveLength(10);
    const ordered = expectContract(ownedNumberSchema, await (await call('/api/bandwidth/order', { json: { storeId, phoneNumber: found[0]!.phoneNumber } })).json());
    expect(ordered.carrierId).toMatch(/^[0-9a-f-]{36}$/);
    const created = expectContract(z.array(ownedNumberSchema), await (await call('/api/bandwidth/created-numbers?enterpriseId=1')).json());
    expect(created.map((n) => n.phoneNumber)).toContain(found[0]!.phoneNumber);
    const byArea = expectContract(z.array(ownedNumberSchema), await (await call('/api/bandwidth/numbers-by-area-code?enterpriseId=1&areaCode=312')).json());
    expect(byArea.map((n) => n.phoneNumber)).toEqual([found[0]!.phoneNumber]);
    const check = expectContract(smsValidationSchema, await (await call('/bandwidth/validate-sms-configuration', { json: { storeId } })).json());
    expect(check).toMatchObject({ verified: true, provider: 'simulator' });
  });

  it('an area code that is no area code is a 400 naming the field', async () => {
    const res = await call(`/api/twilio/phone-numbers?storeId=${storeId}&areaCode=055`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: { field: string }[] }).details[0]!.field).toBe('query.areaCode');
  });
});

describe('credentials', () => {
  const badSid = `AC${'1'.repeat(32)}`;

  it('bad credentials are refused with the carrier’s answer; good ones verify', async () => {
    const bad = expectContract(credentialCheckSchema, await (await call('/api/twilio/validate', { json: { accountSid: badSid, authToken: 'not-the-token' } })).json());
    expect(bad).toEqual({ accountSidAndAuthTokenVerified: false, testUserAccessToken: null, accountSidAndAuthTokenErrorMessage: CHAT_MESSAGES.invalidCredentials });
    const sim = await h.simulatorAccount();
    const good = expectContract(credentialCheckSchema, await (await call('/api/twilio/validate', { json: { ...sim, apiKeySid: `SK${'a'.repeat(32)}`, apiKeySecret: 'key-secret-long' } })).json());
    expect(good.accountSidAndAuthTokenVerified).toBe(true);
    expect(good.testUserAccessToken!.split('.')).toHaveLength(3);
  });

  it('the chat check says Invalid Credentials without a chat configuration, and connects with one', async () => {
    const none = expectContract(chatCheckSchema, await (await call('/api/twilio/chat/check', { json: { storeId } })).json());
    expect(none).toEqual({ authenticated: false, message: CHAT_MESSAGES.invalidCredentials });
    expect((await call(`/api/twilio/access-token?storeId=${storeId}`)).status).toBe(404);

    const sim = await h.simulatorAccount();
    const saved = await call('/api/twilio/configuration', { method: 'PUT', json: { storeId, twilioServiceType: 'CHAT', ...sim, apiKeySid: `SK${'b'.repeat(32)}`, apiKeySecret: 'chat-key-secret-1234', chatServiceSid: `IS${'c'.repeat(32)}` } });
    const config = expectContract(twilioConfigSchema, await saved.json());
    // Secrets come back as their last four characters only.
    expect(config.authTokenHint).toBe(`••••${sim.authToken.slice(-4)}`);
    expect(config.apiKeySecretHint).toBe('••••1234');
    expect(JSON.stringify(config)).not.toContain(sim.authToken);
    const [row] = await h.db.sql<{ authTokenEnc: string }[]>`select auth_token_enc from telephony_config where store_id = ${storeId}`;
    expect(row!.authTokenEnc).not.toContain(sim.authToken);

    expect(expectContract(chatCheckSchema, await (await call('/api/twilio/chat/check', { json: { storeId } })).json())).toEqual({ authenticated: true, message: null });
    const token = ((await (await call(`/api/twilio/access-token?storeId=${storeId}`)).json()) as { accessToken: string }).accessToken;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number; grants: { identity: string } };
    expect(payload.grants.identity).toBe('enterprise_admin');
    expect(payload.exp - payload.iat).toBe(3600);

    // The account's token changed at the carrier since it was saved: the stored one no longer connects.
    const stale = await h.deps.carrier.credentials.encrypt('f'.repeat(32));
    await h.db.sql`update telephony_config set auth_token_enc = ${stale} where store_id = ${storeId} and service_type = 'CHAT'`;
    const failed = expectContract(chatCheckSchema, await (await call('/api/twilio/chat/check', { json: { storeId } })).json());
    expect(failed).toEqual({ authenticated: false, message: CHAT_MESSAGES.connectionFailed });
  });

  it('an SMS configuration with bad credentials is not saved', async () => {
    const res = await call('/api/twilio/configuration', { method: 'PUT', json: { storeId, twilioServiceType: 'SMS_AND_CALL', accountSid: badSid, authToken: 'wrong-token-1' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(CHAT_MESSAGES.invalidCredentials);
    expect(await h.db.sql`select 1 from telephony_config where store_id = ${storeId} and service_type = 'SMS_AND_CALL'`).toHaveLength(0);
  });

  it('an office user cannot read or change the configuration', async () => {
    const token = await h.login('office_user');
    expect((await h.call(`/api/twilio/configuration?storeId=1&twilioServiceType=CHAT`, { token })).status).toBe(403);
  });
});

describe('A2P 10DLC registration', () => {
  it('a store without it cannot send on a real carrier, with a clear message; the simulator is exempt', async () => {
    const real = createCarrierDirectory({ sql: h.db.sql, settings: { publicUrl: 'http://localhost', twilio: { accountSid: `AC${'2'.repeat(32)}`, authToken: 'x'.repeat(32) }, bandwidth: null } });
    const port = await real.carrierFor(storeId);
    const error = await port.sendSms({ from: '+17185550101', to: '+16465550177', body: 'hi', statusCallback: 'http://localhost/cb' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect((error as CarrierError).message).toBe(NOT_REGISTERED_MESSAGE);
    expect((error as CarrierError).permanent).toBe(true);

    expect((await call(`/api/admin/stores/${storeId}/a2p`, { method: 'PUT', json: { a2pStatus: 'REGISTERED' } })).status).toBe(400);
    expect((await call(`/api/admin/stores/${storeId}/a2p`, { method: 'PUT', json: { a2pStatus: 'REGISTERED', a2pBrandId: 'BN3K5ABC', a2pCampaignId: 'CX9P2QRS' } })).status).toBe(200);
    expect((await real.carrierFor(storeId)).name).toBe('twilio');
    expect(await (await real.carrierFor(storeId)).sendSms({ from: '+17185550101', to: '+16465550177', body: 'hi', statusCallback: 'http://localhost/cb' }).catch((e: CarrierError) => e.message)).not.toBe(NOT_REGISTERED_MESSAGE);

    const simulated = createCarrierDirectory({ sql: h.db.sql, settings: { publicUrl: 'http://localhost', twilio: null, bandwidth: null } });
    expect((await simulated.carrierFor(2)).name).toBe('simulator');
  });
});
