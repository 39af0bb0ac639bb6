import { addDays, wallTimeAt, type Slot } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { dayAvailability } from '../appointments/capacity';

/** How many times the assistant offers at once: enough to choose from, short enough for a text. */
export const MAX_CHOICES = 3;
/** How far past the requested day it looks for free times. */
export const SEARCH_DAYS = 7;

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of an instant in a zone, as the appointment service names days (YYYY-MM-DD). */
export function dayIn(instant: Date, zone: string): string {
  const w = wallTimeAt(instant, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

function nextDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const next = addDays({ year: y!, month: m!, day: d! }, n);
  return `${next.year}-${pad(next.month)}-${pad(next.day)}`;
}

type Grid = { slotMinutes: number; slots: Slot[] };

async function day(sql: Sql, storeId: number, date: string, now: Date): Promise<Grid> {
  const a = await dayAvailability(sql, storeId, date, now);
  return { slotMinutes: a.slotMinutes, slots: a.slots };
}

/** What the store's service drive can do with a requested time. */
export type SlotLookup =
  /** The slot holding the requested time is free. */
  | { kind: 'free'; start: Date }
  /** It is not (taken, closed, past, or only a day was given): the nearest free times. */
  | { kind: 'alternatives'; starts: Date[] };

/** Days looked at before the requested one when it is taken or closed (earlier days only while they lie ahead). */
const DAYS_BEFORE = 2;

const minuteOfDay = (instant: Date, zone: string) => {
  const w = wallTimeAt(instant, zone);
  return w.hour * 60 + w.minute;
};
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/**
 * Looks up a requested appointment time in the store's slot grid (its office zone). A time names
 * the slot that holds it; when that slot is not free, the free slots nearest to it are offered:
 * the same day first, then the days around it, each at the times of day closest to the one asked
 * for (Sunday at 3, when the drive is closed, gets Saturday and Monday around 3, not Monday
 * morning). A day without a time gets up to three free slots spread over the first day from it
 * that has any. Looks up to {@link SEARCH_DAYS} days ahead.
 */
export async function lookUpSlots(
  sql: Sql,
  o: { storeId: number; zone: string; requested: Date; hasTime: boolean; now: Date },
): Promise<SlotLookup> {
  const first = dayIn(o.requested, o.zone);
  if (o.hasTime) {
    const today = await day(sql, o.storeId, first, o.now);
    const holding = today.slots.find((s) => new Date(s.startTime) <= o.requested && o.requested < new Date(s.endTime));
    if (holding?.available) return { kind: 'free', start: new Date(holding.startTime) };
    const free: Date[] = today.slots.filter((s) => s.available).map((s) => new Date(s.startTime));
    const earliest = dayIn(o.now, o.zone);
    for (let i = -DAYS_BEFORE; i < SEARCH_DAYS; i++) {
      const date = nextDay(first, i);
      if (i === 0 || date < earliest) continue;
      const other = await day(sql, o.storeId, date, o.now);
      free.push(...other.slots.filter((s) => s.available).map((s) => new Date(s.startTime)));
    }
    const wanted = minuteOfDay(o.requested, o.zone);
    const rank = (d: Date) => [Math.abs(dayNumber(dayIn(d, o.zone)) - dayNumber(first)), Math.abs(minuteOfDay(d, o.zone) - wanted), d.getTime()];
    const nearest = free
      .map((d) => ({ d, r: rank(d) }))
      .sort((x, y) => x.r[0]! - y.r[0]! || x.r[1]! - y.r[1]! || x.r[2]! - y.r[2]!)
      .slice(0, MAX_CHOICES)
      .map((x) => x.d);
    return { kind: 'alternatives', starts: nearest.sort((a, b) => a.getTime() - b.getTime()) };
  }
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const grid = await day(sql, o.storeId, nextDay(first, i), o.now);
    const free = grid.slots.filter((s) => s.available).map((s) => new Date(s.startTime));
    if (free.length) return { kind: 'alternatives', starts: spread(free, MAX_CHOICES) };
  }
  return { kind: 'alternatives', starts: [] };
}

/** Up to `n` of the sorted times, spread from the first to the last (morning, midday, afternoon). */
export function spread(times: Date[], n: number): Date[] {
  if (times.length <= n) return times;
  if (n === 1) return [times[0]!];
  const picked = new Set<number>();
  for (let i = 0; i < n; i++) picked.add(Math.round((i * (times.length - 1)) / (n - 1)));
  return [...picked].map((i) => times[i]!);
}

