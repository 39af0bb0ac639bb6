import twilio from 'twilio';
import {
  AppError,
  CHAT_MESSAGES,
  toE164,
  type CredentialCheck,
  type OwnedNumber,
  type TwilioConfig,
  type TwilioServiceType,
  twilioConfigInputSchema,
  bandwidthConfigInputSchema,
} from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { recordAudit } from '../admin/audit';
import { requireAction, requireStore } from '../admin/guard';
import { canAccessEnterprise } from '@drivebay/shared';
import type { CarrierDirectory } from '../carriers/directory';
import { SIMULATOR_TWILIO_BASE_PATH } from '../carriers/directory';
import { SIMULATED_BANDWIDTH_ACCOUNT } from '../carriers/simulator/numbers';
import type { TwilioAccount } from '../carriers/twilio';
import { forgetStoreNumbers } from '../conversations/store-number';
import { assertStoreAccess } from '../org/scope';
import { secretHint } from './credentials';
import { bandwidthNumbers, twilioNumbers, type NumberProvider } from './providers';

/** Where the simulated carrier answers Bandwidth's Dashboard API (see routes/simulator-numbers.ts). */
export const SIMULATOR_BANDWIDTH_API = '/api/simulator/bandwidth/api';

export type TelephonyDeps = { sql: Sql; carrier: CarrierDirectory };

/** Chat tokens are short-lived: an hour, renewed by the client. */
export const CHAT_TOKEN_TTL_S = 3600;

type ConfigRow = {
  storeId: number;
  serviceType: TwilioServiceType | 'BANDWIDTH';
  accountSid: string;
  authTokenEnc: string;
  apiKeySid: string | null;
  apiKeySecretEnc: string | null;
  chatServiceSid: string | null;
  bandwidthApplicationId: string | null;
  verifiedOn: Date | null;
};

async function configRow(sql: Sql, storeId: number, type: ConfigRow['serviceType']): Promise<ConfigRow | null> {
  const [row] = await sql<ConfigRow[]>`select * from telephony_config where store_id = ${storeId} and service_type = ${type}`;
  return row ?? null;
}

/** In the embedded default every Twilio call goes to the simulated carrier's copy of the API. */
const twilioBase = (d: TelephonyDeps) => (d.carrier.simulated ? `${d.carrier.publicUrl}${SIMULATOR_TWILIO_BASE_PATH}` : undefined);
const smsUrl = (d: TelephonyDeps) => `${d.carrier.publicUrl}/api/webhooks/twilio/sms`;

/** The Twilio account a store's numbers and checks use: its own SMS_AND_CALL account, else the product's. */
async function twilioAccountForStore(d: TelephonyDeps, storeId: number): Promise<TwilioAccount> {
  const own = await configRow(d.sql, storeId, 'SMS_AND_CALL');
  if (own) return { accountSid: own.accountSid, authToken: await d.carrier.credentials.decrypt(own.authTokenEnc) };
  const fallback = d.carrier.defaults.twilio ?? (await d.carrier.simulatorAccount());
  if (!fallback) throw new AppError('CONFLICT', 'This store has no Twilio account. Add its SMS and call configuration first.');
  return fallback;
}

export async function twilioProvider(d: TelephonyDeps, storeId: number): Promise<NumberProvider> {
  return twilioNumbers(await twilioAccountForStore(d, storeId), { apiBase: twilioBase(d), name: d.carrier.simulated ? 'simulator' : 'twilio', smsUrl: smsUrl(d) });
}

export async function bandwidthProvider(d: TelephonyDeps, storeId: number): Promise<NumberProvider> {
  const own = await configRow(d.sql, storeId, 'BANDWIDTH');
  if (own) {
    return bandwidthNumbers({ accountId: own.accountSid, username: own.apiKeySid ?? '', password: await d.carrier.credentials.decrypt(own.authTokenEnc) }, {
      apiBase: d.carrier.simulated ? `${d.carrier.publicUrl}${SIMULATOR_BANDWIDTH_API}` : undefined,
      name: d.carrier.simulated ? 'simulator' : 'bandwidth',
    });
  }
  if (d.carrier.defaults.bandwidth) {
    const b = d.carrier.defaults.bandwidth;
    return bandwidthNumbers({ accountId: b.accountId, username: b.username, password: b.password }, { name: 'bandwidth' });
  }
  const sim = await d.carrier.simulatorAccount();
  if (!sim) throw new AppError('CONFLICT', 'Bandwidth is not configured for this store. Add its Bandwidth configuration first.');
  return bandwidthNumbers({ accountId: SIMULATED_BANDWIDTH_ACCOUNT, username: sim.accountSid, password: sim.authToken }, { apiBase: `${d.carrier.publicUrl}${SIMULATOR_BANDWIDTH_API}`, name: 'simulator' });
}

