import { distance } from 'fastest-levenshtein';

/**
 * Customers type fast on phones: letters swapped ("stpo", "thrusday"), doubled or dropped
 * ("stopp", "wensday", "unsubscibe"), digits for letters ("st0p"). The words the assistant must
 * never miss are respelled before anything reads them; every other word is left as written,
 * because guessing at ordinary words turns "shop" into "stop".
 */

// Misspellings of the opt-out keywords and the words around them that an edit distance would
// not catch safely (a short word is one letter away from many others).
const VARIANTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:s+t+[o0]+p+|stpo|sotp|tsop|stp|stahp|stap|stopt|sstop)$/, 'stop'],
  [/^(?:unsub|unsubs|unsusbscribe|unsuscribe|unsubcribe|unsubscrib|unsubscribed)$/, 'unsubscribe'],
  [/^(?:te?x+t+(?:ing|in|n)|txting|txtin|txtng|texing|tetxing|textng|textting|textinf)$/, 'texting'],
  [/^(?:txts?|texs|textes|txt's|texts?s)$/, 'texts'],
  [/^(?:mesages|messges|messags|msgs|msges|mssgs|messeges|massages|mesgs|msg|mesage|messge|msj|msjs|mjs)$/, 'messages'],
  [/^(?:messaging|mesaging|msging|msgn|msgin)$/, 'messaging'],
  [/^(?:remvoe|remov|rmove|removee|remuve|remoce)$/, 'remove'],
  [/^(?:pls|plz|plez|pleas|plse|plss|pleasee|pleeze|plox)$/, 'please'],
  [/^(?:dnt|dont|don't|dun|doont)$/, 'dont'],
  [/^(?:u|yu|yoo)$/, 'you'],
  [/^(?:ur|yor|youre|you're)$/, 'your'],
  [/^(?:anymroe|anymor|nemore|anymore|any-more)$/, 'anymore'],
  [/^(?:mensages|mensjes|msjes|mensaje|mensajes)$/, 'mensajes'],
  [/^(?:cancle|cancell|cancl)$/, 'cancel'],
];

// Longer words whose misspellings are far from any other word: an edit distance finds them.
const FAR_WORDS = ['unsubscribe', 'harassment', 'harassing', 'messages', 'reminders', 'contacting'];

/** A folded word respelled as the keyword it was meant to be, or as written. */
export function respellWord(word: string): string {
  for (const [pattern, canonical] of VARIANTS) if (pattern.test(word)) return canonical;
  if (word.length >= 7) {
    for (const far of FAR_WORDS) {
      if (word[0] === far[0] && Math.abs(word.length - far.length) <= 2 && distance(word, far) <= 2) return far;
    }
  }
  return word;
}

const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
// Words within two letters of a weekday that are not one.
const NOT_WEEKDAYS = new Set(['midday', 'someday', 'sundae', 'monday', 'today', 'mayday', 'fridge', 'saturn']);

/**
 * "wensday", "thrusday", "satuday", "fridy" as the weekday meant, or null. The word must begin
 * like the weekday and end in "y"; one edit is allowed in six letters or fewer, two beyond.
 */
export function weekdayMisspelling(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 5 || !w.endsWith('y') || NOT_WEEKDAYS.has(w) || WEEKDAY_NAMES.includes(w)) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of WEEKDAY_NAMES) {
    if (name[0] !== w[0]) continue;
    const d = distance(w, name);
    if (d <= (w.length <= 6 ? 1 : 2) && d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** A reply with key words respelled, and where each character of it came from in the original. */
export type Respelled = { text: string; original: string; toOriginal(index: number): number };

// Shorthand of "tomorrow" and weekdays that the date parsers do not read.
const DAY_SHORTHAND: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:tomm|tmro|tmrow|tomoro|tomorro|tommoro|tommorow|tomorow|tmmrw|tmorrow|tomrw|2mro|2morow|2morro|2mrow)$/, 'tomorrow'],
  [/^(?:wednes|wensday|wendsday|wednsday|wedensday|wednesdy)$/, 'wednesday'],
  [/^(?:thrus|thrusday|thurday|thrsday)$/, 'thursday'],
];

/**
 * Respells misspelled weekdays and "tomorrow" in a reply so the date parsers read them, keeping a
 * map back to the customer's own words (the result quotes them as written).
 */
export function respellDays(text: string): Respelled {
  let out = '';
  const map: number[] = [];
  let last = 0;
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const word = m[0];
    const lower = word.toLowerCase();
    const fixed = DAY_SHORTHAND.find(([p]) => p.test(lower))?.[1] ?? weekdayMisspelling(lower);
    if (!fixed) continue;
    for (let i = last; i < m.index; i++) map.push(i);
    out += text.slice(last, m.index);
    for (let i = 0; i < fixed.length; i++) map.push(m.index + Math.min(i, word.length - 1));
    out += fixed;
    last = m.index + word.length;
  }
  for (let i = last; i <= text.length; i++) map.push(i);
  out += text.slice(last);
  return { text: out, original: text, toOriginal: (index) => map[Math.max(0, Math.min(index, map.length - 1))]! };
}
