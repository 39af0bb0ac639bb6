import { trainClassifier, type ClassifierOptions, type Ranking } from './classifier';
import { orderByPrecedence, type AnalyzeResponse, type AnalyzedSegment, type IntentCode } from '@drivebay/shared';
import type { LabelledReply } from './dataset';
import type { DateReference } from './dates';
import { speaksOfFutureOnly } from './features';
import { readPieces, replyFeatures, type Piece } from './pieces';
import { isRepairOrderQuestion } from './repair-order';
import { detectRevocation } from './revocation';
import { isAutomaticReply, servicePlace } from './rules';
import { withSpellingTolerance, type TolerantClassifier as IntentClassifier } from './spelling-tolerance';
import { trainingSamples } from './training';

export type AnalyzerOptions = ClassifierOptions & {
  /**
   * How sure the classifier must be before a clause adds an intent other than the reply's main
   * one. Clauses such as "I work from home" or "I'm downtown" explain a request; read alone they
   * look like other intents that would outrank it.
   */
  minConfidence?: number;
  /** How high that other intent must also rank when the whole reply is read (1 = first). */
  maxWholeRank?: number;
  /**
   * Below this probability of its main intent, a reading no rule decided is marked `uncertain`,
   * so the conversation hands off instead of acting on a guess.
   */
  uncertainBelow?: number;
};

export type ReplyAnalyzer = {
  analyze(text: string, ref: DateReference): AnalyzeResponse;
};

// Intents only the rules give: the classifier's guess is not enough to opt a customer out, drop
// a number or book a time.
const RULE_ONLY = new Set<IntentCode>(['STOP', 'WN', 'DT']);
const SERVICE_DONE = new Set<IntentCode>(['SPA-SS', 'SPA-AS', 'SPA-XX']);
// By cross-validation over the development and tuning sets (693 replies), 11 readings fall under
// 0.6 and 5 of them are wrong, about thirteen times the error rate of the rest; 0.9 would hand
// off 28 to catch 10. Naive Bayes is sure of itself, so few readings fall under any threshold.
const UNCERTAIN_BELOW = 0.6;

// Intents that ride along with another ("yes, ...", "..., thanks", "..., how long does it take?"),
// each with the concept a clause must show to carry it, so a stray clause cannot.
const COMPANIONS = new Map<IntentCode, string[]>([
  ['YES', ['§affirm', '§agree']],
  ['NO', ['§negate']],
  ['CUST-APPR', ['§thanks']],
  ['CQ', ['§question']],
]);

// "ok", "k": agreement when a day or time comes with it ("ok, tmrw at 11"), otherwise a bare "ok".
const ACKNOWLEDGEMENT = /^(?:ok(?:ay)?|k|kk|alright|all right|ok+)[\s!.]*$/i;

type Reading = AnalyzedSegment & { index: number; fromRule: boolean };
type Candidate = Reading & { piece: Piece; ranking: Ranking };

/** Trains the classifier on the replies and returns the analyzer around it. */
export function createAnalyzer(
  replies: readonly LabelledReply[],
  trainingRef: DateReference,
  options: AnalyzerOptions = {},
): ReplyAnalyzer {
  const samples = trainingSamples(replies, trainingRef);
  const classifier = withSpellingTolerance(trainClassifier(samples, options), samples);
  return { analyze: (text, ref) => analyzeReplyText(classifier, options, text, ref) };
}