// Configuration ------------------------------------------------------------------------------------

const view = async (d: TelephonyDeps, r: ConfigRow): Promise<TwilioConfig> => ({
  storeId: r.storeId,
  twilioServiceType: r.serviceType as TwilioServiceType,
  accountSid: r.accountSid,
  authTokenHint: secretHint(await d.carrier.credentials.decrypt(r.authTokenEnc)),
  apiKeySid: r.apiKeySid,
  apiKeySecretHint: r.apiKeySecretEnc ? secretHint(await d.carrier.credentials.decrypt(r.apiKeySecretEnc)) : null,
  chatServiceSid: r.chatServiceSid,
  verifiedOn: r.verifiedOn?.toISOString() ?? null,
});

export async function getTwilioConfig(d: TelephonyDeps, user: SessionUser, storeId: number, type: TwilioServiceType): Promise<TwilioConfig | null> {
  await requireStore(d.sql, user, 'TELEPHONY_MANAGE', storeId);
  const row = await configRow(d.sql, storeId, type);
  return row ? view(d, row) : null;
}

/** Checks an account by fetching it from the carrier, as Twilio's own console does. */
export async function checkTwilioCredentials(d: TelephonyDeps, account: TwilioAccount, apiKey?: { sid: string; secret: string } | null): Promise<CredentialCheck> {
  try {
    await twilioNumbers(account, { apiBase: twilioBase(d), name: 'twilio', smsUrl: smsUrl(d) }).fetchAccount();
  } catch (err) {
    return { accountSidAndAuthTokenVerified: false, testUserAccessToken: null, accountSidAndAuthTokenErrorMessage: (err as Error).message };
  }
  const testUserAccessToken = apiKey ? chatToken(account.accountSid, apiKey, 'test-user', null) : null;
  return { accountSidAndAuthTokenVerified: true, testUserAccessToken, accountSidAndAuthTokenErrorMessage: null };
}

export async function validateTwilio(d: TelephonyDeps, user: SessionUser, creds: { accountSid: string; authToken: string; apiKeySid?: string | null; apiKeySecret?: string | null }) {
  requireAction(user, 'TELEPHONY_MANAGE');
  const apiKey = creds.apiKeySid && creds.apiKeySecret ? { sid: creds.apiKeySid, secret: creds.apiKeySecret } : null;
  return checkTwilioCredentials(d, { accountSid: creds.accountSid, authToken: creds.authToken }, apiKey);
}

