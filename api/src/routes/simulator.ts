import { timingSafeEqual } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError, toE164 } from '@drivebay/shared';
import { SIMULATOR_TWILIO_BASE_PATH } from '../services/carriers/directory';
import { phoneThread, recentCustomerNumbers, simulatedNumbers } from '../services/carriers/simulator/phone-data';
import { mailboxPage, phonePage } from '../services/carriers/simulator/pages';
import {
  API_VERSION,
  acceptSimulatedMessage,
  deliverSimulatedInbound,
  simulatedStoreByNumber,
  twilioError,
} from '../services/carriers/simulator/twilio-api';
import type { TwilioAccount } from '../services/carriers/twilio';
import { listCapturedMail } from '../services/mail/capture';
import type { AppEnv } from '../types';
import type { ConversationDeps } from './conversations';
import { formParams } from './webhooks';

export const SIMULATOR_PATHS = {
  messages: `${SIMULATOR_TWILIO_BASE_PATH}/${API_VERSION}/Accounts/:accountSid/Messages.json`,
  phone: '/api/simulator/phone',
  phoneThread: '/api/simulator/phone/thread',
  numbers: '/api/simulator/numbers',
  numberCustomers: '/api/simulator/numbers/:number/customers',
  inbound: '/api/simulator/inbound',
  mailbox: '/api/simulator/mailbox',
  mailboxPage: '/api/simulator/mailbox/page',
} as const;

const inboundSchema = z.object({
  from: z.string().trim().min(1).max(32),
  to: z.string().trim().min(1).max(32),
  body: z.string().max(1600).default(''),
  mediaUrls: z.array(z.url({ protocol: /^https?$/ })).max(10).default([]),
});

function basicAccount(header: string | undefined): { sid: string; token: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { sid: decoded.slice(0, colon), token: decoded.slice(colon + 1) };
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));


/**
 * The carrier's side, built into the product for the embedded default: a Twilio Messages API the
 * simulated carrier sends through, a customer phone page, and the captured mailbox. No login (it
 * stands in for the carrier and the customer), so none of it exists once a real carrier is
 * configured: then this sub-app has no routes at all.
 */
export function simulatorRoutes(deps: ConversationDeps) {
  const app = new OpenAPIHono<AppEnv>();
  if (!deps.carrier.simulated) return app;

  const account = async (): Promise<TwilioAccount> => (await deps.carrier.simulatorAccount())!;

  app.post(SIMULATOR_PATHS.messages, async (c) => {
    const acct = await account();
    const given = basicAccount(c.req.header('authorization'));
    if (!given || !sameText(given.sid, acct.accountSid) || !sameText(given.token, acct.authToken) || c.req.param('accountSid') !== acct.accountSid) {
      return c.json(twilioError(401, 20003, 'Authenticate'), 401);
    }
    const result = await acceptSimulatedMessage({ sql: c.var.sql, logger: c.var.logger, account: acct, publicUrl: deps.publicUrl, params: await formParams(c) });
    return c.json(result.body, result.status as 201 | 400);
  });

  app.get(SIMULATOR_PATHS.phone, (c) => c.html(phonePage()));
  app.get(SIMULATOR_PATHS.numbers, async (c) => c.json(await simulatedNumbers(c.var.sql)));
  app.get(SIMULATOR_PATHS.numberCustomers, async (c) => {
    const number = toE164(c.req.param('number'));
    return c.json(number ? await recentCustomerNumbers(c.var.sql, number) : []);
  });
  app.get(SIMULATOR_PATHS.phoneThread, async (c) => {
    const store = toE164(c.req.query('store') ?? '');
    const phone = toE164(c.req.query('phone') ?? '');
    if (!store || !phone) throw new AppError('VALIDATION_FAILED', 'Invalid Number', [{ field: store ? 'query.phone' : 'query.store', message: 'Invalid Number' }]);
    return c.json(await phoneThread(c.var.sql, store, phone));
  });

  app.post(SIMULATOR_PATHS.inbound, async (c) => {
    const isJson = (c.req.header('content-type') ?? '').includes('json');
    const raw = isJson ? await c.req.json().catch(() => null) : await c.req.parseBody();
    const parsed = inboundSchema.safeParse(raw);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ field: ['body', ...i.path.map(String)].join('.'), message: i.message }));
      throw new AppError('VALIDATION_FAILED', `Invalid ${details.map((d) => d.field).join(', ')}`, details);
    }
    const input = parsed.data;
    const from = toE164(input.from);
    if (!from) throw new AppError('VALIDATION_FAILED', 'Invalid Number', [{ field: 'body.from', message: 'Invalid Number' }]);
    const to = toE164(input.to);
    if (!to || !(await simulatedStoreByNumber(c.var.sql, to))) {
      throw new AppError('VALIDATION_FAILED', 'No store texts from this number', [{ field: 'body.to', message: 'not a simulated store number' }]);
    }
    if (!input.body.trim() && input.mediaUrls.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'Please Enter Message', [{ field: 'body.body', message: 'Please Enter Message' }]);
    }
    const sent = await deliverSimulatedInbound({ account: await account(), publicUrl: deps.publicUrl, from, to, body: input.body, mediaUrls: input.mediaUrls });
    return c.json({ messageSid: sent.messageSid, webhookStatus: sent.status }, 200);
  });

  if (deps.mail?.capturing) {
    app.get(SIMULATOR_PATHS.mailbox, async (c) => c.json(await listCapturedMail(c.var.sql)));
    app.get(SIMULATOR_PATHS.mailboxPage, async (c) => c.html(mailboxPage(await listCapturedMail(c.var.sql))));
  }

  const tags = ['Carrier simulator'];
  const ok = (description: string) => ({ 200: { description } });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: SIMULATOR_PATHS.messages.replace(':accountSid', '{accountSid}'),
    tags,
    summary: 'Twilio Messages API of the simulated carrier (basic auth with the simulator account)',
    request: { params: z.object({ accountSid: z.string() }) },
    responses: { 201: { description: 'Message resource, status queued' }, 400: { description: 'Twilio error body' }, 401: { description: 'Authenticate' } },
  });
  app.openAPIRegistry.registerPath({ method: 'get', path: SIMULATOR_PATHS.phone, tags, summary: 'The customer phone page', responses: ok('HTML page') });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: SIMULATOR_PATHS.inbound,
    tags,
    summary: 'Text the store as a customer: signed and POSTed to the Twilio inbound webhook',
    request: { body: { content: { 'application/json': { schema: inboundSchema } } } },
    responses: ok('{messageSid, webhookStatus}'),
  });
  if (deps.mail?.capturing) {
    app.openAPIRegistry.registerPath({ method: 'get', path: SIMULATOR_PATHS.mailbox, tags, summary: 'Captured mail, newest first', responses: ok('JSON list') });
    app.openAPIRegistry.registerPath({ method: 'get', path: SIMULATOR_PATHS.mailboxPage, tags, summary: 'Captured mail as a page', responses: ok('HTML page') });
  }
  return app;
}
