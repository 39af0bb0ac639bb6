import { AppError, APPOINTMENT_MESSAGES, SLOT_HOLDING_STATUSES, type Availability, type Slot } from '@drivebay/shared';
import type { Sql } from '../../db/database';

// Namespace of the per-slot advisory locks (any constant; it only has to differ from other locks).
const SLOT_LOCK_NAMESPACE = 4_242_101;

type SlotRow = { localTime: string; startTime: Date; endTime: Date; capacity: number; booked: number };

/**
 * The slot grid of one store-day: every slot between opening and closing on an open weekday,
 * generated in the store's office zone by PostgreSQL (so daylight-saving days come out right),
 * with how many active appointments overlap each.
 */
async function slotRows(sql: Sql, storeId: number, day: string): Promise<{ zone: string; slotMinutes: number; rows: SlotRow[] }> {
  const [cap] = await sql<{ zone: string; slotMinutes: number }[]>`
    select s.office_time_zone as zone, c.slot_minutes
    from store s join store_service_capacity c on c.store_id = s.id where s.id = ${storeId}`;
  if (!cap) throw new AppError('NOT_FOUND', `Store ${storeId} takes no appointments`, [{ field: 'storeId', message: 'no service capacity' }]);
  const rows = await sql<SlotRow[]>`
    with cap as (
      select c.*, s.office_time_zone as zone, make_interval(mins => c.slot_minutes) as step
      from store_service_capacity c join store s on s.id = c.store_id where c.store_id = ${storeId}
    ), grid as (
      select to_char(gs, 'HH24:MI') as local_time, gs at time zone cap.zone as start_time,
        (gs + cap.step) at time zone cap.zone as end_time, cap.bays as capacity
      from cap, generate_series(${day}::date + cap.opens_at, ${day}::date + cap.closes_at - cap.step, cap.step) gs
      where extract(isodow from ${day}::date)::int = any(cap.open_days)
    )
    select g.local_time, g.start_time, g.end_time, g.capacity,
      (select count(*)::int from appointment ap
        where ap.store_id = ${storeId} and ap.appt_status = any(${[...SLOT_HOLDING_STATUSES]}::text[])
          and ap.start_date < g.end_time and ap.end_date > g.start_time) as booked
    from grid g order by g.start_time`;
  return { zone: cap.zone, slotMinutes: cap.slotMinutes, rows };
}

/** A store's slots of one day (YYYY-MM-DD in its office zone) with what is still free. */
export async function dayAvailability(sql: Sql, storeId: number, day: string, now = new Date()): Promise<Availability> {
  const { zone, slotMinutes, rows } = await slotRows(sql, storeId, day);
  const slots: Slot[] = rows.map((r) => ({
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    localTime: r.localTime,
    capacity: r.capacity,
    booked: r.booked,
    available: r.booked < r.capacity && r.startTime.getTime() > now.getTime(),
  }));
  return { storeId, date: day, timeZone: zone, slotMinutes, slots };
}

/**
 * Takes one place in the slot starting at `start`, inside the caller's transaction: the slot must
 * exist in the store's grid and lie ahead, and fewer active appointments than the store's bays may
 * overlap it. Bookings of one slot queue on an advisory lock held to the end of the transaction,
 * so the count each one reads already includes every booking committed before it: of two people
 * booking the last place at once, one gets it and the other CONFLICT 'This time is no longer
 * available'. Returns the slot's end, which is the appointment's end.
 */
export async function reserveSlot(tx: Sql, storeId: number, start: Date, now = new Date()): Promise<{ end: Date }> {
  const [where] = await tx<{ day: string }[]>`
    select to_char((${start}::timestamptz at time zone s.office_time_zone)::date, 'YYYY-MM-DD') as day
    from store s where s.id = ${storeId}`;
  if (!where) throw new AppError('NOT_FOUND', `Store ${storeId} does not exist`);
  const { rows } = await slotRows(tx, storeId, where.day);
  const slot = rows.find((r) => r.startTime.getTime() === start.getTime());
  if (!slot) {
    throw new AppError('VALIDATION_FAILED', 'The service drive does not take appointments at this time', [
      { field: 'startTime', message: 'not the start of a slot on an open day' },
    ]);
  }
  if (start.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'This time has already passed', [{ field: 'startTime', message: 'in the past' }]);
  }
  await tx`select pg_advisory_xact_lock(${SLOT_LOCK_NAMESPACE}, hashtext(${`${storeId}/${start.toISOString()}`}))`;
  // A fresh statement after the lock: it sees every booking committed by earlier lock holders.
  const [count] = await tx<{ booked: number }[]>`
    select count(*)::int as booked from appointment
    where store_id = ${storeId} and appt_status = any(${[...SLOT_HOLDING_STATUSES]}::text[])
      and start_date < ${slot.endTime} and end_date > ${slot.startTime}`;
  if ((count?.booked ?? 0) >= slot.capacity) throw new AppError('CONFLICT', APPOINTMENT_MESSAGES.slotTaken);
  return { end: slot.endTime };
}