/** Saves a store's Twilio configuration (checked first); the SMS account also becomes the store's sending account. */
export async function saveTwilioConfig(d: TelephonyDeps, user: SessionUser, input: z.output<typeof twilioConfigInputSchema>): Promise<TwilioConfig> {
  const place = await requireStore(d.sql, user, 'TELEPHONY_MANAGE', input.storeId);
  const before = await configRow(d.sql, input.storeId, input.twilioServiceType);
  const apiKeySecret = input.apiKeySecret ?? (before?.apiKeySecretEnc ? await d.carrier.credentials.decrypt(before.apiKeySecretEnc) : null);
  if (input.twilioServiceType === 'CHAT' && (!input.apiKeySid || !apiKeySecret || !input.chatServiceSid)) {
    throw new AppError('VALIDATION_FAILED', 'Chat needs an API key, its secret and the chat service', [
      ...(input.apiKeySid ? [] : [{ field: 'body.apiKeySid', message: 'API key SID is required' }]),
      ...(apiKeySecret ? [] : [{ field: 'body.apiKeySecret', message: 'API key secret is required' }]),
      ...(input.chatServiceSid ? [] : [{ field: 'body.chatServiceSid', message: 'Chat service SID is required' }]),
    ]);
  }
  const check = await checkTwilioCredentials(d, input);
  if (!check.accountSidAndAuthTokenVerified) {
    throw new AppError('VALIDATION_FAILED', check.accountSidAndAuthTokenErrorMessage ?? CHAT_MESSAGES.invalidCredentials, [{ field: 'body.authToken', message: check.accountSidAndAuthTokenErrorMessage ?? CHAT_MESSAGES.invalidCredentials }]);
  }
  const tokenEnc = await d.carrier.credentials.encrypt(input.authToken);
  const secretEnc = apiKeySecret ? await d.carrier.credentials.encrypt(apiKeySecret) : null;
  await d.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`insert into telephony_config (store_id, service_type, account_sid, auth_token_enc, api_key_sid, api_key_secret_enc, chat_service_sid, verified_on, updated_on)
      values (${input.storeId}, ${input.twilioServiceType}, ${input.accountSid}, ${tokenEnc}, ${input.apiKeySid}, ${secretEnc}, ${input.chatServiceSid}, now(), now())
      on conflict (store_id, service_type) do update set account_sid = excluded.account_sid, auth_token_enc = excluded.auth_token_enc,
        api_key_sid = excluded.api_key_sid, api_key_secret_enc = excluded.api_key_secret_enc, chat_service_sid = excluded.chat_service_sid,
        verified_on = now(), updated_on = now()`;
    if (input.twilioServiceType === 'SMS_AND_CALL') {
      await tx`update store set twilio_account_sid = ${input.accountSid}, twilio_auth_token = ${tokenEnc} where id = ${input.storeId}`;
    }
    // Secrets never reach the audit log: only which account and which key.
    await recordAudit(tx, user, {
      enterpriseId: place.enterpriseId, action: before ? 'UPDATE' : 'CREATE', entity: 'telephony', entityId: `${input.storeId}:${input.twilioServiceType}`,
      before: before ? { accountSid: before.accountSid, apiKeySid: before.apiKeySid, chatServiceSid: before.chatServiceSid } : null,
      after: { accountSid: input.accountSid, apiKeySid: input.apiKeySid, chatServiceSid: input.chatServiceSid },
    });
  });
  forgetStoreNumbers(d.sql);
  return view(d, (await configRow(d.sql, input.storeId, input.twilioServiceType))!);
}

export async function saveBandwidthConfig(d: TelephonyDeps, user: SessionUser, input: z.output<typeof bandwidthConfigInputSchema>) {
  const place = await requireStore(d.sql, user, 'TELEPHONY_MANAGE', input.storeId);
  const base = d.carrier.simulated ? `${d.carrier.publicUrl}${SIMULATOR_BANDWIDTH_API}` : undefined;
  await bandwidthNumbers(input, { apiBase: base, name: 'bandwidth' }).fetchAccount();
  const enc = await d.carrier.credentials.encrypt(input.password);
  await d.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`insert into telephony_config (store_id, service_type, account_sid, auth_token_enc, api_key_sid, bandwidth_application_id, verified_on, updated_on)
      values (${input.storeId}, 'BANDWIDTH', ${input.accountId}, ${enc}, ${input.username}, ${input.applicationId}, now(), now())
      on conflict (store_id, service_type) do update set account_sid = excluded.account_sid, auth_token_enc = excluded.auth_token_enc,
        api_key_sid = excluded.api_key_sid, bandwidth_application_id = excluded.bandwidth_application_id, verified_on = now(), updated_on = now()`;
    await recordAudit(tx, user, { enterpriseId: place.enterpriseId, action: 'UPDATE', entity: 'telephony', entityId: `${input.storeId}:BANDWIDTH`, after: { accountId: input.accountId, applicationId: input.applicationId } });
  });
  return getBandwidthConfig(d, user, input.storeId);
}

export async function getBandwidthConfig(d: TelephonyDeps, user: SessionUser, storeId: number) {
  await requireStore(d.sql, user, 'TELEPHONY_MANAGE', storeId);
  const r = await configRow(d.sql, storeId, 'BANDWIDTH');
  return r ? { storeId, accountId: r.accountSid, usernameHint: secretHint(r.apiKeySid ?? ''), applicationId: r.bandwidthApplicationId, verifiedOn: r.verifiedOn?.toISOString() ?? null } : null;
}

/** The SMS account a store sends with answers an account fetch. */
export async function validateSmsConfiguration(d: TelephonyDeps, user: SessionUser, storeId: number, provider: 'twilio' | 'bandwidth') {
  await requireStore(d.sql, user, 'TELEPHONY_MANAGE', storeId);
  const p = provider === 'twilio' ? await twilioProvider(d, storeId) : await bandwidthProvider(d, storeId);
  try {
    await p.fetchAccount();
    return { verified: true, message: 'The SMS configuration works', provider: p.name };
  } catch (err) {
    return { verified: false, message: (err as Error).message, provider: p.name };
  }
}

