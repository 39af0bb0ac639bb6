import type { ResponseCategory } from '../../codes';

/** The intents that are also response categories of the reports. */
export const REPORTED_INTENTS = [
  'STOP', 'WN', 'NLO', 'CC', 'ASA', 'SPA-SS', 'SPA-AS', 'SPA-XX', 'LD', 'DD', 'EMP', 'CPAL', 'VI', 'REQ_LOANER',
  'REQ_PD', 'PRICE_CONCERN', 'SALES_INQ', 'CQ', 'CL', 'NIITB', 'POB', 'CUST-APPR', 'MISC',
] as const satisfies readonly ResponseCategory[];

/**
 * The intents only the conversation uses: they decide whether and when to book, and never appear
 * in the reports.
 */
export const CONVERSATION_ONLY_INTENTS = ['DT', 'YES', 'NO'] as const;

/** A code the assistant can give a customer's reply. */
export type IntentCode = (typeof REPORTED_INTENTS)[number] | (typeof CONVERSATION_ONLY_INTENTS)[number];

/** What each code means, in the order of the specification's table. */
export const INTENT_DESCRIPTIONS: Record<IntentCode, string> = {
  STOP: 'Opt-out: consent to texts revoked',
  WN: 'Wrong number, not this person',
  NLO: 'No longer owns the vehicle',
  CC: 'Complaint about past service or treatment',
  DT: 'Gives a date and/or time for an appointment',
  ASA: 'Already has an appointment scheduled',
  'SPA-SS': 'Service already performed at this store',
  'SPA-AS': 'Service already performed elsewhere',
  'SPA-XX': 'Service already performed, place not said',
  LD: 'Long distance, moved away',
  DD: 'A different person drives the car',
  EMP: 'The customer is an employee',
  CPAL: 'Prefers another location',
  VI: 'Reports a vehicle issue or symptom',
  REQ_LOANER: 'Asks for a loaner, rental or shuttle',
  REQ_PD: 'Asks for pickup and delivery',
  PRICE_CONCERN: 'Price too high, price question, coupon',
  SALES_INQ: 'Sales inquiry (trade-in, new car, lease end)',
  CQ: 'Other question (hours, location, duration, what is included)',
  CL: 'Contact later',
  NIITB: 'Not interested in booking by text, wants a call',
  POB: 'Prefers to book online',
  YES: 'Agrees to book',
  NO: 'Declines without another reason',
  'CUST-APPR': 'Thanks, praise',
  MISC: 'Anything else (a bare "ok", reactions, auto-replies)',
};

/** Every intent code, in the order of the specification's table. */
export const INTENT_CODES = Object.keys(INTENT_DESCRIPTIONS) as IntentCode[];

/**
 * Which intent routes the conversation when a reply carries several, strongest first. An opt-out
 * must win over everything (it is a legal obligation), and facts that end the campaign for this
 * customer (wrong number, car gone, a complaint) win over booking; a proposed time wins over the
 * softer signals because it is what the assistant acts on.
 */
export const INTENT_PRECEDENCE: readonly IntentCode[] = [
  'STOP', 'WN', 'NLO', 'CC', 'DT', 'ASA', 'SPA-SS', 'SPA-AS', 'SPA-XX', 'LD', 'DD', 'EMP', 'CPAL', 'VI',
  'REQ_LOANER', 'REQ_PD', 'PRICE_CONCERN', 'SALES_INQ', 'CQ', 'CL', 'NIITB', 'POB', 'YES', 'NO',
  'CUST-APPR', 'MISC',
];

const RANK = new Map<string, number>(INTENT_PRECEDENCE.map((code, i) => [code, i]));

/** Whether a string is one of the intent codes. */
export function isIntentCode(value: string): value is IntentCode {
  return RANK.has(value);
}

/** The distinct labels, strongest first by INTENT_PRECEDENCE; unknown strings are dropped. */
export function orderByPrecedence(labels: Iterable<string>): IntentCode[] {
  const known = new Set<IntentCode>();
  for (const label of labels) if (isIntentCode(label)) known.add(label);
  return [...known].sort((a, b) => RANK.get(a)! - RANK.get(b)!);
}

/** The label that routes the conversation, or null when there is none. */
export function primaryIntent(labels: Iterable<string>): IntentCode | null {
  return orderByPrecedence(labels)[0] ?? null;
}
