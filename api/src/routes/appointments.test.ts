import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APPOINTMENT_MESSAGES,
  appointmentPageSchema,
  appointmentSchema,
  availabilitySchema,
  bookingResultSchema,
  isoToSearchDate,
  nextIsoDay,
  type Availability,
} from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { MANUAL_APPOINTMENT_BASE } from './appointments';
import { checkDocumented, expectContract } from '../testing/contract';

let h: Harness;
/** What the routes announced to the store's open documents: [storeId, interaction ids]. */
const announced: [number, number[]][] = [];
const tokens: Record<string, string> = {};
const M = MANUAL_APPOINTMENT_BASE;

type Call = { method?: string; token?: string; json?: unknown };
async function call(path: string, { method, token, json }: Call = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const verb = method ?? (json === undefined ? 'GET' : 'POST');
  const res = await h.app.request(path, { method: verb, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  await checkDocumented(h.app, verb, path, res);
  return res;
}

beforeAll(async () => {
  h = await startHarness({ notifier: { interactionsChanged: (storeId, ids) => void announced.push([storeId, ids]) } });
  for (const u of ['office_manager', 'super_admin', 'division_manager']) tokens[u] = await h.login(u);
});
afterAll(async () => {
  await h?.close();
});

/** The store's day (YYYY-MM-DD, office zone) `offset` days from today. */
async function storeDay(storeId: number, offset: number): Promise<string> {
  const [row] = await h.db.sql<{ day: string }[]>`
    select to_char((now() at time zone office_time_zone)::date + ${offset}::int, 'YYYY-MM-DD') as day from store where id = ${storeId}`;
  return row!.day;
}

/** A day ahead with open slots, and its availability. */
async function openDay(storeId: number, from = 2): Promise<Availability> {
  for (let offset = from; offset < from + 10; offset++) {
    const res = await call(`${M}/nlp/availability-without-template`, { token: tokens.super_admin, json: { storeId, date: await storeDay(storeId, offset) } });
    expect(res.status).toBe(200);
    const day = expectContract(availabilitySchema, await res.json());
    if (day.slots.some((s) => s.available && s.booked === 0)) return day;
  }
  throw new Error('no open day ahead');
}

async function conversations(storeId: number, n: number): Promise<number[]> {
  const rows = await h.db.sql<{ id: number }[]>`select id from future_service_interaction where store_id = ${storeId} order by id limit ${n}`;
  return rows.map((r) => r.id);
}

describe('manual booking', () => {
  it('lists services and the day’s slots in the store’s office zone', async () => {
    const services = await call(`${M}/services?storeId=1`, { token: tokens.office_manager });
    expect(services.status).toBe(200);
    expect(((await services.json()) as unknown[]).length).toBeGreaterThan(5);
    const day = await openDay(1);
    expect(day.timeZone).toBe('America/New_York');
    expect(day.slotMinutes).toBe(30);
    // 07:30 to 17:00 in half hours, whatever the zone of the machine running the test.
    expect(day.slots[0]!.localTime).toBe('07:30');
    expect(day.slots.at(-1)!.localTime).toBe('16:30');
    expect(day.slots).toHaveLength(19);
    const first = new Date(day.slots[0]!.startTime);
    const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(first);
    expect(wall).toBe('07:30');
  });

  it('books the last place of a slot once, however many people try at the same moment', async () => {
    const day = await openDay(1, 3);
    const slot = day.slots.find((s) => s.available && s.booked === 0)!;
    await h.db.sql`update store_service_capacity set bays = 1 where store_id = 1`;
    try {
      const fids = await conversations(1, 20);
      const answers = await Promise.all(
        fids.map((fid) =>
          call(`${M}/booking`, { token: tokens.office_manager, json: { storeId: 1, fid, opCode: '01OILZ', startTime: slot.startTime } }),
        ),
      );
      const results = await Promise.all(answers.map(async (r) => ({ status: r.status, body: expectContract(bookingResultSchema, await r.json()) })));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const won = results.filter((r) => r.body.success);
      expect(won).toHaveLength(1);
      expect(won[0]!.body.message).toBe(APPOINTMENT_MESSAGES.booked);
      const lost = results.filter((r) => !r.body.success);
      expect(lost).toHaveLength(19);
      expect(new Set(lost.map((r) => r.body.message))).toEqual(new Set([APPOINTMENT_MESSAGES.slotTaken]));
      expect(lost.every((r) => r.body.returnCode === 'FAILURE')).toBe(true);
      const [count] = await h.db.sql<{ n: number }[]>`
        select count(*)::int as n from appointment where store_id = 1 and start_date = ${slot.startTime} and appt_status = 'BOOKED'`;
      expect(count!.n).toBe(1);

      const after = expectContract(availabilitySchema, await (await call(`${M}/nlp/availability-without-template`, { token: tokens.office_manager, json: { storeId: 1, date: day.date } })).json());
      expect(after.slots.find((s) => s.startTime === slot.startTime)).toMatchObject({ booked: 1, capacity: 1, available: false });
    } finally {
      await h.db.sql`update store_service_capacity set bays = 3 where store_id = 1`;
    }
  });

  it('fills a slot to its bays and no further through POST /api/appointment too', async () => {
    const day = await openDay(2);
    const slot = day.slots.find((s) => s.available && s.booked === 0)!;
    const fids = await conversations(2, 8);
    const answers = await Promise.all(
      fids.map((fid) =>
        call('/api/appointment', { token: tokens.super_admin, json: { storeId: 2, futureServiceInteractionId: fid, startDate: slot.startTime, opCodes: ['03MPI'] } }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({ code: 'CONFLICT', message: APPOINTMENT_MESSAGES.slotTaken });
  });

  it('refuses times that are not slots or have passed, and unknown services', async () => {
    const [fid] = await conversations(1, 1);
    const day = await openDay(1);
    const offGrid = new Date(new Date(day.slots[0]!.startTime).getTime() + 7 * 60_000).toISOString();
    const res = await call(`${M}/booking`, { token: tokens.office_manager, json: { storeId: 1, fid, opCode: '01OILZ', startTime: offGrid } });
    expect(expectContract(bookingResultSchema, await res.json())).toMatchObject({ success: false, message: 'The service drive does not take appointments at this time' });
    const past = await call(`${M}/booking`, { token: tokens.office_manager, json: { storeId: 1, fid, opCode: '01OILZ', startTime: '2020-01-06T15:00:00Z' } });
    expect(expectContract(bookingResultSchema, await past.json()).success).toBe(false);
    const unknown = await call(`${M}/booking`, { token: tokens.office_manager, json: { storeId: 1, fid, opCode: 'NOPE', startTime: day.slots[0]!.startTime } });
    expect(unknown.status).toBe(400);
  });

  it('cancels a conversation’s booking and frees its place', async () => {
    const day = await openDay(1, 4);
    const slot = day.slots.find((s) => s.available && s.booked === 0)!;
    const [, fid] = await conversations(1, 2);
    const booked = bookingResultSchema.parse(
      await (await call(`${M}/booking`, { token: tokens.office_manager, json: { storeId: 1, fid, opCode: '02ROTATE', startTime: slot.startTime, transportType: 'WAITER' } })).json(),
    );
    expect(booked.success).toBe(true);
    // The conversation's inbox row and the store's board are told at once.
    expect(announced.at(-1)).toEqual([1, [fid]]);
    const [fsi] = await h.db.sql`select appointment_set, manual_booking from future_service_interaction where id = ${fid!}`;
    expect(fsi).toMatchObject({ appointmentSet: true, manualBooking: true });

    const list = expectContract(z.array(appointmentSchema), await (await call(`${M}/booked-appts?storeId=1&date=${day.date}`, { token: tokens.office_manager })).json());
    expect(list.map((a) => a.apptId)).toContain(booked.apptId);
    const mine = expectContract(z.array(appointmentSchema), await (await call(`${M}/booked-appts?storeId=1&fid=${fid}`, { token: tokens.office_manager })).json());
    expect(mine.find((a) => a.apptId === booked.apptId)).toMatchObject({ opCodes: ['02ROTATE'], servicePackages: [{ opCode: '02ROTATE', description: 'Tire rotation' }] });

    announced.length = 0;
    const wrong = await call(`${M}/cancellations?fid=${fid! + 1}`, { token: tokens.office_manager, json: { apptId: booked.apptId } });
    expect(wrong.status).toBe(400);
    expect(announced).toEqual([]);
    const cancelled = await call(`${M}/cancellations?fid=${fid}`, { token: tokens.office_manager, json: { apptId: booked.apptId, reason: 'Customer called' } });
    expect(expectContract(bookingResultSchema, await cancelled.json())).toMatchObject({ success: true, message: APPOINTMENT_MESSAGES.cancelled });
    expect(announced.at(-1)).toEqual([1, [fid]]);
    announced.length = 0;
    // A retried cancellation (a flaky connection) is answered the same way and changes nothing.
    const again = await call(`${M}/cancellations?fid=${fid}`, { token: tokens.office_manager, json: { apptId: booked.apptId } });
    expect(expectContract(bookingResultSchema, await again.json())).toMatchObject({ success: true });
    const [row] = await h.db.sql`select appt_status, cancel_reason from appointment where id = ${booked.apptId!}`;
    expect(row).toMatchObject({ apptStatus: 'CANCELLED', cancelReason: 'Customer called' });
    const after = expectContract(availabilitySchema, await (await call(`${M}/nlp/availability-without-template`, { token: tokens.office_manager, json: { storeId: 1, date: day.date } })).json());
    expect(after.slots.find((s) => s.startTime === slot.startTime)?.booked).toBe(0);
  });
});

describe('appointments', () => {
  async function bookOne(storeId = 1, offset = 5) {
    const day = await openDay(storeId, offset);
    const slot = day.slots.find((s) => s.available && s.booked === 0)!;
    const [fid] = await conversations(storeId, 1);
    const res = await call('/api/appointment', { token: tokens.super_admin, json: { storeId, futureServiceInteractionId: fid, startDate: slot.startTime, opCodes: ['01OILZ'] } });
    expect(res.status).toBe(201);
    return { appointment: expectContract(appointmentSchema, await res.json()), day };
  }

  it('moves through statuses and keeps final ones final', async () => {
    const { appointment } = await bookOne();
    const confirm = await call(`/api/appointment/${appointment.apptId}/status/CONFIRMED`, { method: 'PUT', token: tokens.office_manager });
    expect(expectContract(appointmentSchema, await confirm.json()).apptStatus).toBe('CONFIRMED');
    const noShow = await call(`/api/future-service-interaction/workflow/noShow?apptId=${appointment.apptId}`, { method: 'POST', token: tokens.office_manager });
    expect(expectContract(appointmentSchema, await noShow.json()).apptStatus).toBe('NO_SHOW');
    expect(announced.at(-1)).toEqual([appointment.storeId, [appointment.future_service_interaction_id]]);
    const [fsi] = await h.db.sql`select lead_stage, lead_reason from future_service_interaction where id = ${appointment.future_service_interaction_id!}`;
    expect(fsi).toMatchObject({ leadStage: 'SHOW_OR_NO_SHOW', leadReason: 'NO_SHOW' });
    const back = await call(`/api/appointment/${appointment.apptId}/status/BOOKED`, { method: 'PUT', token: tokens.office_manager });
    expect(back.status).toBe(409);
    const bad = await call(`/api/appointment/${appointment.apptId}/status/NOT_A_STATUS`, { method: 'PUT', token: tokens.office_manager });
    expect(bad.status).toBe(400);
  });

  it('searches by day range (DD.MM.YYYY) and text, in every shape the calls take', async () => {
    const { appointment, day } = await bookOne(1, 6);
    const d = isoToSearchDate(day.date);
    const page = appointmentPageSchema.parse(
      await (await call('/api/appointment/search', { token: tokens.office_manager, json: { storeId: 1, startDate: d, endDate: d } })).json(),
    );
    expect(page.content.map((a) => a.apptId)).toContain(appointment.apptId);
    const name = appointment.customer!.lastName;
    const byText = appointmentPageSchema.parse(
      await (await call('/api/service-appointment/search-by-appt-date-and-query', { token: tokens.office_manager, json: { storeId: 1, startDate: d, endDate: d, query: name.toUpperCase() } })).json(),
    );
    expect(byText.content.every((a) => a.customer?.lastName === name)).toBe(true);
    expect(byText.content.map((a) => a.apptId)).toContain(appointment.apptId);
    const byDate = z.array(appointmentSchema).parse(
      await (await call(`/api/future-service-interaction/appointment/search-by-appt-date?store_id_pk=1&startDate=${d}&endDate=${d}`, { token: tokens.office_manager })).json(),
    );
    expect(byDate.map((a) => a.apptId)).toContain(appointment.apptId);
    const byBoc = z.array(appointmentSchema).parse(
      await (await call(`/api/boc/1/store/1/service-appointment/search-by-date?startDate=${d}&endDate=${d}`, { token: tokens.office_manager })).json(),
    );
    expect(byBoc.map((a) => a.apptId)).toContain(appointment.apptId);
    const bridge = expectContract(z.array(appointmentSchema), await (await call(`/api/getAppointmentByStoreIdAndDate/1/${day.date}`, { token: tokens.office_manager })).json());
    expect(bridge.map((a) => a.apptId)).toContain(appointment.apptId);
    const nextDay = isoToSearchDate(nextIsoDay(day.date));
    const none = appointmentPageSchema.parse(
      await (await call('/api/appointment/search', { token: tokens.office_manager, json: { storeId: 1, startDate: nextDay, endDate: nextDay } })).json(),
    );
    expect(none.content.map((a) => a.apptId)).not.toContain(appointment.apptId);

    const wrongFormat = await call(`/api/future-service-interaction/appointment/search-by-appt-date?store_id_pk=1&startDate=${day.date}&endDate=${d}`, { token: tokens.office_manager });
    expect(wrongFormat.status).toBe(400);
    expect((await wrongFormat.json()).details[0].field).toBe('query.startDate');
    const wrongBoc = await call(`/api/boc/2/store/1/service-appointment/search-by-date?startDate=${d}&endDate=${d}`, { token: tokens.office_manager });
    expect(wrongBoc.status).toBe(400);
  });
});

describe('scope', () => {
  it('keeps a store user to their store on every appointment call', async () => {
    const token = tokens.office_manager;
    const [fid] = await conversations(3, 1);
    const [appt] = await h.db.sql<{ id: number }[]>`select id from appointment where store_id = 3 limit 1`;
    const day = await storeDay(3, 3);
    const forbidden: [string, Call][] = [
      [`${M}/services?storeId=3`, { token }],
      [`${M}/nlp/availability-without-template`, { token, json: { storeId: 3, date: day } }],
      [`${M}/booking`, { token, json: { storeId: 3, fid, opCode: '01OILZ', startTime: '2030-01-07T15:00:00Z' } }],
      [`${M}/booked-appts?storeId=3&date=${day}`, { token }],
      [`${M}/cancellations?fid=${fid}`, { token, json: { apptId: appt!.id } }],
      ['/api/appointment', { token, json: { storeId: 3, futureServiceInteractionId: fid, startDate: '2030-01-07T15:00:00Z', opCodes: ['01OILZ'] } }],
      ['/api/appointment/search', { token, json: { storeId: 3 } }],
      [`/api/appointment/${appt!.id}/status/CANCELLED`, { token, method: 'PUT' }],
      [`/api/future-service-interaction/workflow/noShow?apptId=${appt!.id}`, { token, method: 'POST' }],
      ['/api/future-service-interaction/appointment/search-by-appt-date?store_id_pk=3&startDate=01.01.2026&endDate=31.12.2026', { token }],
      ['/api/service-appointment/search-by-appt-date-and-query', { token, json: { storeId: 3, startDate: '01.01.2026', endDate: '31.12.2026' } }],
      ['/api/boc/2/store/3/service-appointment/search-by-date?startDate=01.01.2026&endDate=31.12.2026', { token }],
      [`/api/getAppointmentByStoreIdAndDate/3/${day}`, { token }],
    ];
    for (const [path, init] of forbidden) {
      const res = await call(path, init);
      expect(res.status, path).toBe(403);
      expect((await res.json()).code, path).toBe('FORBIDDEN');
    }
    const [status] = await h.db.sql`select appt_status from appointment where id = ${appt!.id}`;
    expect(status!.apptStatus).not.toBe('CANCELLED');
  });

  it('needs a session', async () => {
    for (const path of [`${M}/services?storeId=1`, '/api/getAllStores']) expect((await call(path)).status).toBe(401);
  });
});