// Chat ---------------------------------------------------------------------------------------------

function chatToken(accountSid: string, key: { sid: string; secret: string }, identity: string, serviceSid: string | null): string {
  const token = new twilio.jwt.AccessToken(accountSid, key.sid, key.secret, { identity, ttl: CHAT_TOKEN_TTL_S });
  token.addGrant(new twilio.jwt.AccessToken.ChatGrant(serviceSid ? { serviceSid } : {}));
  return token.toJwt();
}

/** A short-lived chat token for the signed-in user, signed with the store's API key. */
export async function accessToken(d: TelephonyDeps, user: SessionUser, storeId: number): Promise<string> {
  // Anyone working the store may chat; the configuration itself is the administrators'.
  await assertStoreAccess(d.sql, user, storeId);
  const row = await configRow(d.sql, storeId, 'CHAT');
  if (!row?.apiKeySid || !row.apiKeySecretEnc) throw new AppError('NOT_FOUND', CHAT_MESSAGES.invalidCredentials);
  return chatToken(row.accountSid, { sid: row.apiKeySid, secret: await d.carrier.credentials.decrypt(row.apiKeySecretEnc) }, user.username, row.chatServiceSid);
}

/** The chat connection check: a token first ('Invalid Credentials'), then the account ('Connection to twilio chat failed…'). */
export async function checkChat(d: TelephonyDeps, user: SessionUser, storeId: number): Promise<{ authenticated: boolean; message: string | null }> {
  let row: ConfigRow | null;
  try {
    await accessToken(d, user, storeId);
    row = await configRow(d.sql, storeId, 'CHAT');
  } catch (err) {
    if (err instanceof AppError && err.code === 'FORBIDDEN') throw err;
    return { authenticated: false, message: CHAT_MESSAGES.invalidCredentials };
  }
  const check = await checkTwilioCredentials(d, { accountSid: row!.accountSid, authToken: await d.carrier.credentials.decrypt(row!.authTokenEnc) });
  return check.accountSidAndAuthTokenVerified ? { authenticated: true, message: null } : { authenticated: false, message: CHAT_MESSAGES.connectionFailed };
}

// Numbers ------------------------------------------------------------------------------------------

export async function searchNumbers(d: TelephonyDeps, user: SessionUser, o: { storeId: number; areaCode: string; provider: 'twilio' | 'bandwidth' }) {
  await requireStore(d.sql, user, 'TELEPHONY_MANAGE', o.storeId);
  const p = o.provider === 'twilio' ? await twilioProvider(d, o.storeId) : await bandwidthProvider(d, o.storeId);
  return p.search(o.areaCode);
}

/** Buys a number for the store's enterprise; it waits unassigned until assigned to a store. */
export async function purchaseNumber(d: TelephonyDeps, user: SessionUser, o: { storeId: number; phoneNumber: string; provider: 'twilio' | 'bandwidth' }): Promise<OwnedNumber> {
  const place = await requireStore(d.sql, user, 'TELEPHONY_MANAGE', o.storeId);
  const number = toE164(o.phoneNumber);
  if (!number) throw new AppError('VALIDATION_FAILED', 'Invalid Number', [{ field: 'body.phoneNumber', message: 'Invalid Number' }]);
  const [already] = await d.sql`select 1 from phone_number where number = ${number}`;
  if (already) throw new AppError('CONFLICT', 'This number is already bought', [{ field: 'body.phoneNumber', message: 'already bought' }]);
  const p = o.provider === 'twilio' ? await twilioProvider(d, o.storeId) : await bandwidthProvider(d, o.storeId);
  const carrierId = await p.purchase(number);
  await d.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`insert into phone_number (number, enterprise_id, provider, carrier_id, area_code, purchased_by)
      values (${number}, ${place.enterpriseId}, ${p.name}, ${carrierId}, ${number.slice(2, 5)}, ${user.userId})`;
    await recordAudit(tx, user, { enterpriseId: place.enterpriseId, action: 'PURCHASE', entity: 'phone_number', entityId: number, after: { provider: p.name, carrierId } });
  });
  return (await listNumbers(d.sql, user, place.enterpriseId)).find((n) => n.phoneNumber === number)!;
}

