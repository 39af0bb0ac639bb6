import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {

  accessTokenSchema,
  areaCodeSchema,
  availableNumberSchema,
  bandwidthConfigInputSchema,
  bandwidthConfigSchema,
  chatCheckSchema,
  credentialCheckSchema,
  numberAssignSchema,
  numberPurchaseSchema,
  numberSearchSchema,
  ownedNumberSchema,
  smsValidationSchema,
  twilioConfigInputSchema,
  twilioConfigSchema,
  twilioCredentialsSchema,
  TWILIO_SERVICE_TYPES,
} from '@drivebay/shared';
import {
  accessToken, assignNumber, checkChat, getBandwidthConfig, getTwilioConfig, listAllPhoneNumbers, listNumbers, purchaseNumber, saveBandwidthConfig,
  saveTwilioConfig, searchNumbers, validateSmsConfiguration, validateTwilio, type TelephonyDeps,
} from '../services/telephony/telephony';
import type { AppEnv } from '../types';
import { adminCommon, conflict, jsonBody } from './admin-common';
import type { ConversationDeps } from './conversations';
import { errorResponses, idParam, json } from './common';

const t = adminCommon('Telephony');
const storeBody = z.object({ storeId: z.number().int().positive() });
const storeQuery = z.object({ storeId: idParam });
const enterpriseParams = z.object({ enterpriseId: idParam });

const r = {
  accessToken: createRoute({ ...t, method: 'get', path: '/api/twilio/access-token', summary: 'A short-lived chat token for the signed-in user, signed with the store’s API key', request: { query: storeQuery }, responses: { 200: json(accessTokenSchema), ...errorResponses } }),
  chatCheck: createRoute({ ...t, method: 'post', path: '/api/twilio/chat/check', summary: 'The chat connection check: Invalid Credentials, or Connection to twilio chat failed', request: jsonBody(storeBody), responses: { 200: json(chatCheckSchema), ...errorResponses } }),
  getConfig: createRoute({ ...t, method: 'get', path: '/api/twilio/configuration', summary: 'A store’s Twilio configuration by service type (secrets shown as their last four characters)', request: { query: storeQuery.extend({ twilioServiceType: z.enum(TWILIO_SERVICE_TYPES) }) }, responses: { 200: json(twilioConfigSchema.nullable()), ...errorResponses } }),
  putConfig: createRoute({ ...t, method: 'put', path: '/api/twilio/configuration', summary: 'Save a store’s Twilio configuration (CHAT or SMS_AND_CALL), checked with the carrier first', request: jsonBody(twilioConfigInputSchema), responses: { 200: json(twilioConfigSchema), ...errorResponses } }),
  validate: createRoute({ ...t, method: 'post', path: '/api/twilio/validate', summary: 'Check an account SID and auth token by fetching the account', request: jsonBody(twilioCredentialsSchema.extend({ apiKeySid: z.string().max(64).nullish(), apiKeySecret: z.string().max(200).nullish() })), responses: { 200: json(credentialCheckSchema), ...errorResponses } }),
  phoneNumbers: createRoute({ ...t, method: 'get', path: '/api/twilio/phone-numbers', summary: 'Ten proposed numbers of an area code', request: { query: storeQuery.extend({ areaCode: areaCodeSchema }) }, responses: { 200: json(z.array(availableNumberSchema)), ...errorResponses, ...conflict } }),
  purchase: createRoute({ ...t, method: 'post', path: '/api/twilio/phone-numbers/purchase', summary: 'Buy a proposed number for the enterprise', request: jsonBody(numberPurchaseSchema), responses: { 200: json(ownedNumberSchema), ...errorResponses, ...conflict } }),
  listAll: createRoute({ ...t, method: 'post', path: '/twilio/list-all-phone-numbers', summary: 'Every number the store’s Twilio account holds', request: jsonBody(storeBody), responses: { 200: json(z.array(z.string())), ...errorResponses, ...conflict } }),
  validateTwilioSms: createRoute({ ...t, method: 'post', path: '/twilio/validate-sms-configuration', summary: 'Check the store’s Twilio SMS account with the carrier', request: jsonBody(storeBody), responses: { 200: json(smsValidationSchema), ...errorResponses, ...conflict } }),
  validateBandwidthSms: createRoute({ ...t, method: 'post', path: '/bandwidth/validate-sms-configuration', summary: 'Check the store’s Bandwidth account with the carrier', request: jsonBody(storeBody), responses: { 200: json(smsValidationSchema), ...errorResponses, ...conflict } }),
  bwSearch: createRoute({ ...t, method: 'post', path: '/api/bandwidth/search', summary: 'Bandwidth: ten available numbers of an area code', request: jsonBody(numberSearchSchema), responses: { 200: json(z.array(availableNumberSchema)), ...errorResponses, ...conflict } }),
  bwOrder: createRoute({ ...t, method: 'post', path: '/api/bandwidth/order', summary: 'Bandwidth: order a number for the enterprise', request: jsonBody(numberPurchaseSchema), responses: { 200: json(ownedNumberSchema), ...errorResponses, ...conflict } }),
  bwUnassigned: createRoute({ ...t, method: 'get', path: '/api/bandwidth/unassigned', summary: 'Bought numbers not assigned to a store', request: { query: z.object({ enterpriseId: idParam }) }, responses: { 200: json(z.array(ownedNumberSchema)), ...errorResponses } }),
  bwGetConfig: createRoute({ ...t, method: 'get', path: '/api/bandwidth/configuration', summary: 'A store’s Bandwidth configuration', request: { query: storeQuery }, responses: { 200: json(bandwidthConfigSchema.nullable()), ...errorResponses } }),
  bwPutConfig: createRoute({ ...t, method: 'put', path: '/api/bandwidth/configuration', summary: 'Save a store’s Bandwidth configuration, checked with the carrier first', request: jsonBody(bandwidthConfigInputSchema), responses: { 200: json(bandwidthConfigSchema.nullable()), ...errorResponses, ...conflict } }),
  bwByAreaCode: createRoute({ ...t, method: 'get', path: '/api/bandwidth/numbers-by-area-code', summary: 'The enterprise’s Bandwidth numbers of an area code', request: { query: z.object({ enterpriseId: idParam, areaCode: areaCodeSchema }) }, responses: { 200: json(z.array(ownedNumberSchema)), ...errorResponses } }),
  bwCreated: createRoute({ ...t, method: 'get', path: '/api/bandwidth/created-numbers', summary: 'Numbers the enterprise ordered from Bandwidth', request: { query: z.object({ enterpriseId: idParam }) }, responses: { 200: json(z.array(ownedNumberSchema)), ...errorResponses } }),
  numbers: createRoute({ ...t, method: 'get', path: '/api/admin/enterprises/{enterpriseId}/phone-numbers', summary: 'Every number the enterprise bought, assigned or not', request: { params: enterpriseParams }, responses: { 200: json(z.array(ownedNumberSchema)), ...errorResponses } }),
  assign: createRoute({ ...t, method: 'post', path: '/api/phone-numbers/assign', summary: 'Assign a bought number to a store and division: it becomes its assistant’s texting number', request: jsonBody(numberAssignSchema), responses: { 200: json(ownedNumberSchema), ...errorResponses } }),
};

