import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { toE164 } from '@drivebay/shared';
import { SIMULATOR_TWILIO_BASE_PATH } from '../services/carriers/directory';
import { SIMULATED_BANDWIDTH_ACCOUNT, simulatedAvailable, simulatedOwned, simulatedPurchasable, simulatedSid } from '../services/carriers/simulator/numbers';
import { API_VERSION, twilioError } from '../services/carriers/simulator/twilio-api';
import type { TwilioAccount } from '../services/carriers/twilio';
import type { AppEnv } from '../types';
import type { ConversationDeps } from './conversations';
import { formParams } from './webhooks';

/** Where the simulated carrier answers Bandwidth's Dashboard (numbers) API. */
export const SIMULATOR_BANDWIDTH_BASE_PATH = '/api/simulator/bandwidth/api';

const xml = new XMLBuilder({ format: false, suppressEmptyNode: true });
const parser = new XMLParser({ parseTagValue: false });
const xmlAnswer = (body: unknown, status = 200) =>
  new Response(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${xml.build(body)}`, { status, headers: { 'content-type': 'application/xml' } });

function basic(header: string | undefined): { user: string; pass: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), pass: decoded.slice(colon + 1) };
}
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The number side of the simulated carrier, for the embedded default: Twilio's account fetch,
 * available-number search and number purchase (IncomingPhoneNumbers), and Bandwidth's
 * availableNumbers search, number orders and account fetch. They exist only while the simulator
 * is the carrier, and speak the providers' own protocols (JSON for Twilio, XML for Bandwidth), so
 * the product's telephony code runs against them exactly as against the providers.
 */
export function simulatorNumberRoutes(deps: ConversationDeps) {
  const app = new Hono<AppEnv>();
  if (!deps.carrier.simulated) return app;
  const account = async (): Promise<TwilioAccount> => (await deps.carrier.simulatorAccount())!;
  const twilioBase = `${SIMULATOR_TWILIO_BASE_PATH}/${API_VERSION}/Accounts`;

  /** Twilio answers 401 with code 20003 to a wrong account or token. */
  const twilioAuthed = async (header: string | undefined, sidInPath: string): Promise<TwilioAccount | null> => {
    const acct = await account();
    const given = basic(header);
    return given && same(given.user, acct.accountSid) && same(given.pass, acct.authToken) && sidInPath === acct.accountSid ? acct : null;
  };

  app.get(`${twilioBase}/:file{AC[0-9a-fA-F]{32}\\.json}`, async (c) => {
    const sid = c.req.param('file').replace(/\.json$/, '');
    const acct = await twilioAuthed(c.req.header('authorization'), sid);
    if (!acct) return c.json(twilioError(401, 20003, 'Authenticate'), 401);
    return c.json({
      sid: acct.accountSid, friendly_name: 'Drivebay simulated carrier', status: 'active', type: 'Full', owner_account_sid: acct.accountSid,
      date_created: new Date(0).toUTCString(), date_updated: new Date().toUTCString(), uri: `/${API_VERSION}/Accounts/${acct.accountSid}.json`,
    }, 200);
  });

  app.get(`${twilioBase}/:accountSid/AvailablePhoneNumbers/:country/Local.json`, async (c) => {
    if (!(await twilioAuthed(c.req.header('authorization'), c.req.param('accountSid')))) return c.json(twilioError(401, 20003, 'Authenticate'), 401);
    if (c.req.param('country') !== 'US') return c.json(twilioError(404, 20404, 'The requested resource was not found'), 404);
    const size = Math.min(Math.max(Number(c.req.query('PageSize') ?? 50) || 50, 1), 1000);
    const found = await simulatedAvailable(c.var.sql, c.req.query('AreaCode') ?? '', size);
    return c.json({
      available_phone_numbers: found.map((n) => ({
        friendly_name: n.friendlyName, phone_number: n.phoneNumber, lata: null, locality: null, rate_center: null, latitude: null, longitude: null,
        region: null, postal_code: null, iso_country: 'US', address_requirements: 'none', beta: false,
        capabilities: { voice: true, SMS: true, MMS: true },
      })),
      uri: c.req.path, end: found.length - 1, first_page_uri: c.req.path, next_page_uri: null, page: 0, page_size: size, previous_page_uri: null, start: 0,
    }, 200);
  });

  app.post(`${twilioBase}/:accountSid/IncomingPhoneNumbers.json`, async (c) => {
    const acct = await twilioAuthed(c.req.header('authorization'), c.req.param('accountSid'));
    if (!acct) return c.json(twilioError(401, 20003, 'Authenticate'), 401);
    const params = await formParams(c);
    const wanted = String((Array.isArray(params.PhoneNumber) ? params.PhoneNumber[0] : params.PhoneNumber) ?? '');
    if (!(await simulatedPurchasable(c.var.sql, wanted))) {
      return c.json(twilioError(400, 21422, `Phone number ${wanted} is not available.`), 400);
    }
    const number = toE164(wanted)!;
    const sid = simulatedSid('PN');
    return c.json({ sid, account_sid: acct.accountSid, phone_number: number, friendly_name: number, sms_url: params.SmsUrl ?? null, capabilities: { voice: true, sms: true, mms: true }, status: 'in-use', uri: `/${API_VERSION}/Accounts/${acct.accountSid}/IncomingPhoneNumbers/${sid}.json` }, 201);
  });

  app.get(`${twilioBase}/:accountSid/IncomingPhoneNumbers.json`, async (c) => {
    if (!(await twilioAuthed(c.req.header('authorization'), c.req.param('accountSid')))) return c.json(twilioError(401, 20003, 'Authenticate'), 401);
    const owned = await simulatedOwned(c.var.sql);
    return c.json({
      incoming_phone_numbers: owned.map((n) => ({ phone_number: n, friendly_name: n, sid: `PN${Buffer.from(n).toString('hex').padEnd(32, '0').slice(0, 32)}` })),
      uri: c.req.path, end: owned.length - 1, first_page_uri: c.req.path, next_page_uri: null, page: 0, page_size: owned.length, previous_page_uri: null, start: 0,
    }, 200);
  });

  // Bandwidth: basic auth with the simulator's pair, account id SIMULATED_BANDWIDTH_ACCOUNT.
  const bandwidthAuthed = async (header: string | undefined, accountId: string) => {
    const acct = await account();
    const given = basic(header);
    return !!given && same(given.user, acct.accountSid) && same(given.pass, acct.authToken) && accountId === SIMULATED_BANDWIDTH_ACCOUNT;
  };
  const bandwidthError = (status: number, code: number, description: string) =>
    xmlAnswer({ ResponseErrors: { Error: { Code: code, Description: description } } }, status);

  app.get(`${SIMULATOR_BANDWIDTH_BASE_PATH}/accounts/:accountId`, async (c) => {
    if (!(await bandwidthAuthed(c.req.header('authorization'), c.req.param('accountId')))) return c.body(null, 401);
    return xmlAnswer({ AccountResponse: { Account: { AccountId: SIMULATED_BANDWIDTH_ACCOUNT, CompanyName: 'Drivebay simulated carrier', AccountType: 'Business' } } });
  });

  app.get(`${SIMULATOR_BANDWIDTH_BASE_PATH}/accounts/:accountId/availableNumbers`, async (c) => {
    if (!(await bandwidthAuthed(c.req.header('authorization'), c.req.param('accountId')))) return c.body(null, 401);
    const areaCode = c.req.query('areaCode') ?? '';
    if (!/^[2-9]\d{2}$/.test(areaCode)) return bandwidthError(400, 4010, 'One of the search criteria is required: areaCode');
    const quantity = Math.min(Math.max(Number(c.req.query('quantity') ?? 10) || 10, 1), 5000);
    const found = await simulatedAvailable(c.var.sql, areaCode, quantity);
    return xmlAnswer({ SearchResult: { ResultCount: found.length, TelephoneNumberList: { TelephoneNumber: found.map((n) => n.phoneNumber.slice(2)) } } });
  });

  app.post(`${SIMULATOR_BANDWIDTH_BASE_PATH}/accounts/:accountId/orders`, async (c) => {
    if (!(await bandwidthAuthed(c.req.header('authorization'), c.req.param('accountId')))) return c.body(null, 401);
    let numbers: string[];
    try {
      const parsed = parser.parse(await c.req.text()) as { Order?: { ExistingTelephoneNumberOrderType?: { TelephoneNumberList?: { TelephoneNumber?: string | string[] } } } };
      const list = parsed.Order?.ExistingTelephoneNumberOrderType?.TelephoneNumberList?.TelephoneNumber;
      numbers = list === undefined ? [] : Array.isArray(list) ? list : [list];
    } catch {
      return bandwidthError(400, 1003, 'The order is not well-formed XML');
    }
    if (numbers.length === 0) return bandwidthError(400, 5005, 'The order names no telephone number');
    for (const n of numbers) if (!(await simulatedPurchasable(c.var.sql, `+1${n}`))) return bandwidthError(409, 5070, `Telephone number ${n} is not available`);
    const id = simulatedSid('OR');
    return xmlAnswer({ OrderResponse: { Order: { id, OrderCreateDate: new Date().toISOString(), ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: numbers } } }, OrderStatus: 'COMPLETE' } }, 201);
  });

  return app;
}