/**
 * Assigns a bought number to a store and division: it becomes the number of that division's
 * texting assistant (created when the store has none), so the store's texts go out from it and
 * texts to it land in the store.
 */
export async function assignNumber(d: TelephonyDeps, user: SessionUser, o: { phoneNumber: string; storeId: number; divisionId: string }): Promise<OwnedNumber> {
  const place = await requireStore(d.sql, user, 'TELEPHONY_MANAGE', o.storeId);
  const number = toE164(o.phoneNumber);
  const [row] = number ? await d.sql<{ enterpriseId: number; storeId: number | null }[]>`select enterprise_id, store_id from phone_number where number = ${number}` : [];
  if (!row || row.enterpriseId !== place.enterpriseId) throw new AppError('NOT_FOUND', 'This number is not one of the enterprise’s', [{ field: 'body.phoneNumber', message: 'unknown number' }]);
  await d.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update assistant set agent_phone_number = null where agent_phone_number = ${number}`;
    const [sender] = await tx<{ id: number; agentPhoneNumber: string | null }[]>`
      select id, agent_phone_number from assistant where store_id = ${o.storeId} and division_id = ${o.divisionId}
      order by initializer_process_enabled desc, id limit 1`;
    if (sender) {
      // The number it had goes back to the enterprise's unassigned numbers.
      if (sender.agentPhoneNumber) await tx`update phone_number set store_id = null, division_id = null, assigned_on = null where number = ${sender.agentPhoneNumber}`;
      await tx`update assistant set agent_phone_number = ${number} where id = ${sender.id}`;
    } else {
      const [store] = await tx<{ storeName: string }[]>`select store_name from store where id = ${o.storeId}`;
      await tx`insert into division (store_id, division_id) values (${o.storeId}, ${o.divisionId}) on conflict do nothing`;
      await tx`insert into assistant (store_id, division_id, agent_first_name, agent_last_name, agent_phone_number, initializer_process_enabled)
        values (${o.storeId}, ${o.divisionId}, ${store!.storeName}, 'Assistant', ${number}, true)`;
    }
    await tx`update phone_number set store_id = ${o.storeId}, division_id = ${o.divisionId}, assigned_on = now() where number = ${number}`;
    await recordAudit(tx, user, { enterpriseId: place.enterpriseId, action: 'ASSIGN', entity: 'phone_number', entityId: number!, before: { storeId: row.storeId }, after: { storeId: o.storeId, divisionId: o.divisionId } });
  });
  forgetStoreNumbers(d.sql);
  return (await listNumbers(d.sql, user, place.enterpriseId)).find((n) => n.phoneNumber === number)!;
}

/** The enterprise's bought numbers, optionally only the unassigned ones or one area code's. */
export async function listNumbers(sql: Sql, user: SessionUser, enterpriseId: number, o: { unassigned?: boolean; areaCode?: string | undefined; provider?: string | undefined } = {}): Promise<OwnedNumber[]> {
  requireAction(user, 'TELEPHONY_MANAGE');
  if (!canAccessEnterprise(user, enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const rows = await sql<(Omit<OwnedNumber, 'purchasedOn' | 'phoneNumber'> & { number: string; purchasedOn: Date })[]>`
    select p.number, p.provider, p.carrier_id, p.area_code, p.enterprise_id, p.store_id, s.store_name, p.division_id, p.purchased_on
    from phone_number p left join store s on s.id = p.store_id
    where p.enterprise_id = ${enterpriseId}
      ${o.unassigned ? sql`and p.store_id is null` : sql``}
      ${o.areaCode ? sql`and p.area_code = ${o.areaCode}` : sql``}
      ${o.provider ? sql`and p.provider = ${o.provider}` : sql``}
    order by p.purchased_on desc`;
  return rows.map(({ number, ...r }) => ({ ...r, phoneNumber: number, purchasedOn: r.purchasedOn.toISOString() }));
}

/** Every number the store's Twilio account holds at the carrier. */
export async function listAllPhoneNumbers(d: TelephonyDeps, user: SessionUser, storeId: number): Promise<string[]> {
  await requireStore(d.sql, user, 'TELEPHONY_MANAGE', storeId);
  return (await (await twilioProvider(d, storeId)).owned!()) ?? [];
}

