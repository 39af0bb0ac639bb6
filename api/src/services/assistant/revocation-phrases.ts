import { STOP_KEYWORDS } from '@drivebay/shared';

/**
 * The ways customers revoke consent to texts, as patterns over canonical text (folded, key words
 * respelled, see revocation.ts). Consent can be revoked "in any reasonable manner" (FCC, 2024), so
 * these lean towards reading a revocation; the phrases that only might be one are kept apart and
 * hand the conversation to a person rather than opting out.
 */

// Carrier keywords and their one- or two-word equivalents, English and Spanish.
const KEYWORDS = [
  ...STOP_KEYWORDS.map((k) => k.toLowerCase()),
  'stop all', 'unsubscribe', 'opt ?out', 'opt-out', 'remove', 'remove me', 'alto', 'parar', 'para ya', 'baja', 'darme de baja',
  'cancelar', 'no mas', 'basta', 'ya basta', 'no more', 'enough', 'stop it', 'stop this', 'stop now',
];
const POLITE = '(?:please|now|just|ok|okay|so|omg|wtf|ffs|omfg|i said|for the last time|again|seriously|dude|bro|man|por favor|ya|already|asap|thanks|thank you|damn it|dammit|damn|fucking|fuckin|f|it|this|plz|lol|i mean it|man)';

/** A reply that is only a keyword, give or take politeness, impatience or profanity. */
export const KEYWORD_ONLY = new RegExp(`^(?:${POLITE}\\s+)*(?:${KEYWORDS.join('|')})(?:\\s+${POLITE})*$`);

/** The carrier keyword STOP typed in capitals anywhere in a reply, unless "STOP by/in". */
export const CAPITAL_STOP = /(?<![A-Za-z'-])(?:STOP|UNSUBSCRIBE|STOPALL)(?![A-Za-z'-])(?!\s+(?:by|in|over|on|at|sign|light|BY|IN|OVER|AT|SIGN)\b)/;
/** Words before a capital STOP that make it the verb or noun about the car ("it won't STOP"). */
export const NOT_BEFORE_STOP = /\b(?:a|the|(?<!\b(?:you|u|them|yall|guys) )to|every|won'?t|wont|doesn'?t|doesnt|didn'?t|didnt|can'?t|cant|not|never|will|would|bus|pit)\s+$/i;

/** "..., stop" or "this is harassment stop": a clause that ends in the keyword. */
export const ENDS_WITH_STOP =
  /(?<!\b(?:a|the|every|each|next|one|first|last|bus|pit|full|complete|sudden|sign|to|will|wont|won't|doesnt|didnt|never|gonna|cant|can't|wouldnt|would|should|not|dont|and|or|light|truck|rest|i|we|it|he|she|they|car|when|until|till|hard|quick|fully)\s)\bstop(?:\s+(?:please|now|it|already|asap|lol|thanks|por favor))*$/;

// "stop texting", "quit messaging me", "stop sending me these", "knock it off with the texts".
const CONTACT_WORD =
  '(?:texting|texts?|messag\\w*|messages|sms|send\\w*|contact\\w*|email\\w*|call\\w*|bug\\w*|bother\\w*|spam\\w*|harass\\w*|remind\\w*|writ\\w*|pester\\w*|hitting me up|blowing up my phone|mand\\w*|envi\\w*|escrib\\w*|molest\\w*)';
export const STOP_CONTACT = new RegExp(
  `\\b(?:stop+|quit|cease|knock it off|enough)(?!\\s+(?:by|in|over|on|into|at|past|through|for|off)\\b)\\s+(?:(?:\\w+\\s+){0,3}?${CONTACT_WORD}|these|them|this|the reminders|it|that)\\b(?!\\s+(?:noise|sound|thing|from (?:happening|leaking|squeaking|making|grinding)))`,
);
/** "please don't stop the reminders": the customer wants them to keep coming. */
export const KEEP_CONTACT = /\b(?:dont|do not|never|not)\s+stop\b/;

