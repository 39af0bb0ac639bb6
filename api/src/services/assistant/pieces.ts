import { isAppointmentDate } from './appointment-context';
import { findDates, type DateMention, type DateReference } from './dates';
import { featuresOf } from './features';
import { isOptOut, isVehicleGone, isWrongNumber } from './rules';
import { splitSegments, type Segment } from './segments';

/** One segment of a reply with everything the rules and the classifier need to know about it. */
export type Piece = {
  text: string;
  index: number;
  /** Every date in the segment, positions relative to the reply. */
  dates: DateMention[];
  /** The dates offered for an appointment. */
  appointments: DateMention[];
  optOut: boolean;
  wrongNumber: boolean;
  vehicleGone: boolean;
  features: string[];
};

/** Reads a reply into its segments; the same reading serves training and analysis. */
export function readPieces(text: string, ref: DateReference): Piece[] {
  const allDates = findDates(text, ref);
  return joinAcrossDates(text, splitSegments(text), allDates).map((segment) => {
    const end = segment.index + segment.text.length;
    const dates = allDates.filter((d) => d.index >= segment.index && d.index < end);
    const appointments = dates.filter((d) =>
      isAppointmentDate(segment.text, { index: d.index - segment.index, text: d.text, past: d.past }),
    );
    const spans = dates.map((d) => ({
      index: d.index - segment.index,
      length: Math.min(d.text.length, end - d.index),
    }));
    return {
      text: segment.text,
      index: segment.index,
      dates,
      appointments,
      optOut: isOptOut(segment.text),
      wrongNumber: isWrongNumber(segment.text),
      vehicleGone: isVehicleGone(segment.text),
      features: featuresOf(segment.text, spans),
    };
  });
}

/** "on the 19th, around 8:30" is one date: its segments are joined again. */
function joinAcrossDates(text: string, segments: Segment[], dates: DateMention[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const previous = out[out.length - 1];
    const bridged =
      previous &&
      dates.some((d) => d.index < previous.index + previous.text.length && d.index + d.text.length > segment.index);
    if (previous && bridged) {
      out[out.length - 1] = { index: previous.index, text: text.slice(previous.index, segment.index + segment.text.length) };
    } else {
      out.push(segment);
    }
  }
  return out;
}

/** The features of a whole reply, for training on replies that carry one intent. */
export function replyFeatures(text: string, ref: DateReference): string[] {
  return featuresOf(text, findDates(text, ref).map((d) => ({ index: d.index, length: d.text.length })));
}
