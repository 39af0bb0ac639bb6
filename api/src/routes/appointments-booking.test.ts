import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, SMS_OPT_OUT_MARK, appointmentSchema, availabilitySchema, bookingResultSchema, type Availability } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { checkDocumented, expectContract } from '../testing/contract';
import { MANUAL_APPOINTMENT_BASE as M } from './appointments';

let h: Harness;
let token: string;

async function call(path: string, o: { method?: string; json?: unknown; auth?: string } = {}): Promise<Response> {
  const verb = o.method ?? (o.json === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { authorization: `Bearer ${o.auth ?? token}` };
  if (o.json !== undefined) headers['content-type'] = 'application/json';
  const res = await h.app.request(path, { method: verb, headers, body: o.json === undefined ? undefined : JSON.stringify(o.json) });
  await checkDocumented(h.app, verb, path, res);
  return res;
}

beforeAll(async () => {
  h = await startHarness();
  token = await h.login('office_manager');
});
afterAll(async () => {
  await h?.close();
});

async function freeSlots(offset: number): Promise<{ day: Availability; starts: string[] }> {
  for (let d = offset; d < offset + 10; d++) {
    const [row] = await h.db.sql<{ day: string }[]>`
      select to_char((now() at time zone office_time_zone)::date + ${d}::int, 'YYYY-MM-DD') as day from store where id = 1`;
    const day = expectContract(availabilitySchema, await (await call(`${M}/nlp/availability-without-template`, { json: { storeId: 1, date: row!.day } })).json());
    const starts = day.slots.filter((s) => s.available && s.booked === 0).map((s) => s.startTime);
    if (starts.length >= 3) return { day, starts };
  }
  throw new Error('no open day ahead');
}

/** A store-1 conversation whose customer can be texted (a mobile number, no opt-out), and one of the same customer and vehicle. */
async function textableConversation(): Promise<{ fid: number; customerId: number; cellular: string }> {
  const [row] = await h.db.sql<{ fid: number; customerId: number; cellular: string }[]>`
    select f.id as fid, c.id as customer_id, c.cellular from future_service_interaction f join customer c on c.id = f.customer_id
    where f.store_id = 1 and c.cellular is not null and not c.block_sms
      and not exists (select 1 from mark k where k.customer_id = c.id and k.intent_type = ${SMS_OPT_OUT_MARK})
      and not exists (select 1 from appointment a where a.customer_id = c.id)
    order by f.id limit 1`;
  return row!;
}

const messagesOf = (fid: number) =>
  h.db.sql<{ id: number; messageType: string; content: string; startTime: Date | null; appointmentId: number | null; queued: boolean }[]>`
    select m.id, m.message_type, m.content, m.start_time, m.appointment_id,
      exists(select 1 from message_outbox o where o.message_instance_id = m.id) as queued
    from message_instance m where m.future_service_interaction_id = ${fid} order by m.id`;

describe('a manual booking', () => {
  it('writes its calendar card into the conversation and queues a confirmation text through the outbox', async () => {
    const { fid, cellular } = await textableConversation();
    const before = (await messagesOf(fid)).length;
    const { starts } = await freeSlots(3);
    const res = await call(`${M}/booking`, { json: { storeId: 1, fid, opCode: '01OILZ', startTime: starts[0] } });
    const booked = expectContract(bookingResultSchema, await res.json());
    expect(booked).toMatchObject({ success: true, message: APPOINTMENT_MESSAGES.booked });
    const added = (await messagesOf(fid)).slice(before);
    expect(added.map((m) => m.messageType)).toEqual(['CALENDAR_INVITE', 'SMS']);
    expect(added[0]).toMatchObject({ appointmentId: booked.apptId, queued: false });
    expect(added[0]!.startTime!.toISOString()).toBe(starts[0]);
    expect(added[1]!.queued).toBe(true);
    expect(added[1]!.content).toMatch(/is booked for .+ at \d{1,2}:\d{2} (AM|PM)/);
    const [sms] = await h.db.sql<{ toAddress: string }[]>`select to_address from message_instance where id = ${added[1]!.id}`;
    expect(sms!.toAddress).toBe(cellular);
  });

  it('texts nobody who opted out, and still writes the card', async () => {
    const { fid, customerId } = await textableConversation();
    await h.db.sql`update customer set block_sms = true where id = ${customerId}`;
    const before = (await messagesOf(fid)).length;
    const { starts } = await freeSlots(4);
    const booked = expectContract(bookingResultSchema, await (await call(`${M}/booking`, { json: { storeId: 1, fid, opCode: '01OILZ', startTime: starts[0] } })).json());
    expect(booked.success).toBe(true);
    expect((await messagesOf(fid)).slice(before).map((m) => m.messageType)).toEqual(['CALENDAR_INVITE']);
  });

  it('refuses the same customer, vehicle and slot twice with a clear message, and writes nothing more', async () => {
    const { fid } = await textableConversation();
    const { starts } = await freeSlots(5);
    const first = expectContract(bookingResultSchema, await (await call(`${M}/booking`, { json: { storeId: 1, fid, opCode: '01OILZ', startTime: starts[0] } })).json());
    expect(first.success).toBe(true);
    const after = (await messagesOf(fid)).length;
    // A double tap, or a colleague booking the same car at once: one of them gets it.
    const again = await Promise.all(
      [0, 1].map(async () => expectContract(bookingResultSchema, await (await call(`${M}/booking`, { json: { storeId: 1, fid, opCode: '02ROTATE', startTime: starts[0] } })).json())),
    );
    for (const r of again) expect(r).toMatchObject({ success: false, returnCode: 'FAILURE', message: APPOINTMENT_MESSAGES.alreadyBooked, apptId: null });
    expect((await messagesOf(fid)).length).toBe(after);
    const [n] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from appointment where future_service_interaction_id = ${fid} and start_date = ${starts[0]!}`;
    expect(n!.n).toBe(1);
    // The same refusal through POST /api/appointment, as a 409 in the error shape.
    const direct = await call('/api/appointment', { json: { storeId: 1, futureServiceInteractionId: fid, startDate: starts[0], opCodes: ['01OILZ'] } });
    expect(direct.status).toBe(409);
    expect(await direct.json()).toMatchObject({ code: 'CONFLICT', message: APPOINTMENT_MESSAGES.alreadyBooked });
  });
});

describe('rescheduling', () => {
  it('moves an appointment to a free slot, frees the old one and tells the customer', async () => {
    const { fid } = await textableConversation();
    const { day, starts } = await freeSlots(6);
    const booked = expectContract(bookingResultSchema, await (await call(`${M}/booking`, { json: { storeId: 1, fid, opCode: '01OILZ', startTime: starts[0] } })).json());
    const before = (await messagesOf(fid)).length;
    const res = await call(`/api/appointment/${booked.apptId}/reschedule`, { method: 'PUT', json: { startTime: starts[1] } });
    expect(res.status).toBe(200);
    const moved = expectContract(appointmentSchema, await res.json());
    expect(moved.startDate).toBe(starts[1]);
    const added = (await messagesOf(fid)).slice(before);
    expect(added.map((m) => m.messageType)).toEqual(['CALENDAR_INVITE', 'SMS']);
    expect(added[1]!.content).toMatch(/has moved to/);
    const after = expectContract(availabilitySchema, await (await call(`${M}/nlp/availability-without-template`, { json: { storeId: 1, date: day.date } })).json());
    expect(after.slots.find((s) => s.startTime === starts[0])!.booked).toBe(0);
    expect(after.slots.find((s) => s.startTime === starts[1])!.booked).toBe(1);
    // The same move again changes nothing and texts nobody.
    const again = await call(`/api/appointment/${booked.apptId}/reschedule`, { method: 'PUT', json: { startTime: starts[1] } });
    expect(again.status).toBe(200);
    expect((await messagesOf(fid)).length).toBe(before + 2);
  });

  it('refuses a full slot, a past time, a cancelled appointment and bad input with 4xx', async () => {
    const { fid } = await textableConversation();
    const { starts } = await freeSlots(7);
    const booked = expectContract(bookingResultSchema, await (await call(`${M}/booking`, { json: { storeId: 1, fid, opCode: '01OILZ', startTime: starts[0] } })).json());
    await h.db.sql`update store_service_capacity set bays = 1 where store_id = 1`;
    try {
      const other = await h.db.sql<{ id: number }[]>`select id from future_service_interaction where store_id = 1 and id <> ${fid} order by id desc limit 1`;
      const taken = expectContract(bookingResultSchema, await (await call(`${M}/booking`, { json: { storeId: 1, fid: other[0]!.id, opCode: '01OILZ', startTime: starts[1] } })).json());
      expect(taken.success).toBe(true);
      const full = await call(`/api/appointment/${booked.apptId}/reschedule`, { method: 'PUT', json: { startTime: starts[1] } });
      expect(full.status).toBe(409);
      expect(await full.json()).toMatchObject({ code: 'CONFLICT', message: APPOINTMENT_MESSAGES.slotTaken });
    } finally {
      await h.db.sql`update store_service_capacity set bays = 3 where store_id = 1`;
    }
    const past = await call(`/api/appointment/${booked.apptId}/reschedule`, { method: 'PUT', json: { startTime: '2020-01-06T15:00:00Z' } });
    expect(past.status).toBe(400);
    const bad = await call(`/api/appointment/${booked.apptId}/reschedule`, { method: 'PUT', json: { startTime: 'tomorrow' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].field).toBe('body.startTime');
    await call(`/api/appointment/${booked.apptId}/status/CANCELLED`, { method: 'PUT' });
    const cancelled = await call(`/api/appointment/${booked.apptId}/reschedule`, { method: 'PUT', json: { startTime: starts[2] } });
    expect(cancelled.status).toBe(409);
    const [row] = await h.db.sql<{ startDate: Date }[]>`select start_date from appointment where id = ${booked.apptId!}`;
    expect(row!.startDate.toISOString()).toBe(starts[0]);
  });

  it('keeps a store user to their store', async () => {
    const [appt] = await h.db.sql<{ id: number }[]>`select id from appointment where store_id = 3 limit 1`;
    const res = await call(`/api/appointment/${appt!.id}/reschedule`, { method: 'PUT', json: { startTime: '2030-01-07T15:00:00Z' } });
    expect(res.status).toBe(403);
  });
});
