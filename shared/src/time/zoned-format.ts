/**
 * Showing instants and calendar days the way the screens write them (`MM/DD/YYYY hh:mm A`), on the
 * wall clock of a zone. The zone math is zoned-time.ts's (Intl), so the browser, the API and the
 * sync server read an instant in a zone the same way, daylight-saving changes included.
 */
import { addDays, instantOf, wallTimeAt, weekdayOf, type WallTime } from './zoned-time';

/** A calendar date with no zone: the day a store's clock shows. */
export type CalendarDay = { year: number; month: number; day: number };

/** A wall-clock time of day, 24-hour. */
export type ClockTime = { hour: number; minute: number };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// The dayjs tokens the screens use, longest first so `MMMM` wins over `MM`; `[...]` is literal text.
const TOKENS = /\[([^\]]*)]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|m|ss|A|a/g;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A wall time written with a dayjs-style pattern. Tokens: YYYY YY MMMM MMM MM M DD D dddd ddd
 * HH H hh h mm m ss A a, and `[text]` for literal text.
 */
export function formatWallTime(wall: WallTime & { second?: number }, pattern: string): string {
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  const weekday = WEEKDAYS[weekdayOf(wall)]!;
  const month = MONTHS[wall.month - 1]!;
  return pattern.replace(TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY': return pad(wall.year, 4);
      case 'YY': return pad(wall.year % 100);
      case 'MMMM': return month;
      case 'MMM': return month.slice(0, 3);
      case 'MM': return pad(wall.month);
      case 'M': return String(wall.month);
      case 'DD': return pad(wall.day);
      case 'D': return String(wall.day);
      case 'dddd': return weekday;
      case 'ddd': return weekday.slice(0, 3);
      case 'HH': return pad(wall.hour);
      case 'H': return String(wall.hour);
      case 'hh': return pad(hour12);
      case 'h': return String(hour12);
      case 'mm': return pad(wall.minute);
      case 'm': return String(wall.minute);
      case 'ss': return pad(wall.second ?? 0);
      case 'A': return wall.hour < 12 ? 'AM' : 'PM';
      default: return wall.hour < 12 ? 'am' : 'pm';
    }
  });
}

// Zones Intl has accepted. Making a formatter is the only way to ask, and it costs a fraction of a
// millisecond: a screen formatting the dates of a few hundred rows asked once per date. Only names
// Intl gives back as they were asked are kept, so the set holds at most the zones that exist (Intl
// also accepts other spellings of a name, in any letter case); any other name is asked each time.
const knownZones = new Set<string>();

/** True when Intl knows the IANA zone name. */
export function isValidTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  if (resolved === zone) knownZones.add(zone);
  return true;
}

/** An instant on the wall clock of a zone, written with a dayjs-style pattern (see formatWallTime). */
export function formatInstantInZone(instant: Date, zone: string, pattern: string): string {
  const second = Math.floor(instant.getTime() / 1000) % 60;
  return formatWallTime({ ...wallTimeAt(instant, zone), second: second < 0 ? second + 60 : second }, pattern);
}

/** `YYYY-MM-DD` of a calendar day. */
export function isoDay(day: CalendarDay): string {
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

/** The calendar day a `YYYY-MM-DD` text names, or null when it names none. */
export function parseIsoDay(text: string): CalendarDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const day = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  // Rejects 2026-02-30 and the like: the date must survive a round trip.
  return isoDay(addDays(day, 0)) === text ? day : null;
}

/** The `YYYY-MM-DD` day a zone's clock shows at an instant ("today" at a store). */
export function isoDayInZone(instant: Date, zone: string): string {
  return isoDay(wallTimeAt(instant, zone));
}

/** A `YYYY-MM-DD` day moved by whole days; the text comes back unchanged when it names no day. */
export function shiftIsoDay(text: string, days: number): string {
  const day = parseIsoDay(text);
  return day ? isoDay(addDays(day, days)) : text;
}

/** A calendar day written with a dayjs-style pattern of date tokens (`MM/DD/YYYY`). */
export function formatCalendarDay(day: CalendarDay, pattern: string): string {
  return formatWallTime({ ...day, hour: 0, minute: 0 }, pattern);
}

/** A time of day written with a dayjs-style pattern of time tokens (`h:mm A`). */
export function formatClockTime(time: ClockTime, pattern: string): string {
  return formatWallTime({ year: 2000, month: 1, day: 1, ...time }, pattern);
}

/**
 * The instant a day starts on a zone's clock. Midnight is not skipped by the US zones' changes
 * (they happen at 02:00); where a zone skips it, the day starts at the first minute after the gap.
 */
export function startOfDayInZone(day: CalendarDay, zone: string): Date {
  return instantOf({ ...day, hour: 0, minute: 0 }, zone);
}
