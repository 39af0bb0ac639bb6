import type { ParsedResult } from 'chrono-node';
import { englishDates, spanishDates } from './date-parsers';
import { looksSpanish } from './nlp';
import { respellDays } from './spelling';
import {
  addDays, compareDates, formatInZone, instantOf, offsetMinutesAt, wallTimeAt, weekdayOf, type WallTime,
} from '@drivebay/shared';

/** What a reply is read against: the moment it arrived and the customer's zone. */
export type DateReference = { instant: Date; zone: string };

type CalendarDate = { year: number; month: number; day: number };

/** A date or time found in the text, resolved in the customer's zone. */
export type DateMention = {
  /** Where the words are in the text. */
  index: number;
  text: string;
  /** ISO-8601 with the zone's offset; 00:00 local when no time was given. */
  start: string;
  hasTime: boolean;
  /** Before the day of the reference: something that happened, not an appointment. */
  past: boolean;
};

// "last tuesday", "past friday": a day that has been.
const PAST_MODIFIER = /\b(?:last|past|previous|pasado)\b/i;
// "next friday", "this saturday", "thursday next week": chrono's own reading of the week is kept.
const WEEK_MODIFIER = /\b(?:next|this|coming|following|week|pr[oó]ximo|este|esta)\b/i;
// Words that fix the day of a part of the day ("this afternoon", "tonight").
const DAY_WORD = /\b(?:this|today|tonight|tomorrow|tmrw|tmr|hoy|ma[nñ]ana)\b/i;
// A bare number or "9ish" right after a date: "thursday 3", "tmrw 10", "sat 9ish".
const TRAILING_BARE_TIME = /^\s*,?\s*(\d{1,2})(?::([0-5]\d))?\s*(?:-?ish)?(?=$|[\s,.!?;)])(?!\s*(?:hours?|hrs?|min|miles?|weeks?|days?|%|people|cars?))/i;

/**
 * Every date or time in the text, in order, resolved with the conventions the assistant uses:
 * a bare weekday is its next occurrence after today; a day of the month without a month is this
 * month, or next month once it has passed; an hour without am/pm is read in business hours
 * (1 to 6 afternoon, 7 to 11 morning); a day without a time starts at 00:00 local. Durations
 * ("in 2 weeks"), whole months ("in april") and "now" are not appointment days and are left out.
 */
export function findDates(text: string, ref: DateReference): DateMention[] {
  const today = wallTimeAt(ref.instant, ref.zone);
  const reference = { instant: ref.instant, timezone: offsetMinutesAt(ref.instant, ref.zone) };
  // "wensday", "thrusday", "tomoro": the parsers read the weekday meant; the mention quotes the
  // customer's own words.
  const respelled = respellDays(text);
  // "3/18 in the afternoon" would otherwise be read as 18:00; same length keeps the indexes valid.
  const normalized = respelled.text.replace(/\bin the (morning|afternoon|evening)\b/gi, (m, w: string) => ' '.repeat(m.length - w.length) + w);
  const results = [...englishDates.parse(normalized, reference)];
  if (looksSpanish(text)) {
    for (const r of spanishDates.parse(normalized, reference)) {
      const clashing = results.filter((e) => overlaps(e, r));
      // The Spanish reading wins where it reads more of the same words ("pasado mañana a las 2").
      if (clashing.every((e) => e.text.length < r.text.length && e.index >= r.index && e.index + e.text.length <= r.index + r.text.length)) {
        for (const e of clashing) results.splice(results.indexOf(e), 1);
        results.push(r);
      }
    }
  }
  results.sort((a, b) => a.index - b.index);

  const mentions: DateMention[] = [];
  const pieces = attachBareTimes(normalized, results).filter((piece) => !isQuantity(piece, normalized));
  for (const piece of joinDayAndTime(normalized, pieces)) {
    const start = respelled.toOriginal(piece.index);
    const end = respelled.toOriginal(piece.index + piece.text.length);
    piece.index = start;
    piece.text = text.slice(start, end).replace(/[\s,.;:!?]+$/, '');
    const mention = resolve(piece, today, ref.zone);
    if (mention) mentions.push(mention);
  }
  return mentions;
}

type Piece = {
  index: number;
  text: string;
  result: ParsedResult;
  bareTime?: { hour: number; minute: number };
  /** "next week thursday": chrono reads "next week" apart, as a duration. */
  nextWeek?: boolean;
  /** "thursday? i can do like 2": the time given in a later clause for this day. */
  laterTime?: ParsedResult;
};

