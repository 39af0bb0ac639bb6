import * as chrono from 'chrono-node';
import type { ParsingContext, Parser } from 'chrono-node';

/**
 * chrono's casual parsers, extended with the ways customers write times in texts that chrono does
 * not read on its own: "the 20th", "monday the 16th", "after 2", "around 1", "9ish", "@ 9:15" and
 * "day after tomorrow" without its article.
 */

const WEEKDAYS: Record<string, number> = {
  sun: 0, mon: 1, tue: 2, tues: 2, wed: 3, weds: 3, thu: 4, thur: 4, thurs: 4, fri: 5, sat: 6,
};
const WEEKDAY_WORD = '(sun|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat)(?:day|nesday|rsday|urday|sday)?';

/** "the 20th", "on the 3rd", "monday the 16th", "sat 21st": a day of the month, month left open. */
const ordinalDay: Parser = {
  pattern: () => new RegExp(`(?<![\\w/])(?:${WEEKDAY_WORD}\\.?,?\\s+(?:the\\s+)?|the\\s+)(\\d{1,2})(?:st|nd|rd|th)\\b`, 'i'),
  extract: (context: ParsingContext, match: RegExpMatchArray) => {
    const day = Number(match[2]);
    if (day < 1 || day > 31) return null;
    const components = context.createParsingComponents({ day });
    const weekday = match[1] ? WEEKDAYS[match[1].toLowerCase()] : undefined;
    if (weekday !== undefined) components.assign('weekday', weekday);
    return components.addTag('assistant/ordinalDay');
  },
};

// A number that is a quantity, not a clock time: "3 hours", "60 mph", "13,400 miles", "$120".
const NOT_A_TIME_AFTER = '(?!\\s*(?:hours?|hrs?|minutes?|mins?|miles?|mi\\b|mph|weeks?|wks?|days?|months?|years?|yrs?|k\\b|%|dollars|bucks|times|x\\b|a week|a month|[,.]\\d|/))';

/**
 * "after 2", "around 1", "about 10:30", "by 9", "@ 9:15", "9ish": a time. A bare number is not
 * taken here (it is too often a quantity); it needs one of these words or the "ish".
 */
const approximateTime: Parser = {
  pattern: () =>
    new RegExp(
      `(?<![\\w:/.$])(?:(after|around|about|abt|approx(?:imately)?|by|@|at)\\s*)?(\\d{1,2})(?:[:.]([0-5]\\d))?` +
        `(?:\\s*(am|pm|a\\.m\\.?|p\\.m\\.?)|\\s*-?(ish))?(?![\\w:])${NOT_A_TIME_AFTER}`,
      'i',
    ),
  extract: (context: ParsingContext, match: RegExpMatchArray) => {
    const [, prefix, hourText, minuteText, meridiem, ish] = match;
    if (!prefix && !ish && !meridiem) return null;
    let hour = Number(hourText);
    const minute = minuteText ? Number(minuteText) : 0;
    if (hour > 23 || (hour > 12 && (meridiem || !minuteText))) return null;
    const components = context.createParsingComponents({ hour, minute });
    if (meridiem) {
      const pm = meridiem.toLowerCase().startsWith('p');
      if (pm && hour < 12) hour += 12;
      if (!pm && hour === 12) hour = 0;
      components.assign('hour', hour);
      components.assign('meridiem', pm ? 1 : 0);
    }
    return components.addTag('assistant/approximateTime');
  },
};

/** "day after tomorrow" / "pasado mañana": chrono wants the English article and misses the Spanish. */
const dayAfterTomorrow: Parser = {
  pattern: () => /(?<!\w)(?:(?:the\s+)?day\s+after\s+(?:tomorrow|tmrw|tmr|tmw)|pasado\s+ma[nñ]ana)(?!\w)/i,
  extract: (context: ParsingContext) => {
    const ref = context.reference.getDateWithAdjustedTimezone();
    const d = new Date(ref.getFullYear(), ref.getMonth(), ref.getDate() + 2);
    return context
      .createParsingComponents({ year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() })
      .addTag('assistant/dayAfterTomorrow');
  },
};

