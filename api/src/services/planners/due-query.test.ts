import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNER_CODES, isoDayInZone, predictDue, resolvePlanner, type VehicleFacts } from '@drivebay/shared';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../db/testing';
import { seedDemo } from '../../seed/demo';
import { classifiedVehicles } from './due-query';

/**
 * The database's due list must be exactly what the shared rules say, vehicle by vehicle: random
 * vehicles (sales, readings, repair orders at any hour, alerts, marks, open interactions) run
 * through every planner in one statement and through predictDue one by one.
 */
let db: Database;
let storeId: number;
const ZONE = 'America/Los_Angeles';
const PLANNER_DATE = '2026-11-23';

function rng(seed: number) {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return { next, int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}
const day = (base: string, offset: number) => new Date(Date.parse(base) + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.sql);
  const sql = db.sql;
  const [s] = await sql<{ id: number }[]>`
    insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display, address)
    values (1, 'EQ01', 'Equivalence Motors', ${ZONE}, 'Pacific Time (PT)', '9 Pine St, Fresno, CA 93721') returning id`;
  storeId = s!.id;
  const r = rng(7);
  const makes = [['Toyota', 'Camry'], ['Honda', 'CR-V'], ['Honda', 'Fit'], ['Chevrolet', 'Equinox'], ['GMC', 'Sierra']] as const;
  const types = ['OIL_CHANGE_10K', 'OIL_CHANGE_15K', 'SVC_7500', 'STATE_INSPECTION', 'OIL_CHANGE_POST_30_MONTHS', 'CHECK_UP_30D', 'HONDA_SERVICE_PASS', 'FIRST_SERVICE_CHEVROLET', 'OIL_CHANGE_CPO', 'SALES_TITLE'];
  for (let k = 0; k < 240; k++) {
    const [make, model] = r.pick(makes);
    const [c] = await sql<{ id: number }[]>`
      insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, block_sms)
      values (1, ${storeId}, ${`EQ-${k}`}, 'E', ${String(k)}, ${r.next() < 0.1 ? null : `+1559555${String(1000 + k)}`}, ${r.next() < 0.05}) returning id`;
    const [v] = await sql<{ id: number }[]>`insert into service_vehicle (customer_id, vin, make, model, year) values (${c!.id}, ${`EQ${k}`}, ${make}, ${model}, 2022) returning id`;
    const sold = day(PLANNER_DATE, -r.int(0, 1400));
    await sql`insert into sale (store_id, customer_id, service_vehicle_id, sold_date, deal_type) values (${storeId}, ${c!.id}, ${v!.id}, ${sold}, ${r.next() < 0.7 ? 'New' : 'Used'})`;
    let odo = r.int(0, 30);
    for (let n = r.int(0, 3), at = r.int(-5, 20); n > 0; n--, at += r.int(0, 200)) {
      odo += r.int(-50, 9000);
      await sql`insert into odometer_reading (service_vehicle_id, read_on, odometer, alert_code)
        values (${v!.id}, ${day(sold, at)}, ${Math.max(0, odo)}, ${make === 'Toyota' && r.next() < 0.3 ? 'P0420' : null})`;
    }
    for (let n = r.int(0, 2); n > 0; n--) {
      // Any hour of the day: the day a repair order closed is the store's day, not UTC's.
      const closed = new Date(Date.parse(day(sold, r.int(-20, 900))) + r.int(0, 23) * 3_600_000);
      await sql`insert into repair_order (store_id, ro_number, customer_id, service_vehicle_id, status_code, order_key, close_date, service_types)
        values (${storeId}, ${`EQ-RO-${k}-${n}`}, ${c!.id}, ${v!.id}, 'CLOSED', 'a0', ${closed}, ${[r.pick(types)]})`;
    }
    if (r.next() < 0.06) await sql`insert into mark (target, customer_id, intent_type) values ('CUSTOMER', ${c!.id}, 'SMS_OPT_OUT')`;
    if (r.next() < 0.08) await sql`insert into mark (target, service_vehicle_id, intent_type) values ('SERVICE_VEHICLE', ${v!.id}, ${r.pick(['NLO', 'WN', 'DD', 'LD', 'EMP'])})`;
    if (r.next() < 0.06) await sql`insert into future_service_interaction (store_id, company_id, customer_id, service_vehicle_id, service_type, conv_closed) values (${storeId}, 1, ${c!.id}, ${v!.id}, 'OIL_CHANGE', ${r.next() < 0.5})`;
  }
}, 180_000);
afterAll(async () => {
  await db?.close();
});

