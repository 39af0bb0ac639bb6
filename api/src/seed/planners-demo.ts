import { PLANNER_CODES, dayFromNumber, dayNumber, isoDayInZone, plannerServiceType, resolvePlanner, stateOfAddress, type PlannerCode } from '@drivebay/shared';
import type { Sql } from '../db/database';

const GM_MODELS: Record<string, string> = { chevrolet: 'Equinox', gmc: 'Sierra', buick: 'Enclave' };
const MODELS: Record<string, string[]> = { Toyota: ['Camry', 'RAV4', 'Corolla', 'Highlander'], Honda: ['Civic', 'CR-V', 'Accord', 'Pilot'] };
const FIRST = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Quinn', 'Reese', 'Skyler', 'Rowan', 'Emerson', 'Hayden', 'Parker'];
const LAST = ['Bennett', 'Castillo', 'Dawson', 'Ellis', 'Foster', 'Grant', 'Hayes', 'Ingram', 'Jensen', 'Keller', 'Lambert', 'Mercer'];
/** Per planner and store: due vehicles (time, and one by mileage where the planner has a mileage rule) and left-out ones. */
const DUE_PER_PLANNER = 4;
const LEFT_OUT = ['OPTED_OUT', 'NO_MOBILE', 'SERVICE_PERFORMED'] as const;

const cap = (s: string) => (s === 'gmc' ? 'GMC' : s.charAt(0).toUpperCase() + s.slice(1));

/**
 * Planner demo data: for every store and every planner tab, vehicles whose service falls due
 * around the demo date (by time, and by mileage from their own odometer history), and a few the
 * planner leaves out (opted out, no mobile number, service already done in a closed repair
 * order). Every demo vehicle also gets its odometer as a reading on its last service date.
 */