function analyzeReplyText(classifier: IntentClassifier, options: AnalyzerOptions, text: string, ref: DateReference): AnalyzeResponse {
  // Opt-outs first, before anything can dismiss the reply as a reaction or a guess.
  const revocation = detectRevocation(text);
  const flags: Flags = { optOutUncertain: revocation.kind === 'maybe' };
  if (isAutomaticReply(text) || ACKNOWLEDGEMENT.test(text.trim()) || !/[\p{L}\p{N}]/u.test(text)) {
    if (revocation.kind !== 'revoked') return respond([{ text, intentName: 'MISC', confidence: 1, index: 0, fromRule: true }], [], flags);
  }
  const pieces = readPieces(text, ref);
  const hasAppointment = pieces.some((p) => p.appointments.length > 0);
  const wholeFeatures = replyFeatures(text, ref);
  const ruled = revocation.kind === 'revoked' || pieces.some((p) => p.optOut || p.wrongNumber || p.vehicleGone || p.appointments.length > 0);
  // Nothing the analyzer has ever seen ("asdfgh", "qwerty lol"): not a reply to act on.
  if (!ruled && !classifier.knowsAnyWord(wholeFeatures)) {
    return respond([{ text, intentName: 'MISC', confidence: 0, index: 0, fromRule: false }], [], { ...flags, uncertain: true });
  }
  // An opt-out is read as one even when it asks about the car: it goes on below.
  if (revocation.kind !== 'revoked' && isRepairOrderQuestion(text)) return repairOrderReading(pieces, text, flags);
  // The whole reply read at once: the surest guide to its main intent.
  const whole = withoutFutureServiceDone(classifier.rank(wholeFeatures, RULE_ONLY), text);
  const main = whole[0]?.label;
  flags.uncertain = !ruled && (whole[0]?.confidence ?? 0) < (options.uncertainBelow ?? UNCERTAIN_BELOW);

  const readings: Reading[] = [];
  const candidates: Candidate[] = [];
  for (const piece of pieces) readPiece(classifier, piece, hasAppointment, readings, candidates);

  const minConfidence = options.minConfidence ?? 0.9;
  const supported = new Set(whole.slice(0, options.maxWholeRank ?? 2).map((r) => r.label));
  for (const c of candidates) {
    const cues = COMPANIONS.get(c.intentName);
    const keep =
      c.intentName === main ||
      (cues ? cues.some((cue) => c.piece.features.includes(cue)) : c.confidence >= minConfidence && supported.has(c.intentName));
    if (keep) readings.push(c);
  }
  placeMainIntent(main, whole, hasAppointment, readings, candidates);
  if (readings.length === 0) readings.push({ text, index: 0, intentName: main ?? 'MISC', confidence: main ? confidenceOf(whole, main) : 0, fromRule: false });

  // The classifier learns "already performed" as one intent; the place is then read from the words.
  for (const r of readings) if (SERVICE_DONE.has(r.intentName)) r.intentName = servicePlace(text);
  // A revocation said across clauses ("no thanks and please take me off your list") is still one.
  if (revocation.kind === 'revoked' && !readings.some((r) => r.intentName === 'STOP')) {
    readings.push({ text, index: 0, intentName: 'STOP', confidence: 1, fromRule: true });
  }
  // MISC means "nothing else": it goes as soon as anything else was understood.
  const kept = readings.some((r) => r.intentName !== 'MISC') ? readings.filter((r) => r.intentName !== 'MISC') : readings;
  const dateTimes = pieces.flatMap((p) => p.appointments).map(({ text: t, start, hasTime }) => ({ text: t, start, hasTime }));
  return respond(kept, dateTimes, flags);
}

/**
 * A question about a car already in the shop: CQ, with a wrong number or a car that is gone the
 * rules read beside it, and no appointment: a day in it is when the customer hopes to have the
 * car back.
 */
function repairOrderReading(pieces: Piece[], text: string, flags: Flags): AnalyzeResponse {
  const readings: Reading[] = [];
  for (const p of pieces) {
    const ruled: IntentCode | null = p.wrongNumber ? 'WN' : p.vehicleGone ? 'NLO' : null;
    if (ruled) readings.push({ text: p.text, index: p.index, intentName: ruled, confidence: 1, fromRule: true });
  }
  // After what the rules read, so multiIntentNames keeps the question where the reply asks it.
  readings.push({ text, index: readings.length ? text.length : 0, intentName: 'CQ', confidence: 1, fromRule: true });
  return respond(readings, [], { ...flags, repairOrderQuestion: true });
}

