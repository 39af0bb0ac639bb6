/**
 * Concepts a dealership's service desk knows, each a group of the many ways customers say it.
 * They are handed to the classifier as extra tokens, so a reply that says "courtesy car" is read
 * like one that says "loaner" even if no training reply used those words; the classifier still
 * learns from the data how much each concept counts for each intent.
 *
 * Patterns run on normalized text (see normalizeReply in features.ts): lower case, no accents,
 * shorthand written out, Spanish service words in English.
 */
const CUES: ReadonlyArray<readonly [string, RegExp]> = [
  ['loaner', /\b(loaners?|loner|rentals?|rent a car|courtesy (car|vehicle)|shuttle|ride (back|home|to work)|uber|lyft|prestado|enterprise|car to drive)\b/],
  ['pickup', /\b(pick(ing)?[- ]?(it )?up|pickup|come (get|grab)|grab it|send (a|someone|a driver|somebody)|driver|valet|deliver(y|ed)?|drop(ped)? (it )?(back )?(off )?(at|to) my|recoger|recojan|from my (house|home|office|place|work|job)|bring it back)\b/],
  ['price', /(\$\s?\d|\bwhat (does|do|would|will) [\w ]{0,25} run\b|\b(how much|price[ds]?|pricing|cost[s]?|charges?|expensive|pricey|cheap(er|est)?|coupons?|discounts?|specials?|quote[d]?|afford|budget|dollars|bucks|bill|price match|cuanto|cuesta|caro|carisimo|precio|descuento|military|senior|free)\b)/],
  ['sales', /\b(trade[sd]?(-| )?(in|up)?|trading|lease|leasing|buy|purchase|sell(ing)?|new (car|truck|suv|one|model|vehicle)|test drive|in stock|inventory|payoff|upgrade|financ(e|ing)|redesign|going for|options|hybrids?|models?|sales|for sale|used (cars?|trucks?|suvs?|vehicles?))\b/],
  ['moved', /\b(moved?|moving|relocat\w*|live in|living in|out of state|far away|too far|kinda far|away now|hours? away|miles away|overseas|stationed|deployed|college|the area|mude|vivo en|not local|across the country)\b/],
  ['gone', /\b(sold|traded|totaled|totalled|wrecked|stolen|got rid|gave (it|that|the car)|no longer (own|have)|(have|own) (it|that|the (?!phone|number)\w+|this (?!phone|number)\w+|a \w+) (anymore|any more)|lease (ended|is over|was up|returned)|turned (it |the lease )?in|gave it back|returned|vendi|ya no tengo|repossessed|junked|scrapped)\b/],
  ['done', /\b(already (done|did|had|got|taken|fixed|changed|serviced|came)|had it|had (the|my) \w+ (done|serviced|changed)|got it done|(had|got) (it|the \w+|my \w+) done|been done|done|did it|did my|took care|taken care|was there|was in|came in|just (had|got|did) (it|the|my|that)|fixed|changed|serviced|handled)\b/],
  ['elsewhere', /\b(jiffy|valvoline|mechanic|another (dealer|dealership|shop|place|store)|other (dealer|shop|place)|local shop|myself|gas station|quick lube|lube|costco|walmart|firestone|pep boys|midas|meineke|monro|take 5|discount tire|brother|cousin|buddy|uncle|hermano|independent|my guy|oil change place)\b/],
  ['store', /\b(you guys|you all|yall|y'all|your (shop|dealership|team|service|store|place|guys|techs?|dept|department|system|records)|ustedes|with you|at your|you did|you guys did|your advisor|mike|here)\b/],
  ['appt', /\b(appointment|appt|apt|scheduled|booked|on the books|confirmation|reservation|cita|already have one|set up for|made one|already (book|booked|scheduled|made|set)|(have|got) one (set up|scheduled|booked)|set up already)\b/],
  ['complaint', /\b(rude|terrible|horrible|awful|worst|scratch\w*|damag\w*|dent|not happy|unhappy|never (called|got back|returned)|waited|still waiting|frustrat\w*|dangerous|overcharg\w*|cobraron|de mas|ripped off|disappoint\w*|complain\w*|unacceptable|ridiculous|grease|dirty|no record|why would i|no one will|nadie|explicacion|going elsewhere|never again|metal on metal|last visit|came back|nightmare|joke|incompetent|poor service|bad experience|upset|angry|pissed|furious|lied|unprofessional|waste of time|ignored|messed (it )?up|screwed (it )?up|botched|didn'?t fix|not fixed|had to (take|bring) it (back|somewhere else))\b/],
  ['symptom', /\b(lights?|noises?|sounds?|clunk\w*|grind\w*|squeak\w*|squeal\w*|rattl\w*|leak\w*|smells?|burning|pull(s|ing)?|shak(e|es|ing)|vibrat\w*|wont start|won'?t start|dead|died|battery|flat|nail|tire pressure|ac|a\/c|blowing|wipers?|transmission|slipping|beep\w*|stopped working|quit working|not working|check engine|abs|overheat\w*|luz|prendida|warning|stall\w*|jump|steering|brakes?|fob|window|streaking|spray)\b/],
  ['call', /\b((don'?t|dont|do not) (do|like) (this |that |it )?(over |by )?text\w*|over text|by text|call|calls|calling|phone|ring|talk to (a|someone|somebody|a person|a human)|speak (to|with)|llam\w*|a person|the number|whats the number|what's the number)\b/],
  ['later', /\b(later|next (month|week|year)|in a (few|couple|month|week)|few weeks|couple (of )?weeks|remind me|check back|reach out|get back|busy|out of town|until|till|not (right )?now|not this|maybe|spring|summer|fall|winter|closer to|when things|once|hit me up|ask me again|mes que viene|payday|after|then|in touch)\b/],
  ['online', /\b(online|website|web site|site|app|link|scheduler|internet|portal|my ?toyota|my ?honda|pagina|web)\b/],
  ['employee', /\b(i (\w+ )?work (here|there|at|in|for)|work (here|there|at your|in your|for you)|employee|coworker|co-worker|staff member|on shift|my shift|lunch break|internal system|in house|in-house|(i'?m|i am) (a|an|the) (\w+ ){1,2}(here|at (this|your))|here in the|texted an|this is \w+ from (sales|service|parts|finance)|porter|technician|tech here|detail shop|finance office|parts (dept|department)|trabajo aqui)\b/],
  ['driver', /\b(wife|husband|son|daughter|mom|mother|dad|father|boyfriend|girlfriend|roommate|grandson|granddaughter|partner|fleet|company car|drives (it|that|the)|drives it|her cell|his number|her number|esposo|esposa|hijo|hija|ask (him|her)|contact (him|her|them)|text (him|her)|tell (him|her)|his|her|he|she|let him know|let her know|pass it along|forward this|uses it)\b/],
  ['location', /\b(locations?|stores?|center|branch|closer(?! to (\d|when|the end))|downtown|north|south|east|west|other (store|location|dealer\w*|one)|that one|instead|route|rd|airport|midtown|eastgate|westside|book there|go there|switch|by my (house|work|job|home)|near (me|my)|min from me|minutes from me)\b/],
  ['thanks', /\b(thanks|thank|thx|ty|tysm|appreciate\w*|rock|rocks|you rock|the goat|goat|legend|lifesaver|muchas gracias|mil gracias|gracias|great service|the best|awesome|amazing|love|good job|takes care|heads up|avisar)\b/],
  ['affirm', /\b(yes|yeah|yep|yup|ya|yea|sure|absolutely|bet|fs|for sure|ofc|of course|aight|ight|yessir|down|dale|va|orale|definitely|si|claro|book (it|me)|schedule (me|it)|set (it|me) up|sounds good|lets do|let's do|go ahead|please schedule|perfect|count me in)\b/],
  ['negate', /\b(no|nope|nah|not interested|pass|don'?t need|dont need|im good|i'm good|not gonna|no sir|never mind|nevermind|not happening)\b/],
  ['question', /\?|\b(what|how|when|where|which|who|why|do you|does|is there|are you|can i|is it|do i|should i|que|cuando|donde)\b/],
  ['info', /\b(hours|open|opens|close|closed|walk ins?|walk-ins?|how long|wait|wifi|included|include|includes|cover|covers|due|bring anything|recall|entrance|located|address|abren|safe|take|takes|need the)\b/],
  ['wrong', /\b(wrong|who is this|who'?s this|not me|no one|nobody|dont know|don'?t know|isnt|isn'?t|my name|this number|equivocado|never had|don'?t own|business line|belongs to|looking for)\b/],
  ['contact', /\b(text|texts|texting|message|messages|messaging|msg|msgs|contact|contacting|email|emails|reminders?|mensajes?)\b/],
  ['agree', /\b(works|work for me|would be great|sounds|fine|good|great|perfect|please)\b/],
];

/** The concepts a folded text mentions, as classifier tokens. */
export function cuesOf(folded: string): string[] {
  const found: string[] = [];
  for (const [name, pattern] of CUES) if (pattern.test(folded)) found.push(`§${name}`);
  return found;
}
