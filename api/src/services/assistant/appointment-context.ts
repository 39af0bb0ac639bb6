import { isPastVerb } from './features';
import { fold, tokenize } from './nlp';

/**
 * Whether a date in a piece of a reply is offered for an appointment. Customers also give dates
 * for other things, and those must not book anything: what already happened ("you did it last
 * tuesday", "changed it myself on saturday"), when to phone or write them ("call me after 4",
 * "text me tomorrow"), how long they are away ("out of town till friday"), an appointment they
 * already have ("I have an appt on the 15th"), or a question about opening hours ("saturday hours?").
 */

// The date is for a phone call or a later message, not a visit.
const OTHER_CONTACT =
  /\b(?:call|calls|calling|phone|ring|llam\w*|text|txt|message|msg|email|remind|reach out|contact|get back to|check back|hit me up|touch base|follow up|online|website|web site|app|link)\b/;
// Words that put the whole clause in the past.
const PAST_MARKERS = /\b(?:ago|already|yesterday|last (?:night|week|month|year|time|visit|weekend)|used to|hace|ayer|ya se)\b/;
// Right before the date: a bound of absence ("till friday") or a start in the past ("since monday").
const BEFORE_DATE = /\b(?:until|till|til|thru|through|since|desde|hasta)\s+(?:the\s+)?$/;
// An appointment the customer already has ("I have an appt on the 15th"), not a new one.
const EXISTING_APPOINTMENT =
  /\b(?:i|we|i'?ve|we'?ve|my \w+) (?:already )?(?:have|has|got) (?:an? |one |my |our )?(?:appointment|appt|apt|booking|reservation|one scheduled)\b|\b(?:i'?m|we'?re|i am|we are|it'?s|its|it is) (?:already )?(?:scheduled|booked|set up)\b|\btengo (?:una )?cita\b/;
// A question about opening days or hours ("are you open on sunday?"), not an offer to come.
const OPENING_QUESTION =
  /\b(?:are|is) (?:you|you guys|y'?all|u|the (?:shop|store|service\w*|dealership|office)|it|service) (?:guys )?open\b|\bwhat time do (?:you|u|y'?all) (?:open|close)\b|\b(?:open|closed|close) (?:on )?(?:this |next )?(?:mon|tue|wed|thu|fri|sat|sun)/;
// Right after the date: opening hours rather than a visit.
const AFTER_DATE = /^\s*(?:hours|hrs|schedule)\b/;

/** A date found in a segment, with its position in that segment. */
export type SegmentDate = { index: number; text: string; past: boolean };

export function isAppointmentDate(segment: string, date: SegmentDate): boolean {
  if (date.past) return false;
  const folded = fold(segment);
  const before = folded.slice(0, date.index);
  const after = folded.slice(date.index + date.text.length);
  if (BEFORE_DATE.test(before) || AFTER_DATE.test(after) || OPENING_QUESTION.test(folded)) return false;
  if (OTHER_CONTACT.test(folded) || PAST_MARKERS.test(folded) || EXISTING_APPOINTMENT.test(folded)) return false;
  return !tokenize(folded).some(isPastVerb);
}
