import { fold } from './nlp';
import { revokesConsent } from './revocation';

/**
 * Rules for what must never be missed or mistaken, whatever the classifier thinks: an opt-out is a
 * legal obligation, and a wrong number or a car that is gone ends the campaign for this customer.
 * Also the readings that need no classifier: where a service was done, and replies that are only
 * a reaction or a phone's automatic answer. Patterns run on folded text (lower case, no accents).
 */

/** Whether the segment revokes consent to be texted. "I'll stop by tuesday" does not. */
export function isOptOut(segment: string): boolean {
  return revokesConsent(segment);
}

const WRONG_NUMBER = [
  /\bwrong (?:number|#|no\b|num\b|person|guy|girl|lady|contact|phone|name|customer|persona)/,
  /\bnumero equivocado\b|\bpersona equivocada\b|\bequivocad[oa]\b/,
  // "no Maria here", "there's no Jessica at this number"
  /\bno (?!one\b|more\b|need\b|thanks\b|problem\w*\b|issues?\b|complaints?\b|way\b|rush\b|worries\b)[a-z]+ (?:here|at this (?:number|phone|cell))\b/,
  // "this isn't Kevin's phone anymore", "this number belongs to Dana now"
  /\bthis (?:isn'?t|is not|isnt|aint) (?:\w+'?s|the|his|her) (?:phone|number|cell)\b/,
  // "this isnt carlos": a name denied, the whole clause.
  /^(?:sorry,? )?this (?:isn'?t|isnt|aint) (?!sure\b|interested\b|working\b|right\b|true\b|necessary\b|needed\b|me\b|a\b|the\b|my\b|it\b|what\b|good\b|fair\b|ok\b|okay\b)[a-z]+[.!]*$/,
  /\bthis (?:number|phone) (?:belongs|is registered) to\b/,
  /\b(?:got|have had|just got) this number\b/,
  /\bnot sure who (?:you'?re|ur|you are|u r) (?:looking|trying)\b/,
  /\bmy name (?:isn'?t|is not|isnt)\b/,
  // "this is not Linda", "it's not Mike": the whole clause denies being the person.
  /^(?:sorry,? )?(?:this|it'?s|its|this is|i'?m|i am) not (?!sure\b|interested\b|working\b|right\b|true\b|necessary\b|needed\b|me\b)[a-z]+[.!]*$/,
  /\b(?:doesn'?t|does not|don'?t|do not|no longer) (?:have|use|own) this (?:phone|number|cell)\b/,
  /\bnew (?:number|phone)\b(?!\s+is)/,
  /\b(?:nobody|no one|noone) (?:named|called|by (?:that|the) name)\b/,
];
// Never having had the car points to the wrong person; no longer having it does not.
const NEVER_OWNED = [
  /\b(?:never (?:had|owned)|do not own|don'?t own|dont own) (?:a|an|any) \w+/,
  /\bdon'?t (?:have|own) a (?:car|vehicle) with you\b/,
];
const NO_LONGER = /\b(?:anymore|any more|no longer|sold|traded)\b/;

/** Whether the segment says the text reached the wrong person. */
export function isWrongNumber(segment: string): boolean {
  const t = fold(segment);
  if (WRONG_NUMBER.some((p) => p.test(t))) return true;
  return !NO_LONGER.test(t) && NEVER_OWNED.some((p) => p.test(t));
}

// iMessage and Android reactions ('Liked "…"') and phones' automatic replies.
const REACTION = /^(?:liked|loved|disliked|laughed at|emphasi[sz]ed|questioned|reacted\b.*\bto)\s+["“”']/;
const AUTO_REPLY = /\b(?:sent from my (?:iphone|ipad|android|samsung|galaxy|phone|mobile)|do not disturb|driving with|auto[- ]?reply|automatic reply|out of (?:the )?office|i'?m driving|i am driving|i'?ll see (?:your )?messages when|this is an automated)\b/;

// A reply that is only a laugh, a "what" or a "who is this": nothing to act on.
// Laughs in English and Spanish ("jajaja", "jjjj", "kkkk"), "zzz", and a laugh beside an "ok".
const BARE_REACTION =
  /^(?:(?:lol+|lmao|lmfao|rofl|ha(?:ha)+h?|he(?:he)+|ja(?:ja)+j?|j{3,}|k{3,}|z{3,}|xd|huh|hm+|what|wut|wat|who'?s this|who is this|who dis|who)[\s?!.]*)+(?:\s*(?:ok|okay|k)\b)?[\s?!.]*$|^(?:ok|okay|k)\s+(?:lol+|lmao|haha\w*)[\s?!.]*$/;

/** Whether the whole reply is a reaction or an automatic reply rather than words to read. */
export function isAutomaticReply(text: string): boolean {
  const t = fold(text.trim());
  return REACTION.test(t) || AUTO_REPLY.test(t) || BARE_REACTION.test(t);
}

// The car is gone: sold, traded, totalled, stolen, given away, lease returned.
const VEHICLE_GONE =
  /\b(?:sold|traded (?:it|her|him|that|the \w+|this \w+)? ?in|traded (?:it|that|the \w+|this \w+)|totall?ed|wrecked it|(?:was|got) stolen|got rid of|no longer (?:own|have|drive)|(?:don'?t|do not|dont) (?:own|have) (?:it|that|the \w+|this \w+|a \w+|an \w+) ?(?:car |truck |vehicle )?(?:anymore|any more)|gave (?:it|that car|the car|that truck|the truck|it) (?:to|away|back)|lease (?:ended|is over|was up|expired)|turned (?:in )?the lease|turned in (?:my|the) lease|returned the lease|(?:haven'?t|have not|hasn'?t|has not) (?:had|owned|driven) (?:it|that|the \w+|this \w+) (?:\w+ )?(?:for|since|in)|repossessed|junked|scrapped|vend[ií]|ya no tengo)\b/;

/** Whether the segment says the customer no longer has the car. */
export function isVehicleGone(segment: string): boolean {
  return VEHICLE_GONE.test(fold(segment));
}

// Where a service already done was done. Other places first: "you guys are too far so my brother
// did it" is done elsewhere.
const DONE_ELSEWHERE =
  /\b(?:somewhere else|elsewhere|some other (?:place|shop)|different (?:shop|place|dealer\w*)|jiffy|valvoline|mechanic|another (?:dealer\w*|shop|place|store|location|garage)|other (?:dealer\w*|shop|place|garage)|local (?:shop|garage|guy)|my ?self|gas station|quick ?lube|lube|costco|walmart|sam'?s club|firestone|pep boys|midas|meineke|monro|take 5|discount tire|les schwab|goodyear|brother|cousin|buddy|friend|uncle|dad|hermano|independent|my guy|a shop|garage|\bthe dealer(?:ship)? (?:near|by|close to) (?:my|our)\b|\b(?!your\b|ur\b|this\b|the\b|you\b)\w+ dealer(?:ship)? (?:in|on|by|near) (?!(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)|(?:done|did it|serviced|changed|fixed) (?:at|by) (?!your|you|ur|y'?all|the dealership|this|here))\b/;
const DONE_HERE =
  /\b(?:you|u|your|ur|y'?all|yall|ustedes|with you|here|there|this (?:store|dealership|location)|in service|service (?:dept|department|desk))\b/;
const POLITE_YOU = /\b(?:thank(?:s| you)|see you|you know|if you|let you know)\b/g;

/** Of a service already performed: at this store, elsewhere, or the reply does not say. */
export function servicePlace(reply: string): 'SPA-SS' | 'SPA-AS' | 'SPA-XX' {
  const t = fold(reply).replace(POLITE_YOU, ' ');
  if (DONE_ELSEWHERE.test(t)) return 'SPA-AS';
  if (DONE_HERE.test(t)) return 'SPA-SS';
  return 'SPA-XX';
}