/** Common spellings of "tomorrow" in texts that chrono does not know. */
const tomorrowSpellings: Parser = {
  pattern: () => /(?<!\w)(?:tmw|tmrow|tomorow|tommorow|tommorrow|tomorrw|2morrow|2moro|2mrw)(?!\w)/i,
  extract: (context: ParsingContext) => {
    const ref = context.reference.getDateWithAdjustedTimezone();
    const d = new Date(ref.getFullYear(), ref.getMonth(), ref.getDate() + 1);
    return context.createParsingComponents({ year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() });
  },
};

/** "tues", "weds": abbreviations chrono reads only when a time follows. */
const weekdayAbbreviation: Parser = {
  pattern: () => /(?<!\w)(tues|weds|thur|thurs)\.?(?!\w)/i,
  extract: (context: ParsingContext, match: RegExpMatchArray) =>
    context.createParsingComponents({ weekday: WEEKDAYS[match[1]!.toLowerCase()]! }).addTag('assistant/weekday'),
};

/**
 * "like 2", "maybe 10", "say 9:30", "3 works", "10 is good": an hour offered without am/pm or "at",
 * which customers write in a clause of its own after the day ("thursday? like 2").
 */
const offeredHour: Parser = {
  pattern: () =>
    new RegExp(
      `(?<![\\w:/.$])(?:(?:like|maybe|say|prob(?:ably)?|ideally|preferably|tipo|como a las|anytime after|any time after)\\s+(\\d{1,2})(?::([0-5]\\d))?(?![\\w:])${NOT_A_TIME_AFTER}` +
        `|(\\d{1,2})(?::([0-5]\\d))?\\s+(?:works|would work|is good|is fine|is best|is perfect|is ok|would be (?:good|great|best)))`,
      'i',
    ),
  extract: (context: ParsingContext, match: RegExpMatchArray) => {
    const hour = Number(match[1] ?? match[3]);
    const minute = Number(match[2] ?? match[4] ?? 0);
    if (hour < 1 || hour > 12) return null;
    return context.createParsingComponents({ hour, minute }).addTag('assistant/offeredHour');
  },
};

// Weekdays in Spanish, accents optional (replies are often typed without them).
const SPANISH_WEEKDAYS: Record<string, number> = {
  domingo: 0, lunes: 1, martes: 2, miercoles: 3, jueves: 4, viernes: 5, sabado: 6,
};

/** "el jueves 19", "lunes 16": chrono's Spanish parser reads the weekday and drops the day. */
const spanishWeekdayAndDay: Parser = {
  pattern: () => /(?<!\w)(lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)\s+(\d{1,2})(?![\d:]|\s*(?:de la|am|pm|hrs?|horas?|de (?!enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)))/i,
  extract: (context: ParsingContext, match: RegExpMatchArray) => {
    const day = Number(match[2]);
    if (day < 1 || day > 31) return null;
    const weekday = SPANISH_WEEKDAYS[match[1]!.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()]!;
    return context.createParsingComponents({ day, weekday }).addTag('assistant/ordinalDay');
  },
};

/** "a las 2", "a la 1", "a las 10 de la mañana": the Spanish hour on its own, after a day. */
const spanishHour: Parser = {
  pattern: () => /(?<!\w)(?:a\s+)?las?\s+(\d{1,2})(?::([0-5]\d))?(?:\s+de\s+la\s+(ma[nñ]ana|tarde|noche))?(?![\w:])/i,
  extract: (context: ParsingContext, match: RegExpMatchArray) => {
    let hour = Number(match[1]);
    const minute = Number(match[2] ?? 0);
    if (hour < 1 || hour > 12) return null;
    const part = match[3]?.toLowerCase();
    const components = context.createParsingComponents({ hour, minute });
    if (part) {
      const pm = !part.startsWith('ma');
      if (pm && hour < 12) hour += 12;
      components.assign('hour', hour);
      components.assign('meridiem', pm ? 1 : 0);
    }
    return components.addTag('assistant/spanishHour');
  },
};

function extend(base: chrono.Chrono, parsers: Parser[]): chrono.Chrono {
  const custom = base.clone();
  // Ahead of the built-in parsers so that, of two readings of the same words, ours is kept.
  custom.parsers.unshift(...parsers);
  return custom;
}

export const englishDates = extend(chrono.casual, [
  dayAfterTomorrow, tomorrowSpellings, ordinalDay, approximateTime, offeredHour, weekdayAbbreviation,
]);
export const spanishDates = extend(chrono.es.casual, [dayAfterTomorrow, spanishWeekdayAndDay, spanishHour]);
