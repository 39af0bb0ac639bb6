import { randomBytes } from 'node:crypto';
import { smsSegments, toE164 } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { Logger } from '../../../lib/logger';
import { findStoreByNumber } from '../../conversations/store-number';
import type { TwilioAccount } from '../twilio';
import { twilioSignature, type TwilioParams } from '../twilio-signature';
import { SIMULATED_DELAYS, simulatedOutcome } from './rules';

export const API_VERSION = '2010-04-01';

/** A Twilio REST error body: what the twilio client turns into a RestException. */
export type TwilioErrorBody = { code: number; message: string; more_info: string; status: number };

export const twilioError = (status: number, code: number, message: string): TwilioErrorBody => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/** A Twilio-shaped id: two letters and 32 hex digits, 34 characters. */
export const twilioSid = (prefix: 'SM' | 'MM') => `${prefix}${randomBytes(16).toString('hex')}`;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Whether the store behind a number is served by the simulator (not by its own real account). */
export async function simulatedStoreByNumber(sql: Sql, number: string) {
  const store = await findStoreByNumber(sql, number);
  if (!store) return null;
  const [own] = await sql<{ own: boolean }[]>`
    select (twilio_account_sid is not null and twilio_auth_token is not null) as own from store where id = ${store.storeId}`;
  return own?.own ? null : store;
}

/** POSTs a signed, form-encoded request the way Twilio does. */
export async function postSigned(url: string, params: TwilioParams, authToken: string): Promise<Response> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const value of all(v)) form.append(k, value);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, url, params),
      'user-agent': 'TwilioProxy/1.1 (Drivebay carrier simulator)',
    },
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
}

type Accepted = { status: 201; body: Record<string, unknown> } | { status: number; body: TwilioErrorBody };

/**
 * Takes a message the way Twilio's `POST /2010-04-01/Accounts/{sid}/Messages.json` does, answers
 * with the same resource shape (status "queued"), then reports its progress to StatusCallback
 * with signed requests: queued → sent → delivered, or the failure the number's rule says.
 */
export async function acceptSimulatedMessage(opts: {
  sql: Sql;
  logger: Logger | undefined;
  account: TwilioAccount;
  publicUrl: string;
  params: TwilioParams;
}): Promise<Accepted> {
  const { params, account } = opts;
  const rawTo = one(params.To) ?? '';
  const rawFrom = one(params.From) ?? '';
  const body = one(params.Body) ?? '';
  const media = all(params.MediaUrl);
  const to = toE164(rawTo);
  if (!to) return { status: 400, body: twilioError(400, 21211, `The 'To' number ${rawTo} is not a valid phone number.`) };
  const from = toE164(rawFrom);
  if (!from || !(await simulatedStoreByNumber(opts.sql, from))) {
    return {
      status: 400,
      body: twilioError(400, 21606, `The From phone number ${rawFrom} is not a valid, SMS-capable inbound phone number or short code for your account.`),
    };
  }
  if (!body && media.length === 0) return { status: 400, body: twilioError(400, 21602, 'Message body is required.') };
  if (body.length > 1600) return { status: 400, body: twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.') };

  const sid = twilioSid(media.length ? 'MM' : 'SM');
  const now = new Date().toUTCString().replace('GMT', '+0000');
  const callback = one(params.StatusCallback);
  if (callback) scheduleReports({ ...opts, sid, from, to, callback });
  return {
    status: 201,
    body: {
      account_sid: account.accountSid,
      api_version: API_VERSION,
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: String(media.length),
      num_segments: String(Math.max(1, smsSegments(body).segments)),
      price: null,
      price_unit: 'USD',
      sid,
      status: 'queued',
      subresource_uris: { media: `/${API_VERSION}/Accounts/${account.accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/${API_VERSION}/Accounts/${account.accountSid}/Messages/${sid}.json`,
    },
  };
}

function scheduleReports(o: { logger: Logger | undefined; account: TwilioAccount; publicUrl: string; sid: string; from: string; to: string; callback: string }) {
  // The simulator only ever calls the product back, never an address a request names elsewhere.
  if (new URL(o.callback).origin !== new URL(o.publicUrl).origin) {
    o.logger?.warn({ callback: o.callback }, 'simulator ignored a status callback outside the product');
    return;
  }
  const outcome = simulatedOutcome(o.to);
  const report = async (status: string, errorCode?: number) => {
    const params: TwilioParams = {
      SmsSid: o.sid, SmsStatus: status, MessageStatus: status, To: o.to, MessageSid: o.sid, AccountSid: o.account.accountSid,
      From: o.from, ApiVersion: API_VERSION,
      ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
    };
    const res = await postSigned(o.callback, params, o.account.authToken);
    if (!res.ok) o.logger?.warn({ sid: o.sid, status, answer: res.status }, 'status callback was not accepted');
  };
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());
  void (async () => {
    await wait(SIMULATED_DELAYS.sentAfterMs);
    if (outcome.viaSent) await report('sent');
    await wait(SIMULATED_DELAYS.finalAfterMs - SIMULATED_DELAYS.sentAfterMs);
    await report(outcome.final, 'errorCode' in outcome ? outcome.errorCode : undefined);
  })().catch((err) => o.logger?.warn({ err, sid: o.sid }, 'status callback could not be delivered'));
}

/**
 * A customer's text as a carrier delivers it: Twilio's inbound form, signed with the account's
 * token, POSTed over HTTP to the product's inbound webhook — the same path a real carrier takes.
 */
export async function deliverSimulatedInbound(opts: {
  account: TwilioAccount;
  publicUrl: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
}): Promise<{ messageSid: string; status: number }> {
  const sid = twilioSid(opts.mediaUrls.length ? 'MM' : 'SM');
  const params: TwilioParams = {
    ToCountry: 'US', ToState: '', SmsMessageSid: sid, NumMedia: String(opts.mediaUrls.length), ToCity: '', FromZip: '', SmsSid: sid,
    FromState: '', SmsStatus: 'received', FromCity: '', Body: opts.body, FromCountry: 'US', To: opts.to, ToZip: '',
    NumSegments: String(Math.max(1, smsSegments(opts.body).segments)), MessageSid: sid, AccountSid: opts.account.accountSid,
    From: opts.from, ApiVersion: API_VERSION,
  };
  opts.mediaUrls.forEach((url, i) => {
    params[`MediaUrl${i}`] = url;
    params[`MediaContentType${i}`] = 'image/jpeg';
  });
  const res = await postSigned(`${opts.publicUrl.replace(/\/+$/, '')}/api/webhooks/twilio/sms`, params, opts.account.authToken);
  await res.body?.cancel();
  return { messageSid: sid, status: res.status };
}
