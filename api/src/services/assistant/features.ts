import { cuesOf } from './cues';
import { fold, looksSpanish, tokenize, type Token } from './nlp';

/** A span of a text, by character offsets. */
export type Span = { index: number; length: number };

// Irregular past forms, which the "-ed" test below misses. Forms that read the same as the present
// ("set", "put") are left out: "set it up for monday" is not about the past.
const IRREGULAR_PAST = new Set([
  'was', 'were', 'did', 'had', 'got', 'came', 'went', 'took', 'made', 'brought', 'gave', 'told', 'said',
  'left', 'sold', 'paid', 'bought', 'drove', 'saw', 'ran', 'broke', 'kept', 'sent', 'spent', 'fixed',
]);

/** Whether a token is a verb in the past tense ("changed", "was", "did", "sold"). */
export function isPastVerb(t: Token): boolean {
  if (t.pos !== 'VERB' && t.pos !== 'AUX') return false;
  if (IRREGULAR_PAST.has(t.normal)) return true;
  return t.normal.endsWith('ed') && t.lemma !== t.normal;
}

// Texting shorthand and spellings written out, so "thx", "ty" and "thank you" count as one word.
const SHORTHAND: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:thank you|thankyou|thanx|thnx|thx|tysm|ty)\b/g, 'thanks'],
  [/\b(?:pls|plz|pleas|plse)\b/g, 'please'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\br\b/g, 'are'],
  [/\b(?:y'?all|you guys)\b/g, 'you all'],
  [/\b(?:yeah|yea|yep|yup|yah|yess+)\b/g, 'yes'],
  [/\b(?:nope|nah)\b/g, 'no'],
  [/\b(?:okay|kk|k)\b/g, 'ok'],
  [/\b(?:appt|apt|appts)\b/g, 'appointment'],
  [/\b(?:msg|msgs)\b/g, 'message'],
  [/\b(?:txt|txts)\b/g, 'text'],
  [/\b(?:im)\b/g, "i'm"],
  [/\b(?:ill)\b/g, "i'll"],
  [/\b(?:ive)\b/g, "i've"],
  [/\b(don|can|won|didn|doesn|isn|wasn|haven|hasn|wouldn|couldn|shouldn|aren)t\b/g, "$1't"],
  [/\brn\b/g, 'right now'],
  [/\b(?:bc|cuz|cause)\b/g, 'because'],
];

// The words of a service conversation in Spanish, in English, so that what was learnt from the
// (mostly English) examples applies to Spanish replies too. Patterns run on folded text.
const SPANISH: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bno gracias\b/g, 'no thanks'],
  [/\bmas tarde\b|\bluego\b|\bdespues\b/g, 'later'],
  [/\bno (?:prende|arranca|enciende)\b/g, "won't start"],
  [/\b(?:list[oa])\b/g, 'ready'],
  [/\b(?:terminaron|acabaron)\b/g, 'finished'],
  [/\b(?:quiero|queremos)\b/g, 'want'],
  [/\b(?:nuevo|nueva)\b/g, 'new'],
  [/\b(?:ruido|ruidos)\b/g, 'noise'],
  [/\b(?:frenos?)\b/g, 'brakes'],
  [/\b(?:llantas?)\b/g, 'tires'],
  [/\b(?:motor)\b/g, 'engine'],
  [/\b(?:trabajo)\b/g, 'work'],
  [/\b(?:lejos)\b/g, 'far away'],
  [/\b(?:otra|otro)\b/g, 'other'],
  [/\b(?:manana)\b/g, 'tomorrow'],
  [/\b(?:ayer)\b/g, 'yesterday'],
  [/\b(?:semana)\b/g, 'week'],
  [/\b(?:cambiar)\b/g, 'trade'],
  [/\b(?:servicio)\b/g, 'service'],
  [/\bgracias\b/g, 'thanks'],
  [/\bya\b/g, 'already'],
  [/\b(?:tengo|tiene|tenemos)\b/g, 'have'],
  [/\bcita\b/g, 'appointment'],
  [/\bse hizo\b|\blo hicieron\b|\bhicieron\b|\bhecho\b/g, 'done'],
  [/\bvendi\b|\bvendimos\b/g, 'sold'],
  [/\b(?:carro|coche|auto|vehiculo)\b/g, 'car'],
  [/\b(?:me mude|nos mudamos|mude)\b/g, 'moved'],
  [/\b(?:llamenme|llameme|llamame|llamen)\b/g, 'call me'],
  [/\bcuanto\b/g, 'how much'],
  [/\b(?:cuesta|cuestan|costar|cobran|precio)\b/g, 'cost'],
  [/\b(?:me )?trataron mal\b|\bmal servicio\b|\bpesimo\b|\bmuy mal\b/g, 'bad experience'],
  [/\besposo\b/g, 'husband'],
  [/\besposa\b/g, 'wife'],
  [/\b(?:recoger|recojan)\b/g, 'pick up'],
  [/\bprestado\b/g, 'loaner'],
  [/\b(?:pagina|sitio)(?: web)?\b/g, 'website'],
  [/\babren\b/g, 'open'],
  [/\b(?:tienda|sucursal)\b/g, 'store'],
  [/\baceite\b/g, 'oil'],
  [/\bluz\b/g, 'light'],
  [/\bprendida\b/g, 'on'],
  [/\bhermano\b/g, 'brother'],
  [/\bcambio\b/g, 'changed'],
  [/\bultima vez\b/g, 'last time'],
  [/\bcobraron de mas\b/g, 'overcharged'],
  [/\bcarisimo\b|\bmuy caro\b/g, 'too expensive'],
  [/\b(?:escribeme|escribame|mandame)\b/g, 'text me'],
  [/\bel mes que viene\b|\bel proximo mes\b/g, 'next month'],
  [/\bprefiero\b/g, 'prefer'],
  [/\b(?:hablele|hablale)\b/g, 'talk to'],
  [/\bnecesito\b/g, 'need'],
  [/\bmientras\b/g, 'while'],
  [/\barreglan\b/g, 'fix it'],
  [/\bsi\b/g, 'yes'],
  [/\bclaro\b/g, 'sure'],
  [/\bnadie\b/g, 'nobody'],
  [/\bexplicacion\b/g, 'explanation'],
];