/** Clear revocations anywhere in a clause. */
export const REVOKED: ReadonlyArray<readonly [string, RegExp]> = [
  ['do not contact', /\b(?:dont|do not|never|no longer|please dont|pls dont)\s+(?:\w+\s+)?(?:text|message|messag\w*|sms|contact|email|bother|send)\w*\s+(?:me|us|this|my|to|again|anymore)\b|\bnever (?:text|contact|message) me\b|\bnever text this\b/],
  ['no more texts', /\b(?:no|enough with the|enough|no more of these|no more)\s+(?:more\s+)?(?:texts|text messages|messages|reminders|spam|textos|mensajes|texts from you)\b/],
  ['remove me', /\b(?:remove|delete|erase|lose)\s+(?:me|my (?:number|info\w*|phone|cell|name|contact\w*|data|#)|this (?:number|phone|#))\b|\b(?:take|get|put) (?:me|my number|this number|my #) off\b|\btake my (?:number|#|info) off\b|\boff (?:your|the|this|that|ur|ya|yall'?s?) (?:list|mailing list|contact list|texts|system|texting list)\b|\bremoved? from (?:your|the|these|this|ur) (?:list|texts|messages|system|reminders)\b|\bbe removed\b/],
  ['unsubscribe', /\bunsubscribe\b|\bopt(?:[\s-])?(?:me\s+)?out\b|\bsubscription\b/],
  ['leave me alone', /\bleave (?:me|us) (?:the \w+ )?alone\b|\bgo away\b|\bf\w* off\b|\bget lost\b/],
  ['does not want texts', /\b(?:dont|do not|no longer|never) (?:want|wish|need|like|care) (?:to (?:receive|get) )?(?:any more |anymore |no more |any |these |them |your |you |the |those |this )*(?:texts|messages|reminders|text messages|notifications|texts from you|msgs|spam)\b|\bno longer wish to receive\b|\bdont want (?:to get|to receive) (?:these|texts|messages)\b/],
  ['how do i stop them', /\bhow (?:do|can|would|could) i (?:get off|unsubscribe|opt out|stop (?:getting|receiving|these|this|them|the)|make (?:these|this|them|the texts|it) stop|get (?:these|this|them|the texts) to stop|get removed|get taken off|turn (?:these|this|them) off)\b/],
  ['discontinue', /\b(?:discontinue|halt|terminate|end) (?:these|the|all|your|my|this|those) (?:texts|messages|reminders|notifications|alerts)\b|\bcease and desist\b|\b(?:get|want|opt) out of (?:these|this|the|your|ur) (?:texts|messages|list|reminders)\b/],
  ['asked to stop', /\b(?:need|want|asking|ask|told|tell|telling|asked|begging|beg) (?:you|u|yall|them|you guys|you people) (?:to |2 )?stop\b(?!\s+(?:by|in|over|at|on)\b)/],
  ['what part of stop', /\bwhat part of (?:stop|no|unsubscribe)\b/],
  ['do not text', /^(?:please )?(?:dont|do not|never) (?:text|message|contact|email|sms)(?: me| us| this number| this phone)?(?: please)?$/],
  ['cancel the texts', /\bcancel (?:(?:these|the|all|my|your) )?(?:reminders|texts|messages|notifications|subscription|alerts)\b/],
  ['consent withdrawn', /\b(?:do not|dont|no longer) consent\b|\brevoke\w*\b|\bwithdraw (?:my )?consent\b/],
  ['never signed up', /\b(?:never|didnt|did not) (?:sign(?:ed)? up|signed up|agree(?:d)? to|ask(?:ed)? for) (?:for )?(?:this|these|them|any of this|texts)\b.*\b(?:stop|off|remove|unsubscribe|quit)\b/],
  ['spanish', /\bno (?:me )?(?:envie\w*|mande\w*|escrib\w*|text\w*|contact\w*|molest\w*|llam\w*)\b|\b(?:dejen|deje|dejar|dejes) de (?:enviar|mandar|escribir|textear|molestar|contactar)\w*\b|\bno (?:enviar|mandar|escribir)\w*\b|\b(?:quitar|borrar|eliminar|quiten|borren|eliminen) (?:mi|este) (?:numero|telefono|cel\w*)\b|\bbasta\b|\b(?:sacame|sacenme|saquenme|quitenme|quitame|borrenme|borrame|eliminenme) de\b|\b(?:borren|eliminen|quiten) mi\b|\bno (?:quiero|quiere|queremos) (?:recibir |que me \w+ )?(?:mas |sus |estos |ningun )?(?:mensajes|textos|texts|messages|nada)\b|\bya no (?:me )?(?:escriban|manden|envien|quiero|contacten|molesten)\b|\bno mas (?:mensajes|textos|texts|messages|por favor|please|pls)\b/],
];

/** Phrases that might revoke consent but do not say so clearly: a person reads them. */
export const MAYBE: ReadonlyArray<readonly [string, RegExp]> = [
  ['who gave you my number', /\b(?:who|how did you|how did yall|where did you) (?:gave|give|get|got) (?:you |yall )?(?:my|this) (?:number|#|info)\b/],
  ['why do you text me', /\bwhy (?:do|are|does|r|is) (?:you|yall|this|y'?all)?\s*(?:keep |still )?(?:texting|messaging|contacting|sending)\b|\bwhy am i (?:getting|receiving) (?:these|this|texts|messages)\b/],
  ['harassment', /\bharass\w*\b|\bspam\w*\b|\breport(?:ing)? (?:you|this|u)\b|\bblock(?:ing|ed)? (?:you|this|your|u)\b/],
  ['never signed up', /\b(?:never|didnt|did not) (?:sign(?:ed)? up|agree(?:d)?|ask(?:ed)? for (?:this|these|texts))\b/],
  ['too many texts', /\btoo many (?:texts|messages|reminders)\b|\b(?:texts|messages|reminders) (?:are|r) annoying\b/],
  ['stop in a sentence', /(?<!\b(?:a|the|every|each|next|one|bus|pit|full|complete|sudden|to|will|wont|never|not|dont|non|i|we|it|he|she|they|car|when|until|till)\s)\bstop\b(?!\s+(?:by|in|over|on|at|sign|light|driving|using|doing|going|taking|working|the (?:noise|car|leak|squeak\w*|grinding))\b)/],
  ['enough', /^enough\b|\bshut up\b/],
];