export async function seedPlannerDemo(sql: Sql, now: Date): Promise<void> {
  await sql`insert into odometer_reading (service_vehicle_id, read_on, odometer, source)
    select id, last_service_date, odometer, 'RO' from service_vehicle where odometer is not null and last_service_date is not null`;
  const stores = await sql<{ id: number; bocId: number; code: string; zone: string; address: string | null; brand: string | null; enterpriseId: number; areaCodes: string[] }[]>`
    select s.id, s.boc_id, s.store_code as code, s.office_time_zone as zone, s.address, s.brand, b.enterprise_id,
      array(select distinct substr(cellular, 3, 3) from customer where store_id = s.id and cellular is not null order by 1) as area_codes
    from store s join boc b on b.id = s.boc_id order by s.id`;
  for (const store of stores) {
    const today = dayNumber(isoDayInZone(now, store.zone));
    const customers: Record<string, unknown>[] = [];
    const plans: { code: PlannerCode; make: string; model: string; sold: number; dealType: string; readings: [number, number][]; alert: number | null; ro: { day: number; types: string[] } | null; optedOut: boolean }[] = [];
    let n = 0;
    for (const code of PLANNER_CODES) {
      const p = resolvePlanner(code, { state: stateOfAddress(store.address), enterpriseId: Number(store.enterpriseId) });
      if (p.firstDays === null) continue;
      const makeKey = p.makes?.[0] ?? (store.brand ?? 'Toyota').toLowerCase();
      const make = cap(makeKey);
      const model = p.models?.[0] ?? GM_MODELS[makeKey] ?? MODELS[make]?.[n % 4] ?? 'Camry';
      const dealType = p.dealTypes?.[0] ?? 'New';
      for (let k = 0; k < DUE_PER_PLANNER + LEFT_OUT.length; k++, n++) {
        const leftOut = k >= DUE_PER_PLANNER ? LEFT_OUT[k - DUE_PER_PLANNER]! : null;
        const offset = Math.min(p.defaultWindow.maximumDays, Math.max(p.defaultWindow.minimumDays, ((k * 5) % 21) - 10));
        // By mileage: a vehicle driven 30 miles a day reaches the planner's mileage before its time.
        const byMileage = k === 0 && p.dueMiles !== null;
        const rate = byMileage ? 30 : 12;
        let sold = byMileage ? today - Math.ceil(p.dueMiles! / rate) + offset : today - p.firstDays + offset;
        // Sold at least two days ago, so work done since (a closed repair order) is never dated today:
        // the board shows today's closed orders.
        sold = Math.min(sold, today - 2);
        let ro: { day: number; types: string[] } | null = null;
        let alert: number | null = null;
        if (p.anchor === 'LAST_RO') {
          sold = today - 400 - k;
          ro = { day: today - p.firstDays + offset, types: ['OIL_CHANGE'] };
        }
        if (p.anchor === 'ALERT') {
          sold = today - 500 - k;
          alert = today - (k % 10);
        }
        if (leftOut === 'SERVICE_PERFORMED') ro = { day: p.anchor === 'ALERT' ? today - 1 : Math.min(today - 1, Math.max(sold + 1, today - 20)), types: [plannerServiceType(p, make)] };
        const delivery = dealType === 'New' ? 5 : 24_000 + k * 1000;
        const readings: [number, number][] = [[Math.min(sold + 3, today), delivery]];
        if (today - 12 > sold + 3) readings.push([today - 12, delivery + rate * (today - 12 - sold - 3)]);
        const areas = store.areaCodes.length ? store.areaCodes : ['212'];
        // Demo customers use 555-0110..0199 of each area code; these take 555-0200 and on (always
        // ten digits, never another customer's number).
        const phone = leftOut === 'NO_MOBILE' ? null : `+1${areas[n % areas.length]}555${String(200 + Math.floor(n / areas.length)).padStart(4, '0')}`;
        customers.push({
          boc_id: store.bocId,
          store_id: store.id,
          custno: `${store.code}-P${String(n + 1).padStart(3, '0')}`,
          first_name: FIRST[n % FIRST.length],
          last_name: LAST[(n * 7 + 3) % LAST.length],
          cellular: phone,
          email: null,
          time_zone: store.zone,
          block_sms: leftOut === 'OPTED_OUT',
        });
        plans.push({ code, make, model, sold, dealType, readings, alert, ro, optedOut: leftOut === 'OPTED_OUT' });
      }
    }
    if (!customers.length) continue;
    const custRows = await sql<{ id: number }[]>`insert into customer ${sql(customers as never)} returning id`;
    const vehRows = await sql<{ id: number }[]>`insert into service_vehicle ${sql(
      plans.map((pl, i) => ({
        customer_id: custRows[i]!.id,
        vin: `DBPLN${store.code}${String(i).padStart(7, '0')}`.slice(0, 17),
        make: pl.make,
        model: pl.model,
        year: Number(dayFromNumber(pl.sold).slice(0, 4)),
        odometer: pl.readings.at(-1)![1],
        last_service_date: pl.ro ? dayFromNumber(pl.ro.day) : null,
      })) as never,
    )} returning id`;
    await sql`insert into sale ${sql(
      plans.map((pl, i) => ({ store_id: store.id, customer_id: custRows[i]!.id, service_vehicle_id: vehRows[i]!.id, sold_date: dayFromNumber(pl.sold), deal_type: pl.dealType })) as never,
    )}`;
    const readings = plans.flatMap((pl, i) => [
      ...pl.readings.map(([d, odo]) => ({ service_vehicle_id: vehRows[i]!.id, read_on: dayFromNumber(d), odometer: odo, source: 'RO', alert_code: null as string | null })),
      ...(pl.alert === null ? [] : [{ service_vehicle_id: vehRows[i]!.id, read_on: dayFromNumber(pl.alert), odometer: pl.readings.at(-1)![1] + 40, source: 'CONNECTED_VEHICLE', alert_code: 'P0171' }]),
    ]);
    await sql`insert into odometer_reading ${sql(readings as never)}`;
    const ros = plans.flatMap((pl, i) =>
      pl.ro
        ? [{
            store_id: store.id,
            ro_number: `${store.code}-PL${String(i + 1).padStart(4, '0')}`,
            customer_id: custRows[i]!.id,
            service_vehicle_id: vehRows[i]!.id,
            status_code: 'CLOSED',
            order_key: `a${i}`,
            open_date: new Date(`${dayFromNumber(pl.ro.day)}T14:00:00Z`),
            close_date: new Date(`${dayFromNumber(pl.ro.day)}T18:00:00Z`),
            service_types: pl.ro.types,
          }]
        : [],
    );
    if (ros.length) await sql`insert into repair_order ${sql(ros as never)}`;
    const optedOut = plans.flatMap((pl, i) => (pl.optedOut ? [{ target: 'CUSTOMER', customer_id: custRows[i]!.id, intent_type: 'SMS_OPT_OUT', value: 'true' }] : []));
    if (optedOut.length) await sql`insert into mark ${sql(optedOut as never)}`;
  }
}
