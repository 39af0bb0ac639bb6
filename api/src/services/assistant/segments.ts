/**
 * Cuts a reply into the pieces that can each carry one intent: sentences, then clauses joined by a
 * comma, "but" or a new subject after "and", and a leading "yes"/"ok"/"no" or a trailing
 * "thanks" said in passing ("yes tuesday at 3", "already booked thx").
 */

/** A piece of the reply with its place in the original text. */
export type Segment = { text: string; index: number };

// Ends a piece: . ! ? ; … followed by a space or the end, a line break, a dash between words,
// brackets, a comma. A "." inside "9.30" or "a.m." and a "," inside "13,400" stay where they are.
const SENTENCE_BREAK = /(?:[.!?;…]+(?=\s|$)|[!?]+|\s*[\r\n]+\s*|\s+[-–—]+\s+|\s*[()]\s*|\s*,(?!\d)\s*)/g;
// Between two clauses: "but"; "and"/"y" only when a new subject or request follows, as in "yes and
// the window rattles" (two intents) rather than "pick up and drop off" (one).
const CLAUSE_BREAK = /(?:^|\s+)(?:but|pero)\s+|\s+(?:and|y)\s+(?=(?:the|my|i|i'?m|i'?ll|is|are|do|does|can|could|will|would|dont|don'?t|never|please|pls|also|el|la|mi|no)\b)/gi;
// An answer word that opens a longer reply ("yes tuesday at 3", "nah already got it done").
const LEADING_ANSWER = /^(?:yes+|yeah|yep|yup|yea|yah|sure(?: thing)?|ok(?:ay)?|k|kk|absolutely|definitely|s[ií]|claro(?: que s[ií])?|nope|nah)(?:\s+(?:please|pls|plz|por favor))?(?=[\s,!.]+(?!to\b)\S)/i;
// Words that also start other phrases ("great service", "no Maria here", "ya tengo cita"): split
// only before punctuation or a new clause.
const GUARDED_ANSWER = /^(?:(?:perfect|great|no|ya)(?:\s+(?:please|pls|plz))?(?=\s*[,!.]+\s*\S)|no(?=\s+(?:i|i'?m|im|we|it|its|it'?s|that|thats|but|sorry|not|never|already|just|sold)\b)|ya(?=\s+(?:please|pls|i|lets|let'?s|sure|sounds|book|set|go|schedule)\b))/i;
// What may follow an answer word without being a clause of its own.
const ANSWER_TAIL = /^(?:please|pls|plz|por favor|que s[ií]|thing|then|sir|ma'?am)?[\s!.]*$/i;
const TRAILING_THANKS = /[\s,]+((?:thanks|thank you|thx|ty|tysm|gracias)(?:\s+(?:so much|again|anyway|tho|though|a lot))?[!.\s]*)$/i;

/** The pieces of a reply, in order, without empty ones. */
export function splitSegments(text: string): Segment[] {
  const out: Segment[] = [];
  for (const sentence of splitBy(text, 0, SENTENCE_BREAK)) {
    for (const clause of splitBy(sentence.text, sentence.index, CLAUSE_BREAK)) {
      out.push(...splitAnswers(clause));
    }
  }
  return out.length > 0 ? out : [{ text: text.trim(), index: 0 }];
}

function splitBy(text: string, offset: number, pattern: RegExp): Segment[] {
  const pieces: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    push(pieces, text.slice(last, m.index + (/^[.!?;…]/.test(m[0]) ? m[0].length : 0)), offset + last);
    last = m.index + m[0].length;
  }
  push(pieces, text.slice(last), offset + last);
  return pieces;
}

function splitAnswers(segment: Segment): Segment[] {
  const pieces: Segment[] = [];
  let { text, index } = segment;
  const lead = LEADING_ANSWER.exec(text) ?? GUARDED_ANSWER.exec(text);
  if (lead && !ANSWER_TAIL.test(text.slice(lead[0].length).replace(/^[\s,]+/, ''))) {
    push(pieces, lead[0], index);
    const rest = text.slice(lead[0].length);
    const skipped = rest.length - rest.trimStart().length;
    index += lead[0].length + skipped;
    text = rest.trimStart().replace(/^[,!.]+\s*/, (m) => {
      index += m.length;
      return '';
    });
  }
  const tail = TRAILING_THANKS.exec(text);
  // "no thanks" is one answer, not a refusal followed by thanks.
  if (tail && tail.index > 0 && !/^\s*no\s*$/i.test(text.slice(0, tail.index))) {
    push(pieces, text.slice(0, tail.index), index);
    push(pieces, tail[1]!, index + text.length - tail[1]!.length);
  } else {
    push(pieces, text, index);
  }
  return pieces;
}

function push(pieces: Segment[], raw: string, index: number) {
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  // Punctuation or an emoji alone is kept: "?" and "👍" are replies in their own right.
  if (text) pieces.push({ text, index: index + lead });
}