/** What predictDue is told of a vehicle, read plainly from the tables. */
async function factsOf(vehicleId: number, performedBy: readonly string[]): Promise<VehicleFacts & { id: number }> {
  const sql = db.sql;
  const [v] = await sql<{ make: string; model: string; soldDate: string; dealType: string; cellular: string | null; blockSms: boolean; customerId: number }[]>`
    select sv.make, sv.model, s.sold_date::text as sold_date, s.deal_type, c.cellular, c.block_sms, c.id as customer_id
    from service_vehicle sv join customer c on c.id = sv.customer_id join sale s on s.service_vehicle_id = sv.id where sv.id = ${vehicleId}`;
  const readings = await sql<{ readOn: string; odometer: number; alertCode: string | null }[]>`
    select read_on::text as read_on, odometer, alert_code from odometer_reading where service_vehicle_id = ${vehicleId} order by read_on desc, id desc`;
  const ros = await sql<{ closedAt: Date; roNumber: string; serviceTypes: string[] }[]>`
    select close_date as closed_at, ro_number, service_types from repair_order where service_vehicle_id = ${vehicleId} order by close_date desc`;
  const local = ros.map((ro) => ({ closedOn: isoDayInZone(ro.closedAt, ZONE), roNumber: ro.roNumber, types: ro.serviceTypes }));
  const delivery = [...readings].reverse().find((x) => x.readOn >= v!.soldDate && x.readOn <= day(v!.soldDate, 30)) ?? null;
  const alert = readings.find((x) => x.alertCode) ?? null;
  const [flags] = await sql<{ open: boolean; contacted: boolean; optedOut: boolean; marks: string[] }[]>`
    select exists(select 1 from future_service_interaction where service_vehicle_id = ${vehicleId} and not conv_closed)
        or exists(select 1 from future_service_interaction where customer_id = ${v!.customerId} and conversation_initiated and not conv_closed) as open,
      exists(select 1 from message_instance where customer_id = ${v!.customerId} and direction <> 'RECEIVED'
        and message_type in ('SMS', 'EMAIL') and created_on > now() - interval '7 days') as contacted,
      exists(select 1 from mark where target = 'CUSTOMER' and customer_id = ${v!.customerId} and intent_type = 'SMS_OPT_OUT') as opted_out,
      array(select intent_type from mark where target = 'SERVICE_VEHICLE' and service_vehicle_id = ${vehicleId}) as marks`;
  const matching = local.find((ro) => ro.types.some((t) => performedBy.includes(t)));
  return {
    id: vehicleId,
    make: v!.make,
    model: v!.model,
    soldDate: v!.soldDate,
    dealType: v!.dealType,
    readings: readings.slice(0, 2).map((x) => ({ readOn: x.readOn, odometer: x.odometer })),
    deliveryReading: delivery && { readOn: delivery.readOn, odometer: delivery.odometer },
    lastMatchingService: matching ? { closedOn: matching.closedOn, roNumber: matching.roNumber } : null,
    lastRepairOrder: local[0] ? { closedOn: local[0].closedOn, roNumber: local[0].roNumber } : null,
    latestAlert: alert ? { readOn: alert.readOn, code: alert.alertCode! } : null,
    openInteraction: flags!.open,
    recentlyContacted: flags!.contacted,
    optedOut: flags!.optedOut,
    blocked: v!.blockSms,
    hasMobile: !!v!.cellular,
    marks: flags!.marks,
  };
}

describe('the due list in the database and the shared rules', () => {
  it.each(PLANNER_CODES)('%s: the same vehicles, due dates and reasons', async (code) => {
    const planner = resolvePlanner(code, { state: code === 'STATE_INSPECTION' ? 'NY' : 'CA', enterpriseId: 1 });
    const window = { plannerDate: PLANNER_DATE, minimumDays: -120, maximumDays: 120 };
    const rows = await classifiedVehicles(db.sql, { planner, storeId, zone: ZONE, ...window });
    const fromDb = new Map(rows.map((r) => [Number(r.vehicleId), `${(r.dueDate as Date).toISOString?.().slice(0, 10) ?? r.dueDate} ${r.reason ?? 'DUE'}`]));
    const vehicles = await db.sql<{ id: number }[]>`select sv.id from service_vehicle sv join customer c on c.id = sv.customer_id where c.store_id = ${storeId} order by sv.id`;
    const expected = new Map<number, string>();
    for (const { id } of vehicles) {
      const f = await factsOf(Number(id), planner.performedBy);
      const p = predictDue(planner, f, window);
      if (p.status === 'DUE') expected.set(Number(id), `${p.dueDate} DUE`);
      if (p.status === 'LEFT_OUT') expected.set(Number(id), `${p.dueDate} ${p.reason}`);
    }
    expect(Object.fromEntries(fromDb)).toEqual(Object.fromEntries(expected));
    // Not vacuous: the random vehicles put some of each planner on its list.
    if (!['TOYOTA_ERROR_ALERT', 'CHECK_UP_30D', 'HPOC', 'HOM', '90_DAYS_CPO', '5K_CPO', '0K', 'HONDA_SERVICE_PASS', 'FIRST_SERVICE'].includes(code)) expect(expected.size).toBeGreaterThan(0);
  }, 60_000);
});
