import { addDays, instantOf, wallTimeAt } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/**
 * Quiet hours for texts the dealership starts: between 21:00 and 08:00 on the customer's clock
 * nothing goes out unless it answers a customer who wrote within the last day. Carriers and the
 * US telemarketing rules (TCPA, 8 am–9 pm local time) put the line there; a customer who texted
 * at 22:00 expects the answer, so replies are not held.
 */
export const QUIET_HOURS = { startHour: 21, endHour: 8 } as const;
/** How recent the customer's own text must be for an outbound text to count as a reply. */
export const REPLY_WINDOW_HOURS = 24;

function validZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/**
 * The instant a text held for quiet hours may leave (08:00 on the zone's clock), or null when
 * `now` is outside quiet hours there. An invalid zone is treated as New York's, the product's
 * default zone, so a typo never lets a text out at night.
 */
export function quietHoursRelease(now: Date, zone: string): Date | null {
  const tz = validZone(zone) ?? 'America/New_York';
  const wall = wallTimeAt(now, tz);
  if (wall.hour >= QUIET_HOURS.endHour && wall.hour < QUIET_HOURS.startHour) return null;
  // Before 08:00 the text leaves this morning; from 21:00 on, tomorrow morning.
  const day = wall.hour < QUIET_HOURS.endHour ? wall : addDays(wall, 1);
  return instantOf({ year: day.year, month: day.month, day: day.day, hour: QUIET_HOURS.endHour, minute: 0 }, tz);
}

/**
 * When the outbound text `messageId` must wait for quiet hours to end, the instant it may leave;
 * null when it may go now. The zone is the customer's own (customer.time_zone) when it is a valid
 * IANA zone, else the store's office zone.
 */
export async function quietHoursHold(sql: Sql, messageId: number, now: Date): Promise<Date | null> {
  const [m] = await sql<{ customerZone: string | null; storeZone: string; repliesToCustomer: boolean }[]>`
    select c.time_zone as customer_zone, s.office_time_zone as store_zone,
      exists(
        select 1 from message_instance r
        where r.direction = 'RECEIVED' and r.customer_id = m.customer_id and m.customer_id is not null
          and r.created_on > ${now}::timestamptz - ${REPLY_WINDOW_HOURS} * interval '1 hour'
          and r.created_on <= ${now}::timestamptz
      ) as replies_to_customer
    from message_instance m
    join store s on s.id = m.store_id
    left join customer c on c.id = m.customer_id
    where m.id = ${messageId}`;
  if (!m || m.repliesToCustomer) return null;
  return quietHoursRelease(now, validZone(m.customerZone) ?? m.storeZone);
}
