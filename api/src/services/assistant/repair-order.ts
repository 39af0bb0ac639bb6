import { fold } from './nlp';

/**
 * Whether a reply asks about a car already in the shop: "is my car ready", "any update on my
 * truck", "when can I pick it up", "¿ya está listo mi carro?". The board of repair orders
 * answers these; offering appointment slots would be the wrong answer. No intent code of the
 * specification names them, so the result carries a flag beside the intent (CQ, a question).
 */
const VEHICLE = '(?:car|truck|van|vehicle|suv|jeep|ride|baby|\\w+)';
// "ready" as it gets typed.
const READY = '(?:ready|redy|reddy|rdy|raedy|done|finished|fixed)';
const REPAIR_ORDER_QUESTION: readonly RegExp[] = [
  new RegExp(`\\bis (?:my|the) ${VEHICLE} ${READY}\\b`),
  // A bare "ready yet?" to the service line can only mean the car it has.
  new RegExp(`^(?:hey |hi |so |ok )?${READY} yet\\b`),
  new RegExp(`\\b(?:is|will) (?:it|she|he) (?:be )?${READY}\\b(?!\\s+(?:by|for) (?:the|my) appointment)`),
  /\b(?:r|are) (?:u|you|you guys|yall|y'all|they) (?:guys )?(?:done|finished) (?:with|w) (?:my|it|the)\b/,
  /\b(?:did|have|has) (?:they|you|u|you guys|yall|the (?:tech\w*|mechanic\w*|shop|guys)) (?:guys )?(?:finish\w*|fix\w*|done|figure\w* out|look\w* at) (?:my|it|the|whats|what'?s)\b/,
  /\b(?:status|update|updates|news|eta) (?:on|of|for|about) (?:my|the) \w+/,
  /\b(?:any|an|what'?s the|whats the) (?:update|updates|news|eta|status)\b/,
  /\bwhen (?:can|will|could|do|should) i (?:pick|get|come get|come pick) (?:it|him|her|my \w+|the \w+)(?: \w+)? (?:up|back)\b|\bwhen (?:can|could) i (?:come )?(?:pick up|get) my \w+\b/,
  new RegExp(`\\bwhen (?:will|would|is) (?:it|my ${VEHICLE}|the ${VEHICLE}) (?:be )?${READY}\\b`),
  /\bwhat time (?:will|would|is) (?:it|my \w+|the \w+) (?:be )?(?:ready|done)\b/,
  /\bhow much longer (?:on|for|with|until) (?:my|the|it)\b|\bhow(?:'?s| is) my \w+ (?:coming|doing|looking)\b/,
  /\bcan i pick up my \w+\b/,
  /\b(?:ya )?(?:esta|estara) list[oa] (?:mi|el|la) \w+|\bcuando (?:puedo|podre|paso a) (?:recoger|buscar|pasar por) (?:mi|el|la)\b|\bya (?:terminaron|acabaron) (?:con )?(?:mi|el)\b|\bcomo va (?:mi|el) \w+/,
];

/** Whether the reply asks how a repair already under way is going. */
export function isRepairOrderQuestion(text: string): boolean {
  const t = fold(text).replace(/[^\p{L}\p{N}'?\s]/gu, ' ').replace(/\s+/g, ' ');
  return REPAIR_ORDER_QUESTION.some((p) => p.test(t));
}
