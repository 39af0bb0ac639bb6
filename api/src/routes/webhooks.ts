import { timingSafeEqual } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from '@drivebay/shared';
import { carrierFields } from '../middleware/clean-input';
import { carrierErrorText } from '../services/carriers/carrier-errors';
import type { StoreAccount } from '../services/carriers/directory';
import { isValidTwilioSignature, signedUrl, type TwilioParams } from '../services/carriers/twilio-signature';
import { applyCarrierStatus } from '../services/conversations/apply-status';
import { receiveInboundSms } from '../services/conversations/receive-inbound';
import { findStoreByNumberCached } from '../services/conversations/store-number';
import type { AppEnv } from '../types';
import { serviceDeps, type ConversationDeps } from './conversations';
import { ackGate } from '../lib/ack-first';

/** The empty TwiML answer: "received, nothing to say". Replies go out through the outbox. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Carrier callbacks: signed over the bytes as sent, so input cleaning happens after verification. */
export const WEBHOOK_PREFIX = '/api/webhooks/';

export const WEBHOOK_PATHS = {
  twilioSms: '/api/webhooks/twilio/sms',
  twilioStatus: '/api/webhooks/twilio/status',
  bandwidthMessages: '/api/webhooks/bandwidth/messages',
} as const;

const twiml = (c: Context<AppEnv>) => c.body(EMPTY_TWIML, 200, { 'content-type': 'text/xml; charset=utf-8' });

/** The form fields of a carrier request; Twilio only ever sends text fields. */
export async function formParams(c: Context<AppEnv>): Promise<TwilioParams> {
  if (/^application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '')) {
    // What carriers send: decoded as a browser's form (the WHATWG rules FormData follows) without
    // building a Fetch Response to hold the bytes first. A repeated field keeps every value.
    const params: TwilioParams = Object.create(null) as TwilioParams;
    for (const [key, value] of new URLSearchParams(await c.req.text())) {
      const had = params[key];
      params[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    }
    return params;
  }
  const body = await c.req.parseBody({ all: true });
  const params: TwilioParams = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') params[key] = value;
    else if (Array.isArray(value)) params[key] = value.filter((v): v is string => typeof v === 'string');
  }
  return params;
}

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

function required(params: TwilioParams, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const missing = names.filter((n) => !one(params[n])?.trim());
  if (missing.length) {
    throw new AppError('VALIDATION_FAILED', `Missing ${missing.join(', ')}`, missing.map((n) => ({ field: `body.${n}`, message: 'required' })));
  }
  for (const n of names) out[n] = one(params[n])!.trim();
  return out;
}

function refuseSignature(): never {
  throw new AppError('FORBIDDEN', 'The request signature does not match');
}

/** Media of an MMS: NumMedia and MediaUrl0..MediaUrl{n-1}. */
function mediaUrls(params: TwilioParams): string[] {
  const n = Math.min(Number(one(params.NumMedia) ?? 0) || 0, 10);
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const url = one(params[`MediaUrl${i}`]);
    if (url) urls.push(url);
  }
  return urls;
}