/** The telephony calls of operations §7 (admin and telephony), on the product's carrier directory. */
export function telephonyRoutes(deps: ConversationDeps) {
  const d = (c: { var: { sql: TelephonyDeps['sql'] } }): TelephonyDeps => ({ sql: c.var.sql, carrier: deps.carrier });
  return new OpenAPIHono<AppEnv>()
    .openapi(r.accessToken, async (c) => c.json({ accessToken: await accessToken(d(c), c.var.user, c.req.valid('query').storeId) }, 200))
    .openapi(r.chatCheck, async (c) => c.json(await checkChat(d(c), c.var.user, c.req.valid('json').storeId), 200))
    .openapi(r.getConfig, async (c) => {
      const q = c.req.valid('query');
      return c.json(await getTwilioConfig(d(c), c.var.user, q.storeId, q.twilioServiceType), 200);
    })
    .openapi(r.putConfig, async (c) => c.json(await saveTwilioConfig(d(c), c.var.user, c.req.valid('json')), 200))
    .openapi(r.validate, async (c) => c.json(await validateTwilio(d(c), c.var.user, c.req.valid('json')), 200))
    .openapi(r.phoneNumbers, async (c) => c.json(await searchNumbers(d(c), c.var.user, { ...c.req.valid('query'), provider: 'twilio' }), 200))
    .openapi(r.purchase, async (c) => c.json(await purchaseNumber(d(c), c.var.user, { ...c.req.valid('json'), provider: 'twilio' }), 200))
    .openapi(r.listAll, async (c) => c.json(await listAllPhoneNumbers(d(c), c.var.user, c.req.valid('json').storeId), 200))
    .openapi(r.validateTwilioSms, async (c) => c.json(await validateSmsConfiguration(d(c), c.var.user, c.req.valid('json').storeId, 'twilio'), 200))
    .openapi(r.validateBandwidthSms, async (c) => c.json(await validateSmsConfiguration(d(c), c.var.user, c.req.valid('json').storeId, 'bandwidth'), 200))
    .openapi(r.bwSearch, async (c) => c.json(await searchNumbers(d(c), c.var.user, { ...c.req.valid('json'), provider: 'bandwidth' }), 200))
    .openapi(r.bwOrder, async (c) => c.json(await purchaseNumber(d(c), c.var.user, { ...c.req.valid('json'), provider: 'bandwidth' }), 200))
    .openapi(r.bwUnassigned, async (c) => c.json(await listNumbers(c.var.sql, c.var.user, c.req.valid('query').enterpriseId, { unassigned: true }), 200))
    .openapi(r.bwGetConfig, async (c) => c.json(await getBandwidthConfig(d(c), c.var.user, c.req.valid('query').storeId), 200))
    .openapi(r.bwPutConfig, async (c) => c.json(await saveBandwidthConfig(d(c), c.var.user, c.req.valid('json')), 200))
    .openapi(r.bwByAreaCode, async (c) => {
      const q = c.req.valid('query');
      return c.json((await listNumbers(c.var.sql, c.var.user, q.enterpriseId, { areaCode: q.areaCode })).filter((n) => n.provider !== 'twilio'), 200);
    })
    .openapi(r.bwCreated, async (c) => c.json((await listNumbers(c.var.sql, c.var.user, c.req.valid('query').enterpriseId)).filter((n) => n.provider !== 'twilio'), 200))
    .openapi(r.numbers, async (c) => c.json(await listNumbers(c.var.sql, c.var.user, c.req.valid('param').enterpriseId), 200))
    .openapi(r.assign, async (c) => c.json(await assignNumber(d(c), c.var.user, c.req.valid('json')), 200));
}
