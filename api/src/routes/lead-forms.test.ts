import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LEAD_MESSAGE,
  LEAD_CONSENT_TEXT,
  LEAD_CONSENT_VERSION,
  LEAD_FORM_TEXT,
  LEAD_LIMITS,
  leadFormConfigSchema,
  leadSubmissionResultSchema,
} from '@drivebay/shared';
import { STORE_1_ASSISTANT, startEntryPointsHarness } from '../services/landing/testing';
import { testPhone, waitFor, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';

let h: ConversationHarness;
let address = 0;

beforeAll(async () => {
  h = await startEntryPointsHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A fresh client address per test, so the per-address limit only counts what a test means it to. */
const freshAddress = () => `198.51.100.${++address}`;

function submit(body: Record<string, unknown>, ip = freshAddress()) {
  return h.app.request('/api/lisa/appointment', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': 'LeadFormTest/1.0' },
    body: JSON.stringify(body),
  });
}

const lead = (phone: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Whitfield',
  customerPhoneNumber: phone,
  storePhoneNumber: STORE_1_ASSISTANT,
  message: `${DEFAULT_LEAD_MESSAGE} My name is Dana Whitfield.`,
  consentText: LEAD_CONSENT_TEXT,
  consentVersion: LEAD_CONSENT_VERSION,
  ...extra,
});

const smsTo = (phone: string) => h.submissions.filter((s) => s.to === phone);

describe('GET /api/lead-forms/{form}', () => {
  it('gives each brand form its store number and the consent it shows', async () => {
    const res = await h.call('/api/lead-forms/toyota');
    expect(res.status).toBe(200);
    const config = expectContract(leadFormConfigSchema, await res.json());
    expect(config).toMatchObject({ form: 'toyota', brandName: 'Toyota', storeName: 'Metro Toyota of Brooklyn', storePhoneNumber: STORE_1_ASSISTANT });
    expect(config.consentText).toBe(LEAD_CONSENT_TEXT);
    for (const form of ['generic', 'nissan', 'subaru', 'mazda', 'bmw', 'chevrolet']) {
      const other = expectContract(leadFormConfigSchema, await (await h.call(`/api/lead-forms/${form}`)).json());
      expect(other.storeName).not.toBeNull();
    }
    expect((await h.call('/api/lead-forms/ferrari')).status).toBe(404);
  });
});

describe('the dealer logo on the lead forms', () => {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  it('is offered by the form once the store’s enterprise has one, as a cached public image', async () => {
    const [e] = await h.db.sql<{ id: number; name: string }[]>`
      select e.id, e.name from lead_form f join assistant a on a.agent_phone_number = f.store_phone_number
        join store s on s.id = a.store_id join boc b on b.id = s.boc_id join enterprise e on e.id = b.enterprise_id
      where f.form = 'toyota'`;
    const before = expectContract(leadFormConfigSchema, await (await h.call('/api/lead-forms/toyota')).json());
    expect(before).toMatchObject({ dealerLogoUrl: null });
    expect((await h.call(`/api/public/enterprise/${e!.id}/logo`)).status).toBe(404);
    await h.db.sql`update enterprise set logo = ${png}, logo_type = 'image/png' where id = ${e!.id}`;
    try {
      const config = expectContract(leadFormConfigSchema, await (await h.call('/api/lead-forms/toyota')).json());
      expect(config.dealerName).toBe(e!.name);
      expect(config.dealerLogoUrl).toMatch(new RegExp(`^/api/public/enterprise/${e!.id}/logo\\?v=[0-9a-f]{12}$`));
      const image = await h.call(config.dealerLogoUrl!);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(png);
      const again = await h.app.request(config.dealerLogoUrl!, { headers: { 'if-none-match': image.headers.get('etag')! } });
      expect(again.status).toBe(304);
      // A new image is a new address: the old version is never served as the new one.
      await h.db.sql`update enterprise set logo = ${Buffer.concat([Buffer.from(png, 'base64'), Buffer.from([0])]).toString('base64')} where id = ${e!.id}`;
      const changed = expectContract(leadFormConfigSchema, await (await h.call('/api/lead-forms/toyota')).json());
      expect(changed.dealerLogoUrl).not.toBe(config.dealerLogoUrl);
    } finally {
      await h.db.sql`update enterprise set logo = null, logo_type = null where id = ${e!.id}`;
    }
  });

  it('refuses a malformed enterprise id naming the field', async () => {
    const res = await h.call('/api/public/enterprise/abc/logo');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: { field: string }[] }).details[0]!.field).toContain('enterpriseId');
  });
});

