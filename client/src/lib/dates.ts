import { BUSINESS_TIME_ZONE, formatCalendarDay, formatClockTime, formatInstantInZone, isoDayInZone, isValidTimeZone, parseIsoDay } from '@drivebay/shared';

export const DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm A';

// An instant text without an offset ("2025-01-15 17:05", "2025-01-15") is read on this device's
// clock, as the screens always read it; with an offset or Z, Date reads it exactly.
const LOCAL_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt\s]+(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d+))?)?)?$/;

/** The instant an API text names, or null when it names none. */
export function parseInstant(text: string): Date | null {
  const local = LOCAL_TEXT.exec(text.trim());
  const instant = local
    ? new Date(
        Number(local[1]),
        Number(local[2]) - 1,
        Number(local[3]),
        Number(local[4] ?? 0),
        Number(local[5] ?? 0),
        Number(local[6] ?? 0),
        Number((local[7] ?? '0').slice(0, 3).padEnd(3, '0')),
      )
    : new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The zone a store's clock is read in: a missing or unknown zone falls back to the business clock. */
export function clockZone(zone: string | null | undefined): string {
  return zone && isValidTimeZone(zone) ? zone : BUSINESS_TIME_ZONE;
}

/**
 * An instant shown on the wall clock of a store's office, with a dayjs-style pattern. A missing or
 * unknown zone falls back to the business clock, as the specification's default zone does.
 */
export function formatInTimeZone(
  iso: string | null | undefined,
  zone: string | null | undefined,
  pattern: string = DATE_TIME_FORMAT,
): string {
  if (!iso) return '';
  const instant = parseInstant(iso);
  return instant ? formatInstantInZone(instant, clockZone(zone), pattern) : '';
}

/** Today's `YYYY-MM-DD` on a store's clock. */
export function todayInTimeZone(zone: string | null | undefined, now: Date = new Date()): string {
  return isoDayInZone(now, clockZone(zone));
}

/** A `YYYY-MM-DD` day written with a pattern of date tokens (`MM/DD/YYYY`); '' when it names no day. */
export function formatDay(day: string, pattern: string): string {
  const parsed = parseIsoDay(day);
  return parsed ? formatCalendarDay(parsed, pattern) : '';
}

/** A store's `HH:mm` or `HH:mm:ss` time of day written with a pattern of time tokens (`h:mm A`). */
export function formatLocalTime(time: string, pattern: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time);
  return m ? formatClockTime({ hour: Number(m[1]), minute: Number(m[2]) }, pattern) : '';
}