// What may stand between a day and a time given apart: a clause or two of a few words, no digits.
const BETWEEN_DAY_AND_TIME = /^[^\d]{0,40}$/;

/**
 * "thursday? like 2", "friday. anytime after 1", "pasado mañana a las 2": a day without a time
 * followed, in the next clause or two, by a time without a day, is one appointment.
 */
function joinDayAndTime(text: string, pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const day = pieces[i]!;
    const time = pieces[i + 1];
    const dayOnly = !day.bareTime && !day.result.start.isCertain('hour') && namesDay(day.result);
    const timeOnly = time && time.result.start.isCertain('hour') && !namesDay(time.result) && !time.bareTime;
    const gap = time ? text.slice(day.index + day.text.length, time.index) : '';
    if (dayOnly && timeOnly && BETWEEN_DAY_AND_TIME.test(gap)) {
      out.push({ ...day, text: text.slice(day.index, time.index + time.text.length), laterTime: time.result });
      i++;
    } else {
      out.push(day);
    }
  }
  return out;
}

/** Whether chrono's reading fixes a day (a weekday, a date, "tomorrow", "mañana"). */
function namesDay(result: ParsedResult): boolean {
  const start = result.start;
  if (start.isCertain('day') || start.isCertain('weekday')) return true;
  const tags = [...start.tags()];
  return tags.includes('assistant/dayAfterTomorrow') || (tags.some((t) => t.startsWith('casualReference/')) && DAY_WORD.test(result.text));
}

const NEXT_WEEK_BEFORE = /\bnext week\s*(?:on\s+)?,?\s*$/i;

/** Joins "thursday" with a bare "3" after it, which no parser reads as a time on its own. */
function attachBareTimes(text: string, results: ParsedResult[]): Piece[] {
  return results.map((result) => {
    const piece: Piece = { index: result.index, text: result.text, result };
    const before = NEXT_WEEK_BEFORE.exec(text.slice(0, result.index));
    if (before && result.start.isCertain('weekday') && !result.start.isCertain('day')) {
      piece.nextWeek = true;
      piece.index = before.index;
      piece.text = text.slice(before.index, result.index + result.text.length);
    }
    if (result.start.isCertain('hour')) return piece;
    const after = text.slice(result.index + result.text.length);
    const m = TRAILING_BARE_TIME.exec(after);
    const hour = m ? Number(m[1]) : NaN;
    if (m && hour >= 1 && hour <= 12) {
      piece.bareTime = { hour, minute: m[2] ? Number(m[2]) : 0 };
      piece.text = (piece.text + m[0]).trimEnd();
    }
    return piece;
  });
}

/** "13,400 miles" read as "at 13", "3 a week" read as 3 am: numbers that are not clock times. */
function isQuantity(piece: Piece, text: string): boolean {
  const after = text.slice(piece.index + piece.text.length);
  return /^[,.]\d/.test(after) || /\d\s*[ap]$/i.test(piece.text);
}

function overlaps(a: ParsedResult, b: ParsedResult): boolean {
  return a.index < b.index + b.text.length && b.index < a.index + a.text.length;
}

function resolve(piece: Piece, today: WallTime, zone: string): DateMention | null {
  const { result } = piece;
  const start = result.start;
  const tags = start.tags();
  if (tags.has('casualReference/now') || tags.has('result/relativeDate')) return null;

  const time = timeOf(piece);
  const day = dayOf(piece, today, time);
  if (!day) return null;
  const past = compareDates(day, today) < 0;
  const wall: WallTime = { ...day, hour: time?.hour ?? 0, minute: time?.minute ?? 0 };
  return {
    index: piece.index,
    text: piece.text,
    start: formatInZone(instantOf(wall, zone), zone),
    hasTime: time !== null,
    past,
  };
}

/** The clock time given, with the business-hours reading of an hour without am/pm. */
function timeOf(piece: Piece): { hour: number; minute: number } | null {
  if (piece.laterTime) return timeOf({ index: 0, text: piece.laterTime.text, result: piece.laterTime });
  const start = piece.result.start;
  if (piece.bareTime) return businessHours(piece.bareTime.hour, piece.bareTime.minute);
  if (!start.isCertain('hour')) return null;
  const hour = start.get('hour')!;
  const minute = start.get('minute') ?? 0;
  if (start.isCertain('meridiem') || hour === 0 || hour > 12) return { hour, minute };
  // "noon" and "tonight" come with a known hour but an implied meridiem; only bare numbers need the rule.
  if (/\b(?:noon|midday|mediod[ií]a|midnight|tonight|evening|morning|night)\b/i.test(piece.text)) return { hour, minute };
  return businessHours(hour, minute);
}

