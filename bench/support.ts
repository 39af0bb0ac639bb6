// What the benchmarks share: how they name the machine, a seeded generator, and a board to work on.
import { availableParallelism, cpus, totalmem } from 'node:os';
import type { Sql } from '@drivebay/api';
import type { RoStatusCode } from '@drivebay/shared';

/** The lanes people move cards between (not Appointments, not Closed ROs). */
export const WORK_LANES: RoStatusCode[] = ['UNASSIGNED', 'PREASSIGNED', 'ASSIGNED', 'HOLD', 'COMPLETE', 'BOOKED'];

/** The machine, as every entry of RESULTS.md names it. */
export function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${availableParallelism()} CPUs (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
}

/** A small seeded generator (mulberry32), so both runs make the same moves. */
export function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Tops store `storeId`'s open repair orders (every lane but Closed ROs) up to `cards`, spread over
 * the work lanes, so the board shows at least `cards` cards (today's closed orders come on top).
 */
export async function seedBoard(sql: Sql, storeId: number, cards: number, prefix: string): Promise<void> {
  const STORE = storeId;
  const [{ n, open } = { n: 0, open: 0 }] = await sql<{ n: number; open: number }[]>`
    select count(*)::int as n, (count(*) filter (where status_code <> 'CLOSED'))::int as open from repair_order where store_id = ${STORE}`;
  const customers = await sql<{ id: number; vehicle: number }[]>`
    select c.id, v.id as vehicle from customer c join service_vehicle v on v.customer_id = c.id where c.store_id = ${STORE} order by c.id`;
  const advisors = await sql<{ id: number }[]>`select id from service_advisor where store_id = ${STORE} order by id`;
  const rows = [];
  for (let i = n; i < n + cards - open; i++) {
    const c = customers[i % customers.length]!;
    rows.push({
      store_id: STORE,
      ro_number: `${prefix}-${i}`,
      customer_id: c.id,
      service_vehicle_id: c.vehicle,
      advisor_id: advisors[i % advisors.length]!.id,
      status_code: WORK_LANES[i % WORK_LANES.length]!,
      // Distinct keys per lane: 'V' followed by the order number in base 36 (never ends in 0 here).
      order_key: `V${(i + 1).toString(36)}1`,
    });
  }
  for (let i = 0; i < rows.length; i += 200) await sql`insert into repair_order ${sql(rows.slice(i, i + 200) as never)}`;
}

