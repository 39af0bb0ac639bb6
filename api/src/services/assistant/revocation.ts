import { fold } from './nlp';
import {
  CAPITAL_STOP, ENDS_WITH_STOP, KEEP_CONTACT, KEYWORD_ONLY, MAYBE, NOT_BEFORE_STOP, REVOKED, STOP_CONTACT,
} from './revocation-phrases';
import { respellWord } from './spelling';

/**
 * Whether a reply revokes consent to be texted. It runs before anything else reads the reply and
 * errs towards safety: a missed revocation is the costliest mistake the product can make (TCPA),
 * a needless one costs a customer.
 *
 * - `revoked`: the reply revokes consent; the conversation must opt the customer out.
 * - `maybe`: it might ("who gave you my number", "why do you keep texting"); a person should read
 *   it before anything else is sent.
 * - `none`: nothing in it revokes consent ("I'll stop by tuesday", "don't stop the reminders").
 */
export type Revocation = {
  kind: 'revoked' | 'maybe' | 'none';
  /** Which kind of wording decided it, for logs and the staff's "Show Intents". */
  reason: string;
};

const NONE: Revocation = { kind: 'none', reason: 'no revocation' };

/** Reads a whole reply, or one clause of it, for a revocation of consent. */
export function detectRevocation(text: string): Revocation {
  const capital = CAPITAL_STOP.exec(text);
  if (capital && !NOT_BEFORE_STOP.test(text.slice(0, capital.index)) && !KEEP_CONTACT.test(canonical(text))) {
    return { kind: 'revoked', reason: 'STOP in capitals' };
  }
  const clauses = text.split(/[.!?;,\n:()]+|\s+-+\s+/).map(canonical).filter(Boolean);
  const whole = canonical(text);
  for (const clause of [...clauses, whole]) {
    const found = revokedIn(clause);
    if (found) return { kind: 'revoked', reason: found };
  }
  for (const clause of [...clauses, whole]) {
    if (KEEP_CONTACT.test(clause)) continue;
    const maybe = MAYBE.find(([, p]) => p.test(clause));
    if (maybe) return { kind: 'maybe', reason: maybe[0] };
  }
  return NONE;
}

/** Whether a clause clearly revokes consent (the rules' STOP). */
export function revokesConsent(segment: string): boolean {
  return detectRevocation(segment).kind === 'revoked';
}

function revokedIn(clause: string): string | null {
  if (KEYWORD_ONLY.test(clause)) return 'keyword';
  // "please don't stop the reminders", "don't stop texting me": keep them coming.
  if (KEEP_CONTACT.test(clause)) return null;
  if (ENDS_WITH_STOP.test(clause)) return 'ends with stop';
  if (STOP_CONTACT.test(clause)) return 'stop contacting';
  return REVOKED.find(([, p]) => p.test(clause))?.[0] ?? null;
}

// Masked and softened profanity reads as the word it stands for, so "stop f***ing texting me" is
// "stop" + a word + "texting".
const PROFANITY = /\bf[*#@$!%.-]+\w*|\b(?:f-?ing|effing|freaking|frickin\w*|friggin\w*)\b/g;

/**
 * Folded (lower case, no accents), profanity unmasked, apostrophes dropped ("don't" is "dont"),
 * everything but words and digits turned to spaces, letters typed three times or more written
 * once ("stoppp", "pleaseee"), and the key words respelled ("stpo", "unsubscibe", "txting").
 */
export function canonical(text: string): string {
  return fold(text)
    // "S T O P", "u n s u b": letters typed apart are one word.
    .replace(/(?<!\p{L})\p{L}(?:[ .]\p{L}){2,}(?!\p{L})/gu, (m) => m.replace(/[ .]/g, ''))
    .replace(PROFANITY, ' fucking ')
    .replace(/#/g, ' number ')
    .replace(/'/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map(respellWord)
    .join(' ');
}
