/**
 * Reading timestamps on the business clock (America/New_York). Timestamps with a zone are
 * absolute instants; one without a zone is a wall-clock time in New York, the zone the
 * specification measures response delays in. The zone arithmetic is the shared one in
 * time/zoned-time.
 */
import { BUSINESS_TIME_ZONE } from '../../../codes';
import { instantOf } from '../../../time/zoned-time';

const WITH_ZONE = /\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:z|[+-]\d{2}(?::?\d{2})?)$/i;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/;

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
  // Seconds and milliseconds never cross an offset change, so the minute decides the instant.
  return instantOf({ year: y!, month: mo!, day: d!, hour: h, minute: mi }, timeZone).getTime() + s * 1000 + ms;
}