/** Lower case, no accents, shorthand written out, Spanish service words in English. */
export function normalizeReply(text: string): string {
  let t = fold(text);
  if (looksSpanish(text)) for (const [pattern, replacement] of SPANISH) t = t.replace(pattern, replacement);
  for (const [pattern, replacement] of SHORTHAND) t = t.replace(pattern, replacement);
  return t;
}

// How many words a concept counts for. The classifier counts word presence only, so a concept is
// given weight by repeating it under distinct names. With a few hundred training replies, most
// words are seen once or twice while the concepts recur; measured by cross-validation, 4 to 8
// copies beat 1 by about ten points of accuracy, and adding pairs of words lost three.
const CUE_WEIGHT = 4;

// Concepts that many intents share (a question, "sounds good", texting) count for less.
const GENERIC_CUES = new Set(['§question', '§agree', '§contact']);
const GENERIC_CUE_WEIGHT = 2;

// A word that stands for a whole date, so "tuesday at 3" and "march 14 10am" look alike.
const DATE_WORD = 'xxdatexx';

/**
 * The classifier's tokens for one piece of a reply: its words (lower case, accents dropped,
 * shorthand written out), "?" (questions lean towards some intents), placeholders for
 * amounts, dates and emoji, and the concepts of cues.ts. Dates are passed in as spans, found
 * beforehand, so the classifier sees that a date is there without learning particular days.
 */
export function featuresOf(text: string, dates: readonly Span[] = []): string[] {
  let masked = text;
  for (const d of [...dates].sort((a, b) => b.index - a.index)) {
    masked = `${masked.slice(0, d.index)} ${DATE_WORD} ${masked.slice(d.index + d.length)}`;
  }
  const folded = normalizeReply(masked);
  const words: string[] = [];
  const extra: string[] = [];
  let past = false;
  for (const t of tokenize(folded)) {
    if (t.type === 'punctuation') {
      if (t.normal === '?') words.push('§?');
      continue;
    }
    if (isPastVerb(t)) past = true;
    if (t.normal === DATE_WORD) words.push('§date');
    else if (t.type === 'number' || t.type === 'ordinal') words.push('§num');
    else if (t.type === 'currency') words.push('§money');
    else if (t.type === 'emoji' || t.type === 'emoticon') {
      words.push(t.normal);
      extra.push('§emoji');
    } else if (t.type === 'word' || t.type === 'symbol' || t.type === 'hashtag') words.push(t.normal);
  }
  const features = [...words];
  if (past) features.push('§past');
  features.push(...extra);
  for (const cue of cuesOf(folded.replaceAll(DATE_WORD, ' '))) {
    const w = GENERIC_CUES.has(cue) ? GENERIC_CUE_WEIGHT : CUE_WEIGHT;
    for (let i = 0; i < w; i++) features.push(i ? `${cue}#${i}` : cue);
  }
  if (words.length <= 2) features.push('§short');
  return features;
}

const FUTURE = /\b(?:i'?ll|ill|i will|will|gonna|going to|i'?m going|planning to|plan to)\b/;
const PAST_WORDS = /\b(?:already|ago|last|yesterday|just had|just got|been)\b/;

/** Whether the text speaks of what will happen and nothing that has ("I'll get it done on shift"). */
export function speaksOfFutureOnly(text: string): boolean {
  const t = fold(text);
  return FUTURE.test(t) && !PAST_WORDS.test(t) && !tokenize(t).some(isPastVerb);
}