/** Which of the free slots still are: the proposals that can still be booked. */
export async function stillFree(sql: Sql, o: { storeId: number; zone: string; starts: Date[]; now: Date }): Promise<Date[]> {
  const days = new Map<string, Grid>();
  const free: Date[] = [];
  for (const start of o.starts) {
    const d = dayIn(start, o.zone);
    if (!days.has(d)) days.set(d, await day(sql, o.storeId, d, o.now));
    const slot = days.get(d)!.slots.find((s) => new Date(s.startTime).getTime() === start.getTime());
    if (slot?.available) free.push(start);
  }
  return free;
}

/** The store's slot length in minutes. */
export async function slotMinutes(sql: Sql, storeId: number): Promise<number> {
  const [row] = await sql<{ slotMinutes: number }[]>`select slot_minutes from store_service_capacity where store_id = ${storeId}`;
  return row?.slotMinutes ?? 30;
}

/**
 * Which proposal a customer's date names: the one whose slot holds the time; else, when only one
 * proposal has that wall-clock time, that one (customers answer "10:30 works", and the date read
 * from that may be another day); for a day without a time, the only proposal on that day.
 */
export function matchProposal(
  proposals: readonly Date[],
  dt: { start: Date; hasTime: boolean },
  o: { zone: string; slotMinutes: number },
): Date | null {
  if (!proposals.length) return null;
  if (dt.hasTime) {
    const holding = proposals.find((p) => p <= dt.start && dt.start.getTime() < p.getTime() + o.slotMinutes * 60_000);
    if (holding) return holding;
    const wall = wallTimeAt(dt.start, o.zone);
    const sameClock = proposals.filter((p) => {
      const w = wallTimeAt(p, o.zone);
      return w.hour === wall.hour && w.minute === wall.minute;
    });
    return sameClock.length === 1 ? sameClock[0]! : null;
  }
  const onDay = proposals.filter((p) => dayIn(p, o.zone) === dayIn(dt.start, o.zone));
  return onDay.length === 1 ? onDay[0]! : null;
}

// Newer ICU puts a narrow no-break space before AM/PM; texts are plain GSM-7 spaces.
const plainSpaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

function dayLabel(instant: Date, zone: string): string {
  return plainSpaces(new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', month: 'short', day: 'numeric' }).format(instant));
}

function timeLabel(instant: Date, zone: string): string {
  return plainSpaces(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(instant));
}

/** "Thursday, Nov 26 at 3:00 PM" on the store's clock. */
export function formatSlot(start: Date, zone: string): string {
  return `${dayLabel(start, zone)} at ${timeLabel(start, zone)}`;
}

function orList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** "Thursday, Nov 26 at 10:00 AM, 1:00 PM or 4:30 PM"; several days are separated by semicolons. */
export function formatChoices(starts: readonly Date[], zone: string): string {
  const groups: { day: string; times: string[] }[] = [];
  for (const start of [...starts].sort((a, b) => a.getTime() - b.getTime())) {
    const d = dayLabel(start, zone);
    const last = groups[groups.length - 1];
    if (last && last.day === d) last.times.push(timeLabel(start, zone));
    else groups.push({ day: d, times: [timeLabel(start, zone)] });
  }
  if (groups.length === 1) return `${groups[0]!.day} at ${orList(groups[0]!.times)}`;
  const parts = groups.map((g) => `${g.day} at ${orList(g.times)}`);
  return `${parts.slice(0, -1).join('; ')}; or ${parts[parts.length - 1]}`;
}

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function clock(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const hour12 = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour12}:${pad(m!)} ${h! < 12 ? 'AM' : 'PM'}`;
}

/** The service drive's hours from its capacity, e.g. "Monday to Saturday, 7:30 AM to 5:00 PM". */
export async function storeHours(sql: Sql, storeId: number): Promise<string> {
  const [c] = await sql<{ opensAt: string; closesAt: string; openDays: number[] }[]>`
    select to_char(opens_at, 'HH24:MI') as opens_at, to_char(closes_at, 'HH24:MI') as closes_at, open_days
    from store_service_capacity where store_id = ${storeId}`;
  if (!c) return '';
  const days = [...c.openDays].sort((a, b) => a - b);
  const contiguous = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const dayText =
    days.length === 0 ? '' : days.length === 1 ? WEEKDAYS[days[0]!]! : contiguous ? `${WEEKDAYS[days[0]!]} to ${WEEKDAYS[days[days.length - 1]!]}` : orList(days.map((d) => WEEKDAYS[d]!)).replace(' or ', ' and ');
  return `${dayText}, ${clock(c.opensAt)} to ${clock(c.closesAt)}`;
}
