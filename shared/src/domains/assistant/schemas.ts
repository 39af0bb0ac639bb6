import { z } from 'zod';
import { isValidTimeZone } from '../../time/zoned-format';
import { INTENT_CODES } from './constants';

/** The longest reply analysed: ten SMS segments, more than any customer writes in one message. */
export const MAX_REPLY_LENGTH = 1600;

/**
 * Whether the runtime knows the zone by its IANA name. Fixed offsets such as "+05:00" are refused:
 * they carry no daylight-saving rules, so a reply about next month would resolve an hour off.
 */
export function isIanaTimeZone(zone: string): boolean {
  return /^[A-Za-z]/.test(zone) && isValidTimeZone(zone);
}

const intentCodeSchema = z.enum(INTENT_CODES);

/** A customer's reply to analyse, with the moment and zone its relative dates are read against. */
export const analyzeRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Enter the reply text')
    .max(MAX_REPLY_LENGTH, `The reply is longer than ${MAX_REPLY_LENGTH} characters`),
  /** When the reply was received; "tomorrow" is read from it. Defaults to now. */
  referenceTime: z.iso
    .datetime({ offset: true, message: 'Use an ISO-8601 date-time with an offset, e.g. 2026-03-10T15:00:00-04:00' })
    .optional(),
  /** The customer's zone; defaults to the signed-in user's store office zone. */
  timeZone: z.string().refine(isIanaTimeZone, 'Use an IANA time zone such as America/New_York').optional(),
});
export type AnalyzeRequest = z.infer<typeof analyzeRequestSchema>;

/** One analysed piece of the reply: a sentence or clause and the intent read in it. */
export const analyzedSegmentSchema = z.object({
  text: z.string(),
  intentName: intentCodeSchema,
  confidence: z.number().min(0).max(1),
});
export type AnalyzedSegment = z.infer<typeof analyzedSegmentSchema>;

/** A date or time for an appointment found in the reply. */
export const replyDateTimeSchema = z.object({
  /** The words of the reply it was read from. */
  text: z.string(),
  /** ISO-8601 in the customer's zone, with that zone's offset on that date. */
  start: z.string(),
  /** False when only a day was given; start is then 00:00 local. */
  hasTime: z.boolean(),
});
export type ReplyDateTime = z.infer<typeof replyDateTimeSchema>;

export const analyzeResponseSchema = z.object({
  intents: z.array(analyzedSegmentSchema),
  /** Every detected intent, strongest first; the first is the one that routes the conversation. */
  finalIntentNames: z.array(intentCodeSchema),
  /** Every detected intent in the order it appears in the reply. */
  multiIntentNames: z.array(intentCodeSchema),
  /** Appointment dates and times in the order given; when several are given the first one wins. */
  dateTimes: z.array(replyDateTimeSchema),
  /**
   * The reply may revoke consent to texts but does not clearly say so ("who gave you my number",
   * "why do you keep texting"). A revocation can be made "in any reasonable manner", so the
   * conversation stops and a person reads it rather than texting on. Absent when false.
   */
  optOutUncertain: z.boolean().optional(),
  /**
   * The reading is a guess: no rule decided it and the classifier was not sure enough. The
   * conversation hands off instead of acting on it. Absent when false.
   */
  uncertain: z.boolean().optional(),
  /**
   * The reply asks about a car already in the shop ("is my car ready", "when can I pick it up"):
   * answered from the repair order's board, not with appointment slots. Absent when false.
   */
  repairOrderQuestion: z.boolean().optional(),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;
