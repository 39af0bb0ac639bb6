/**
 * Wall-clock arithmetic in an IANA zone, computed with Intl so the answer never depends on the
 * server's own zone, and daylight-saving changes land where the zone's rules put them.
 */

/** A calendar day and time as a clock on the wall of that zone shows it. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall time of an instant in a zone (seconds dropped). */
export function wallTimeAt(instant: Date, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute! };
}

/** Minutes the zone is ahead of UTC at that instant (New York in summer: -240). */
export function offsetMinutesAt(instant: Date, zone: string): number {
  const w = wallTimeAt(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const truncated = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - truncated) / 60_000);
}

/**
 * The instant a wall time names in a zone. A time skipped by spring-forward moves ahead by the gap
 * (02:30 becomes 03:30), and an hour repeated in the fall is read as its first, daylight-time pass,
 * which is what a person booking "1:30" that morning expects.
 */
export function instantOf(wall: WallTime, zone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Try the offsets in force a day either side; one of them names the wall time unless it is skipped.
  const candidates = [
    offsetMinutesAt(new Date(asUtc - 86_400_000), zone),
    offsetMinutesAt(new Date(asUtc + 86_400_000), zone),
  ].sort((a, b) => b - a);
  for (const offset of candidates) {
    const instant = new Date(asUtc - offset * 60_000);
    if (sameWall(wallTimeAt(instant, zone), wall)) return instant;
  }
  // Skipped wall time: keep the earlier offset, which lands the same distance past the gap.
  return new Date(asUtc - Math.min(...candidates) * 60_000);
}

function sameWall(a: WallTime, b: WallTime): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** ISO-8601 with the zone's offset at that instant, e.g. 2026-03-11T11:00:00-04:00. */
export function formatInZone(instant: Date, zone: string): string {
  const w = wallTimeAt(instant, zone);
  const offset = offsetMinutesAt(instant, zone);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:00` +
    `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** A calendar date moved by whole days (month and year roll over). */
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Day of the week of a calendar date, 0 = Sunday. */
export function weekdayOf(date: { year: number; month: number; day: number }): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Compares calendar dates: negative when a is earlier. */
export function compareDates(
  a: { year: number; month: number; day: number },
  b: { year: number; month: number; day: number },
): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
