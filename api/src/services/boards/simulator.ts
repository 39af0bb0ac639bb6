import type { RoStatusCode } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { borrowJobSystem, type JobSystem } from '../../jobs/job-system';
import { QUEUES } from '../../jobs/queues';
import { feedMove, keyAtLaneEnd, nextRoNumber } from './feed-moves';

/** What the simulated dealer system did in one tick. */
export type FeedEvent = {
  storeId: number;
  roId: number;
  kind: 'pre-opened' | 'opened' | 'moved';
  from: RoStatusCode | null;
  to: RoStatusCode;
};

type FeedLogger = { warn: (obj: object, msg?: string) => void };

export type DealerFeedSimulatorOptions = {
  sql: Sql;
  /** Called after each tick's commit for every store it changed (rebuild that store's board). */
  onChanged: (storeId: number) => void | Promise<void>;
  /** Time between ticks; a tick never overlaps the previous one, in this process or another. */
  intervalMs?: number;
  /** Seed of the generator: the same seed over the same data makes the same choices. */
  seed?: number;
  /** Stores to simulate; every store when absent. */
  storeIds?: readonly number[];
  /** Walk-ins stop while a store has this many open orders, so the board settles around it. */
  maxOpenOrders?: number;
  /** The clock, for tests. */
  now?: () => Date;
  /** Whether to start ticking at once (true) or only when `tick()` is called (false, for tests). */
  autoStart?: boolean;
  /** The process's job system, which runs the ticks; a simulator given none runs one of its own. */
  jobs?: JobSystem | undefined;
  logger?: FeedLogger;
};

export type DealerFeedSimulator = {
  /** Runs one tick now (waiting for a running one first); resolves with what it did. */
  tick: () => Promise<FeedEvent[]>;
  /** Stops ticking and waits for a running tick to finish. */
  stop: () => Promise<void>;
};

export const DEFAULT_FEED_INTERVAL_MS = 15_000;

// Where the drive sends a car next; from Working a car sometimes waits for parts instead.
const NEXT: Partial<Record<RoStatusCode, RoStatusCode>> = {
  UNASSIGNED: 'PREASSIGNED',
  PREASSIGNED: 'ASSIGNED',
  ASSIGNED: 'COMPLETE',
  HOLD: 'ASSIGNED',
  COMPLETE: 'BOOKED',
};

// Any constant; it keeps two API processes from simulating the same store at once.
const FEED_LOCK_NAMESPACE = 4_242_201;

/** A small seeded generator (mulberry32). */
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

type Random = () => number;

/** The start of the store-zone day `offset` days from the one holding `now`, as SQL (`s` is the store). */
const dayStart = (sql: Sql, now: Date, offset: number) =>
  sql`((((${now}::timestamptz at time zone s.office_time_zone)::date) + ${offset}::int)::timestamp at time zone s.office_time_zone)`;

/**
 * One store's day moving on, in one transaction: the dealer system pre-opens an order for each of
 * today's booked appointments, checks the next appointment in, takes a walk-in, moves a car or two
 * to the next lane and closes an order that is ready to post.
 */