/** Constant-time check of HTTP basic credentials. */
function basicAuthMatches(header: string | undefined, expected: { username: string; password: string } | null): boolean {
  if (!expected?.username || !expected.password || !header?.startsWith('Basic ')) return false;
  const given = Buffer.from(header.slice(6).trim(), 'base64');
  const wanted = Buffer.from(`${expected.username}:${expected.password}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const bandwidthMessageSchema = z.looseObject({
  id: z.string().min(1),
  from: z.string().optional(),
  to: z.array(z.string()).optional(),
  text: z.string().optional(),
  media: z.array(z.string()).optional(),
  tag: z.string().optional(),
});
const bandwidthEventSchema = z.looseObject({
  type: z.string(),
  to: z.string().optional(),
  description: z.string().optional(),
  errorCode: z.union([z.number(), z.string()]).optional(),
  message: bandwidthMessageSchema,
});
const bandwidthBodySchema = z.union([z.array(bandwidthEventSchema), bandwidthEventSchema.transform((e) => [e])]);

/** Bandwidth event types and the delivery status each one means. */
const BANDWIDTH_STATUS: Record<string, string> = {
  'message-sending': 'sending',
  'message-delivered': 'delivered',
  'message-failed': 'failed',
};

/**
 * Carrier webhooks: public (carriers carry no user token), verified by the carrier's own means: a
 * Twilio signature over the public address and the form, or Bandwidth's basic credentials. They
 * answer as soon as the transaction commits; the inbox and the assistant follow after it.
 */
export function webhookRoutes(deps: ConversationDeps) {
  const app = new OpenAPIHono<AppEnv>();
  // While a carrier waits for its answer, follow-up work (inbox, assistant) holds back.
  for (const path of [WEBHOOK_PATHS.twilioSms, WEBHOOK_PATHS.twilioStatus, WEBHOOK_PATHS.bandwidthMessages]) {
    app.use(path, async (_c, next) => {
      const answered = ackGate.begin();
      try {
        await next();
      } finally {
        answered();
      }
    });
  }

  app.post(WEBHOOK_PATHS.twilioSms, async (c) => {
    // The signature covers the form as sent; everything else reads it with unstorable characters taken out.
    const signed = await formParams(c);
    const params = carrierFields(signed);
    const to = one(params.To);
    const store = to ? await findStoreByNumberCached(c.get('sql'), to) : null;
    const account = await deps.carrier.twilioAccountOf(store);
    const url = signedUrl(deps.publicUrl, c.req.url);
    if (!isValidTwilioSignature(account?.authToken, c.req.header('x-twilio-signature'), url, signed)) refuseSignature();
    const p = required(params, ['MessageSid', 'From', 'To']);
    const outcome = await receiveInboundSms(
      serviceDeps(c, deps),
      { carrierMessageId: p.MessageSid!, from: p.From!, to: p.To!, body: one(params.Body) ?? '', mediaUrls: mediaUrls(params) },
      store,
    );
    if (outcome.kind === 'unknown-number' || outcome.kind === 'invalid-sender') {
      c.get('logger').warn({ to: p.To, from: p.From, sid: p.MessageSid, outcome: outcome.kind }, 'inbound text not stored');
    }
    return twiml(c);
  });

  app.post(WEBHOOK_PATHS.twilioStatus, async (c) => {
    const signed = await formParams(c);
    const params = carrierFields(signed);
    const sid = one(params.MessageSid) ?? one(params.SmsSid);
    const mid = Number(c.req.query('mid'));
    const messageId = Number.isSafeInteger(mid) && mid > 0 ? mid : null;
    const [owner] = sid
      ? await c.get('sql')<StoreAccount[]>`
          select s.twilio_account_sid, s.twilio_auth_token from message_instance m join store s on s.id = m.store_id
          where m.carrier_message_id = ${sid} or m.id = ${messageId ?? 0}
          order by (m.carrier_message_id = ${sid}) desc nulls last limit 1`
      : [];
    const account = await deps.carrier.twilioAccountOf(owner ?? null);
    if (!isValidTwilioSignature(account?.authToken, c.req.header('x-twilio-signature'), signedUrl(deps.publicUrl, c.req.url), signed)) {
      refuseSignature();
    }
    const status = one(params.MessageStatus) ?? one(params.SmsStatus);
    if (sid && status) {
      await applyCarrierStatus(serviceDeps(c, deps), {
        carrierMessageId: sid,
        messageId,
        status,
        errorText: carrierErrorText(one(params.ErrorCode), one(params.ErrorMessage)),
      });
    }
    // Always 2xx: a report we cannot use must not make the carrier retry it forever.
    return twiml(c);
  });

  app.post(WEBHOOK_PATHS.bandwidthMessages, async (c) => {
    if (!basicAuthMatches(c.req.header('authorization'), deps.carrier.bandwidthCallback)) {
      c.header('WWW-Authenticate', 'Basic realm="bandwidth"');
      throw new AppError('UNAUTHENTICATED', 'Bandwidth callback credentials do not match');
    }
    const parsed = bandwidthBodySchema.safeParse(carrierFields(await c.req.json().catch(() => null)));
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', 'Expected Bandwidth message events', [{ field: 'body', message: parsed.error.issues[0]?.message ?? 'invalid' }]);
    }
    const sdeps = serviceDeps(c, deps);
    for (const event of parsed.data) {
      const m = event.message;
      if (event.type === 'message-received') {
        await receiveInboundSms(sdeps, {
          carrierMessageId: m.id,
          from: m.from ?? '',
          to: event.to ?? m.to?.[0] ?? '',
          body: m.text ?? '',
          mediaUrls: m.media ?? [],
        });
        continue;
      }
      const status = BANDWIDTH_STATUS[event.type];
      if (!status) continue;
      const tag = Number(m.tag);
      await applyCarrierStatus(sdeps, {
        carrierMessageId: m.id,
        messageId: Number.isSafeInteger(tag) && tag > 0 ? tag : null,
        status,
        errorText: status === 'failed' ? carrierErrorText(event.errorCode ?? null, event.description ?? null) : null,
      });
    }
    return c.body(null, 204);
  });

  const form = (fields: Record<string, z.ZodType>) => ({
    content: { 'application/x-www-form-urlencoded': { schema: z.object(fields) } },
  });
  const twimlResponse = { description: 'Empty TwiML', content: { 'text/xml': { schema: z.string() } } };
  const forbidden = { description: 'The X-Twilio-Signature does not match' };
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: WEBHOOK_PATHS.twilioSms,
    tags: ['Carrier webhooks'],
    summary: 'Twilio: a text from a customer (signed with X-Twilio-Signature)',
    request: {
      body: form({
        MessageSid: z.string(), AccountSid: z.string(), From: z.string(), To: z.string(), Body: z.string(),
        NumMedia: z.string().optional(), MediaUrl0: z.string().optional(),
      }),
    },
    responses: { 200: twimlResponse, 403: forbidden },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: WEBHOOK_PATHS.twilioStatus,
    tags: ['Carrier webhooks'],
    summary: 'Twilio: delivery report of a message (applied only when it moves the status forward)',
    request: {
      query: z.object({ mid: z.string().optional() }),
      body: form({ MessageSid: z.string(), MessageStatus: z.string(), ErrorCode: z.string().optional(), ErrorMessage: z.string().optional() }),
    },
    responses: { 200: twimlResponse, 403: forbidden },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: WEBHOOK_PATHS.bandwidthMessages,
    tags: ['Carrier webhooks'],
    summary: 'Bandwidth: message-received, message-delivered and message-failed events (HTTP basic auth)',
    request: { body: { content: { 'application/json': { schema: z.array(bandwidthEventSchema) } } } },
    responses: { 204: { description: 'Events applied' }, 401: { description: 'Wrong or missing credentials' } },
  });
  return app;
}