/** The rules' reading of a segment, or the classifier's candidate for it. */
function readPiece(classifier: IntentClassifier, piece: Piece, hasAppointment: boolean, readings: Reading[], candidates: Candidate[]) {
  const at = (intentName: IntentCode, confidence: number, fromRule: boolean, t = piece.text, index = piece.index): Reading => ({
    text: t, intentName, confidence, index, fromRule,
  });
  if (piece.optOut) return void readings.push(at('STOP', 1, true));
  if (piece.wrongNumber) return void readings.push(at('WN', 1, true));
  if (piece.vehicleGone) return void readings.push(at('NLO', 1, true));
  if (ACKNOWLEDGEMENT.test(piece.text)) return void readings.push(at(hasAppointment ? 'YES' : 'MISC', 1, true));
  const ranking = withoutFutureServiceDone(classifier.rank(piece.features, RULE_ONLY), piece.text);
  const guess = ranking[0];
  const date = piece.appointments[0];
  // A clause that is all date ("tuesday at 3", "can we do saturday 3/14?") is read as DT only.
  const allDate = !guess || classifier.rank(piece.features)[0]?.label === 'DT';
  if (date) readings.push(allDate ? at('DT', 1, true) : at('DT', 1, true, date.text, date.index));
  if (guess && !(date && allDate)) candidates.push({ ...at(guess.label, guess.confidence, false), piece, ranking });
}

/**
 * The main intent always counts. When no clause gave it, the clause that supports it most takes
 * it instead of its own guess, so each clause keeps one intent.
 */
function placeMainIntent(main: IntentCode | undefined, whole: Ranking, hasAppointment: boolean, readings: Reading[], candidates: Candidate[]) {
  if (!main || hasAppointment || candidates.length === 0 || readings.some((r) => r.intentName === main)) return;
  const host = candidates.reduce((a, b) => (confidenceOf(b.ranking, main) > confidenceOf(a.ranking, main) ? b : a));
  const reading = { text: host.text, index: host.index, intentName: main, confidence: confidenceOf(whole, main), fromRule: false };
  const at = readings.indexOf(host);
  if (at >= 0) readings.splice(at, 1, reading);
  else readings.push(reading);
}

/** "I'll get it done on my shift" is not a service already performed. */
function withoutFutureServiceDone(ranking: Ranking, text: string): Ranking {
  if (!ranking[0] || !SERVICE_DONE.has(ranking[0].label) || !speaksOfFutureOnly(text)) return ranking;
  const rest = ranking.filter((r) => !SERVICE_DONE.has(r.label));
  const total = rest.reduce((a, r) => a + r.confidence, 0) || 1;
  return rest.map((r) => ({ ...r, confidence: r.confidence / total }));
}

const confidenceOf = (ranking: Ranking, label: IntentCode) => ranking.find((r) => r.label === label)?.confidence ?? 0;

type Flags = { optOutUncertain?: boolean; uncertain?: boolean; repairOrderQuestion?: boolean };

function respond(readings: Reading[], dateTimes: AnalyzeResponse['dateTimes'], flags: Flags = {}): AnalyzeResponse {
  const inOrder = [...readings].sort((a, b) => a.index - b.index);
  const multiIntentNames = [...new Set(inOrder.map((r) => r.intentName))];
  const finalIntentNames = orderByPrecedence(multiIntentNames);
  // A clear opt-out leaves nothing uncertain about what to do.
  const optedOut = finalIntentNames[0] === 'STOP';
  return {
    intents: inOrder.map(({ text, intentName, confidence }) => ({ text, intentName, confidence: round(confidence) })),
    finalIntentNames,
    multiIntentNames,
    dateTimes,
    // Only present when true, so earlier readers of the response see the shape they know.
    ...(flags.optOutUncertain && !optedOut ? { optOutUncertain: true } : {}),
    ...(flags.uncertain && !optedOut ? { uncertain: true } : {}),
    ...(flags.repairOrderQuestion && !optedOut ? { repairOrderQuestion: true } : {}),
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