async function simulateStore(tx: Sql, storeId: number, random: Random, now: Date, maxOpen: number): Promise<FeedEvent[]> {
  await tx`select pg_advisory_xact_lock(${FEED_LOCK_NAMESPACE}, ${storeId})`;
  const events: FeedEvent[] = [];
  const move = async (roId: number, from: RoStatusCode, to: RoStatusCode) => {
    if (await feedMove(tx, { storeId, roId, from, to, now })) events.push({ storeId, roId, kind: 'moved', from, to });
  };
  const insert = async (o: { lane: RoStatusCode; customerId: number; vehicleId: number | null; advisorId: number | null; appointmentId: number | null; promised: Date }) => {
    const [row] = await tx<{ id: number }[]>`
      insert into repair_order (store_id, ro_number, customer_id, service_vehicle_id, appointment_id, advisor_id, status_code, order_key,
        open_date, promised_date, updated_on)
      values (${storeId}, ${await nextRoNumber(tx, storeId)}, ${o.customerId}, ${o.vehicleId}, ${o.appointmentId}, ${o.advisorId},
        ${o.lane}, ${await keyAtLaneEnd(tx, storeId, o.lane)}, ${now}, ${o.promised}, ${now})
      returning id`;
    return row!.id;
  };
  const advisors = await tx<{ id: number }[]>`select id from service_advisor where store_id = ${storeId} order by id`;
  const anyAdvisor = () => (advisors.length ? advisors[Math.floor(random() * advisors.length)]!.id : null);

  // Today's appointments get their order in the Appointments lane.
  const booked = await tx<{ id: number; customerId: number; serviceVehicleId: number | null; advisorId: number | null; startDate: Date }[]>`
    select ap.id, ap.customer_id, ap.service_vehicle_id, ap.advisor_id, ap.start_date
    from appointment ap join store s on s.id = ap.store_id
    where ap.store_id = ${storeId} and ap.appt_status in ('BOOKED', 'CONFIRMED') and ap.customer_id is not null
      and ap.start_date >= ${dayStart(tx, now, 0)} and ap.start_date < ${dayStart(tx, now, 1)}
      and not exists (select 1 from repair_order ro where ro.appointment_id = ap.id)
    order by ap.start_date, ap.id limit 3`;
  for (const ap of booked) {
    const roId = await insert({
      lane: 'Appt',
      customerId: ap.customerId,
      vehicleId: ap.serviceVehicleId,
      advisorId: ap.advisorId ?? anyAdvisor(),
      appointmentId: ap.id,
      promised: new Date(ap.startDate.getTime() + 3 * 3_600_000),
    });
    events.push({ storeId, roId, kind: 'pre-opened', from: null, to: 'Appt' });
  }

  // The earliest appointment's car arrives.
  if (random() < 0.35) {
    const [next] = await tx<{ id: number }[]>`
      select ro.id from repair_order ro left join appointment ap on ap.id = ro.appointment_id
      where ro.store_id = ${storeId} and ro.status_code = 'Appt' and coalesce(ap.appt_status not in ('CANCELLED', 'NO_SHOW'), true)
      order by ap.start_date nulls last, ro.id limit 1`;
    if (next) await move(next.id, 'Appt', 'UNASSIGNED');
  }

  // A walk-in, while the drive is not full.
  const [open] = await tx<{ n: number }[]>`
    select count(*)::int as n from repair_order where store_id = ${storeId} and status_code not in ('Appt', 'CLOSED')`;
  if ((open?.n ?? 0) < maxOpen && random() < 0.3) {
    const [count] = await tx<{ n: number }[]>`
      select count(*)::int as n from customer c join service_vehicle v on v.customer_id = c.id where c.store_id = ${storeId}`;
    if (count && count.n > 0) {
      const [pick] = await tx<{ customerId: number; vehicleId: number }[]>`
        select c.id as customer_id, v.id as vehicle_id from customer c join service_vehicle v on v.customer_id = c.id
        where c.store_id = ${storeId} order by c.id, v.id offset ${Math.floor(random() * count.n)} limit 1`;
      const roId = await insert({
        lane: 'UNASSIGNED',
        customerId: pick!.customerId,
        vehicleId: pick!.vehicleId,
        advisorId: anyAdvisor(),
        appointmentId: null,
        promised: new Date(now.getTime() + (2 + Math.floor(random() * 5)) * 3_600_000),
      });
      events.push({ storeId, roId, kind: 'opened', from: null, to: 'UNASSIGNED' });
    }
  }

  // A car or two moves on.
  const working = await tx<{ id: number; statusCode: RoStatusCode }[]>`
    select id, status_code from repair_order
    where store_id = ${storeId} and status_code in ('UNASSIGNED', 'PREASSIGNED', 'ASSIGNED', 'HOLD', 'COMPLETE')
    order by id`;
  const steps = working.length ? 1 + Math.floor(random() * 2) : 0;
  for (let i = 0; i < steps && working.length; i++) {
    const [ro] = working.splice(Math.floor(random() * working.length), 1);
    const to = ro!.statusCode === 'ASSIGNED' && random() < 0.15 ? 'HOLD' : NEXT[ro!.statusCode]!;
    await move(ro!.id, ro!.statusCode, to);
  }

  // The longest-waiting order that is ready to post is closed.
  if (random() < 0.5) {
    const [ready] = await tx<{ id: number }[]>`
      select id from repair_order where store_id = ${storeId} and status_code = 'BOOKED' order by updated_on, id limit 1`;
    if (ready) await move(ready.id, 'BOOKED', 'CLOSED');
  }
  return events;
}

/**
 * The dealer system simulated inside the product (the embedded default): over the day it opens
 * repair orders, moves them through the lanes and closes them, writing PostgreSQL as a dealer
 * system's feed would, then calls `onChanged(storeId)` so the store's board document follows.
 */
export function startDealerFeedSimulator(options: DealerFeedSimulatorOptions): DealerFeedSimulator {
  const { sql, onChanged } = options;
  const interval = options.intervalMs ?? DEFAULT_FEED_INTERVAL_MS;
  const random = generator(options.seed ?? 20261121);
  const clock = options.now ?? (() => new Date());
  const maxOpen = options.maxOpenOrders ?? 40;
  let running: Promise<FeedEvent[]> = Promise.resolve([]);
  let stopped = false;

  const runTick = async (): Promise<FeedEvent[]> => {
    const stores = options.storeIds ?? (await sql<{ id: number }[]>`select id from store order by id`).map((s) => s.id);
    const events: FeedEvent[] = [];
    for (const storeId of stores) {
      try {
        const now = clock();
        const done = await sql.begin((tx) => simulateStore(tx as unknown as Sql, storeId, random, now, maxOpen));
        events.push(...done);
        if (done.length) await onChanged(storeId);
      } catch (error) {
        options.logger?.warn({ err: error, storeId }, 'dealer feed tick failed for a store');
      }
    }
    return events;
  };

  const tick = (): Promise<FeedEvent[]> => {
    running = running.then(runTick, runTick);
    return running;
  };

  // Each tick is a job that queues the next one; the queue keeps one waiting tick across every
  // process, so two processes never both run the feed.
  const next = () => jobs!.send(QUEUES.dealerFeedTick, null, { startAfter: new Date(Date.now() + interval), singletonKey: 'next' });
  const borrowed = options.autoStart ?? true ? borrowJobSystem(options.jobs, { sql }) : null;
  const jobs = borrowed?.jobs;
  let stopWork: (() => Promise<void>) | null = null;
  const ready = jobs
    ? (async () => {
        await jobs.start();
        stopWork = await jobs.work(QUEUES.dealerFeedTick, async () => {
          // The next tick is queued even by a process on its way out: another one carries on.
          try {
            return stopped ? null : { events: (await tick()).length };
          } finally {
            await next();
          }
        });
        await next();
      })()
    : Promise.resolve();
  ready.catch((err: unknown) => options.logger?.warn({ err }, 'dealer feed could not start'));

  return {
    tick,
    stop: async () => {
      stopped = true;
      await ready.catch(() => undefined);
      await stopWork?.();
      await running.catch(() => []);
      await borrowed?.release();
    },
  };
}