function businessHours(hour: number, minute: number): { hour: number; minute: number } {
  return { hour: hour >= 1 && hour <= 6 ? hour + 12 : hour, minute };
}

/** The calendar day meant, or null when the words name no particular day (a month, a year). */
function dayOf(piece: Piece, today: WallTime, time: { hour: number; minute: number } | null): CalendarDate | null {
  const start = piece.result.start;
  const words = piece.result.text;
  const implied: CalendarDate = { year: start.get('year')!, month: start.get('month')!, day: start.get('day')! };

  if (start.isCertain('day')) {
    if (start.isCertain('month')) return start.isCertain('year') ? implied : aheadOrRecent(implied, today);
    return monthForDay(start.get('day')!, start.isCertain('weekday') ? start.get('weekday')! : null, today);
  }
  if (start.isCertain('weekday')) {
    const weekday = start.get('weekday')!;
    if (PAST_MODIFIER.test(words)) return previousWeekday(today, weekday);
    if (piece.nextWeek) return weekdayOfNextWeek(today, weekday);
    if (WEEK_MODIFIER.test(words)) return implied;
    return nextWeekday(today, weekday);
  }
  if (start.isCertain('month') || start.isCertain('year')) return null;
  // "today", "tonight", "this afternoon" fix the day without chrono marking it certain; a bare
  // "morning" names no day.
  const tags = start.tags();
  if (tags.has('assistant/dayAfterTomorrow')) return implied;
  if ([...tags].some((t) => t.startsWith('casualReference/')) && DAY_WORD.test(words)) return implied;
  if (!time) return null;
  // A time alone is the next time the clock shows it.
  const laterToday = time.hour > today.hour || (time.hour === today.hour && time.minute > today.minute);
  return laterToday ? { year: today.year, month: today.month, day: today.day } : addDays(today, 1);
}

/**
 * A month and day without a year: chrono takes the nearest, which for "nov 5" in March is last
 * November. A customer offering a day means the coming one; a date within the last month stays
 * in the past ("you did it feb 20"), so what was done is still read as done.
 */
function aheadOrRecent(date: CalendarDate, today: CalendarDate): CalendarDate {
  if (compareDates(date, addDays(today, -31)) >= 0) return date;
  return { ...date, year: date.year + 1 };
}

/** The next day after today that falls on the weekday (a week ahead when it is today's weekday). */
function nextWeekday(today: CalendarDate, weekday: number): CalendarDate {
  const ahead = ((weekday - weekdayOf(today) + 7) % 7) || 7;
  return addDays(today, ahead);
}

/** The weekday in the week after this one (weeks run Monday to Sunday). */
function weekdayOfNextWeek(today: CalendarDate, weekday: number): CalendarDate {
  const toNextMonday = ((8 - weekdayOf(today)) % 7) || 7;
  return addDays(today, toNextMonday + ((weekday + 6) % 7));
}

function previousWeekday(today: CalendarDate, weekday: number): CalendarDate {
  const back = ((weekdayOf(today) - weekday + 7) % 7) || 7;
  return addDays(today, -back);
}

/**
 * The month of "the 20th": this month unless that day has passed, then next month. With a weekday
 * ("saturday the 7th") the month where the two agree is taken, which may be in the past.
 */
function monthForDay(day: number, weekday: number | null, today: CalendarDate): CalendarDate | null {
  const inMonth = (offset: number): CalendarDate | null => {
    const first = new Date(Date.UTC(today.year, today.month - 1 + offset, 1));
    const date = { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day };
    const check = new Date(Date.UTC(date.year, date.month - 1, day));
    return check.getUTCDate() === day ? date : null;
  };
  if (weekday !== null) {
    for (const offset of [0, 1, -1, 2]) {
      const date = inMonth(offset);
      if (date && weekdayOf(date) === weekday) return date;
    }
  }
  const thisMonth = inMonth(0);
  if (thisMonth && compareDates(thisMonth, today) >= 0) return thisMonth;
  return inMonth(1) ?? inMonth(2);
}
