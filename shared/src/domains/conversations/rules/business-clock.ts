/**
 * Reading timestamps on the business clock (America/New_York). Timestamps with a zone are
 * absolute instants; one without a zone is a wall-clock time in New York, the zone the
 * specification measures response delays in. Written on Intl because `shared` carries no date
 * library and the conversion is one offset lookup.
 */
import { BUSINESS_TIME_ZONE } from '../../../codes';

const WITH_ZONE = /\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:z|[+-]\d{2}(?::?\d{2})?)$/i;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * Epoch milliseconds of a timestamp, or null when it cannot be read. A timestamp without a zone
 * ("2024-07-01 09:30:00") is read as New York wall-clock time; in the hour skipped by the spring
 * change it lands an hour later, and in the hour repeated in autumn it takes the first one.
 */
export function businessInstant(timestamp: string, timeZone: string = BUSINESS_TIME_ZONE): number | null {
  const text = timestamp.trim();
  if (WITH_ZONE.test(text)) {
    const at = Date.parse(text);
    return Number.isNaN(at) ? null : at;
  }
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1, 7).map((v) => (v === undefined ? undefined : Number(v)));
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const wall = Date.UTC(y!, mo! - 1, d!, h, mi, s, ms);
  const check = new Date(wall);
  // Date.UTC rolls 2024-02-30 over into March; such a date is not a timestamp.
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d || check.getUTCHours() !== h || mi > 59 || s > 59) {
    return null;
  }
  return wallToInstant(wall, timeZone);
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time (written as if UTC) names in `timeZone`. A zone changes its offset
 * at most once a day, so the offsets a day either side are the only candidates.
 */
function wallToInstant(wall: number, timeZone: string): number {
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const fits = (t: number) => t + offsetAt(t, timeZone) === wall;
  if (fits(before) && fits(after)) return Math.min(before, after);
  if (fits(after)) return after;
  // In the skipped hour neither fits; the old offset moves the time forward past the gap.
  return before;
}
