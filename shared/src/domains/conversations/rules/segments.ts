/**
 * SMS length and segment count, as the carrier bills them. Twilio's own calculator does the
 * encoding work (GSM-7 with its two-unit extension characters, UCS-2 for anything else, emoji
 * as two UTF-16 units), so the counter in the editor agrees with the bill.
 */
import { SegmentedMessage } from 'sms-segments-calculator';

/** Encodings a text message can be sent in. */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** What {@link smsSegments} reports. */
export type SmsSegments = {
  encoding: SmsEncoding;
  segments: number;
  /** Code units billed: GSM-7 extension characters ({, €, ...) count 2, UCS-2 emoji count 2. */
  characters: number;
  /** Code units one segment holds: 160 or 70 for a single segment, 153 or 67 once split. */
  perSegment: number;
  /** Code units left in the last segment before another one starts. */
  remainingInSegment: number;
};

const SEGMENT_BITS = 1120;
const HEADER_BITS = 48;
const UNIT_BITS: Record<SmsEncoding, number> = { 'GSM-7': 7, 'UCS-2': 16 };

/**
 * Segments of an SMS text. An empty text is no message: 0 segments and a whole single segment
 * left.
 */
export function smsSegments(text: string): SmsSegments {
  const message = new SegmentedMessage(text);
  const encoding = message.encodingName;
  const unit = UNIT_BITS[encoding];
  const multipart = message.segmentsCount > 1;
  const perSegment = Math.floor((SEGMENT_BITS - (multipart ? HEADER_BITS : 0)) / unit);
  const characters = message.messageSize / unit;
  if (text === '') return { encoding, segments: 0, characters: 0, perSegment, remainingInSegment: perSegment };
  const last = message.segments[message.segments.length - 1];
  const remainingInSegment = last ? Math.floor(last.freeSizeInBits() / unit) : 0;
  return { encoding, segments: message.segmentsCount, characters, perSegment, remainingInSegment };
}