describe('POST /api/lisa/appointment', () => {
  it('refuses missing or invalid fields with the form’s own messages', async () => {
    const res = await submit({ firstName: ' ', lastName: '', customerPhoneNumber: '', storePhoneNumber: STORE_1_ASSISTANT });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; details: { field: string; message: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'body.firstName', message: 'First name is required' },
        { field: 'body.lastName', message: 'Last name is required' },
        { field: 'body.customerPhoneNumber', message: 'Phone is required' },
      ]),
    );
    for (const phone of ['555-CALL-NOW', '+1718555011', '12345']) {
      const bad = (await (await submit(lead(phone))).json()) as { details: { field: string; message: string }[] };
      expect(bad.details).toContainEqual({ field: 'body.customerPhoneNumber', message: 'Invalid Number' });
    }
  });

  it('creates the customer and the conversation, keeps the consent evidence and texts the booking invitation once', async () => {
    const phone = testPhone();
    const res = await submit(lead(phone), '203.0.113.7');
    expect(res.status).toBe(200);
    const result = expectContract(leadSubmissionResultSchema, await res.json());
    expect(result).toMatchObject({ status: 'success', texted: true, duplicate: false, reason: null });

    const [row] = await h.db.sql<
      { customerId: number; futureServiceInteractionId: number; consentText: string; consentVersion: string; clientIp: string; userAgent: string; storeId: number }[]
    >`select * from lead_submission where id = ${result.submissionId!}`;
    expect(row).toMatchObject({ storeId: 1, consentText: LEAD_CONSENT_TEXT, consentVersion: LEAD_CONSENT_VERSION, clientIp: '203.0.113.7', userAgent: 'LeadFormTest/1.0' });
    const [customer] = await h.db.sql<{ firstName: string; lastName: string; cellular: string; storeId: number }[]>`
      select first_name, last_name, cellular, store_id from customer where id = ${row!.customerId}`;
    expect(customer).toEqual({ firstName: 'Dana', lastName: 'Whitfield', cellular: phone, storeId: 1 });
    const [fsi] = await h.db.sql<{ source: string | null }[]>`
      select metadata->>'source' as source from future_service_interaction where id = ${row!.futureServiceInteractionId}`;
    expect(fsi!.source).toBe('LEAD_FORM');

    const thread = await h.db.sql<{ direction: string; content: string; messageSentBy: string | null }[]>`
      select direction, content, message_sent_by from message_instance where future_service_interaction_id = ${row!.futureServiceInteractionId} order by id`;
    expect(thread.map((m) => m.direction)).toEqual(['RECEIVED', 'SEND']);
    expect(thread[0]).toMatchObject({ content: `${DEFAULT_LEAD_MESSAGE} My name is Dana Whitfield.`, messageSentBy: 'Lead form' });

    // The invitation goes out through the outbox to the carrier, from the store's assistant number.
    const sent = await waitFor(async () => smsTo(phone)[0], 5000, 'the booking text');
    expect(sent.from).toBe(STORE_1_ASSISTANT);
    expect(sent.body).toMatch(/^Hi Dana, this is Ava with Metro Toyota of Brooklyn\./);
    await new Promise((r) => setTimeout(r, 300));
    expect(smsTo(phone)).toHaveLength(1);
  });

  it('answers an immediate second submit with the first result and writes nothing twice', async () => {
    const phone = testPhone();
    const [a, b] = await Promise.all([submit(lead(phone)), submit(lead(phone))]);
    const first = expectContract(leadSubmissionResultSchema, await a.json());
    const second = expectContract(leadSubmissionResultSchema, await b.json());
    expect(first.submissionId).toBe(second.submissionId);
    expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
    const third = expectContract(leadSubmissionResultSchema, await (await submit(lead(phone))).json());
    expect(third).toMatchObject({ submissionId: first.submissionId, duplicate: true, status: 'success' });

    const [counts] = await h.db.sql<{ leads: number; customers: number }[]>`
      select (select count(*)::int from lead_submission where customer_phone = ${phone}) as leads,
        (select count(*)::int from customer where cellular = ${phone}) as customers`;
    expect(counts).toEqual({ leads: 1, customers: 1 });
    await waitFor(async () => smsTo(phone).length === 1, 5000, 'one text');
    await new Promise((r) => setTimeout(r, 300));
    expect(smsTo(phone)).toHaveLength(1);
  });

  it('matches a customer the store already has, in their open conversation, and keeps their names', async () => {
    const [known] = await h.db.sql<{ id: number; cellular: string; firstName: string; interactionId: number }[]>`
      select c.id, c.cellular, c.first_name, f.id as interaction_id from customer c
      join future_service_interaction f on f.customer_id = c.id and not f.conv_closed
      where c.store_id = 1 and not c.block_sms
        and not exists (select 1 from mark k where k.customer_id = c.id and k.intent_type = 'SMS_OPT_OUT')
      order by c.id limit 1`;
    const result = expectContract(leadSubmissionResultSchema, await (await submit(lead(known!.cellular, { firstName: 'Someone', lastName: 'Else' }))).json());
    expect(result.status).toBe('success');
    const [row] = await h.db.sql<{ customerId: number; futureServiceInteractionId: number }[]>`
      select customer_id, future_service_interaction_id from lead_submission where id = ${result.submissionId!}`;
    expect(row).toEqual({ customerId: known!.id, futureServiceInteractionId: known!.interactionId });
    const [customer] = await h.db.sql<{ firstName: string }[]>`select first_name from customer where id = ${known!.id}`;
    expect(customer!.firstName).toBe(known!.firstName);
  });

  it('keeps the lead of a number that opted out but does not text it', async () => {
    const phone = testPhone();
    const [store] = await h.db.sql<{ bocId: number }[]>`select boc_id from store where id = 1`;
    await h.db.sql`insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, block_sms)
      values (${store!.bocId}, 1, ${`OPT-${phone}`}, 'Opted', 'Out', ${phone}, true)`;
    const result = expectContract(leadSubmissionResultSchema, await (await submit(lead(phone))).json());
    expect(result).toMatchObject({ status: 'success', texted: false, message: LEAD_FORM_TEXT.optedOut });
    const [row] = await h.db.sql<{ outboundMessageId: number | null; inboundMessageId: number | null }[]>`
      select outbound_message_id, inbound_message_id from lead_submission where id = ${result.submissionId!}`;
    expect(row!.outboundMessageId).toBeNull();
    expect(row!.inboundMessageId).not.toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(smsTo(phone)).toHaveLength(0);
  });

  it('keeps a lead for a number no store texts from as failed', async () => {
    const phone = testPhone();
    const result = expectContract(leadSubmissionResultSchema, await (await submit(lead(phone, { storePhoneNumber: '+12025550199' }))).json());
    expect(result).toMatchObject({ status: 'failed', message: 'Lead Failed to Submit', reason: LEAD_FORM_TEXT.unknownStore, texted: false });
    const [row] = await h.db.sql<{ status: string }[]>`select status from lead_submission where id = ${result.submissionId!}`;
    expect(row!.status).toBe('failed');
  });

  it('keeps, as failed and untexted, a lead for a dealership that turned its lead forms off', async () => {
    const phone = testPhone();
    const [e] = await h.db.sql<{ id: number }[]>`select b.enterprise_id as id from store s join boc b on b.id = s.boc_id where s.id = 1`;
    await h.db.sql`update enterprise set lead_form_enabled = false where id = ${e!.id}`;
    try {
      const result = expectContract(leadSubmissionResultSchema, await (await submit(lead(phone))).json());
      expect(result).toMatchObject({ status: 'failed', reason: LEAD_FORM_TEXT.formsOff, texted: false });
      await new Promise((r) => setTimeout(r, 300));
      expect(smsTo(phone)).toHaveLength(0);
    } finally {
      await h.db.sql`update enterprise set lead_form_enabled = true where id = ${e!.id}`;
    }
  });

  it('slows down one address sending many leads (429 with Retry-After)', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < LEAD_LIMITS.perAddress.max; i++) {
      expect((await submit(lead(testPhone()), ip)).status).toBe(200);
    }
    const refused = await submit(lead(testPhone()), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(body.message).toMatch(/^Too many requests from this network\./);
    // Another address is not affected.
    expect((await submit(lead(testPhone()))).status).toBe(200);
  });

  it('slows down one number submitted again and again (outside the double-submit window)', async () => {
    const phone = testPhone();
    for (let i = 0; i < LEAD_LIMITS.perPhone.max; i++) {
      expect((await submit(lead(phone))).status).toBe(200);
      // Older than the double-submit window: each is a new lead, counted against the number.
      await h.db.sql`update lead_submission set created_on = now() - interval '5 minutes' where customer_phone = ${phone}`;
    }
    const refused = await submit(lead(phone));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests for this phone number\./);
  });
});
