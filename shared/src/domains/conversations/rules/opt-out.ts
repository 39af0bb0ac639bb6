/**
 * Carrier keywords in an inbound text. The carrier acts on these itself (opt-out, opt-in, help
 * reply); the product must record them too and keep them away from the assistant.
 */

/** Replies that opt the number out of all texts from the sender. */
export const STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT', 'CANCEL', 'REVOKE', 'OPTOUT'] as const;
/**
 * Replies that opt a number back in. YES is left out on purpose: it is the most common answer to
 * the assistant's questions and must reach the assistant.
 */
export const START_KEYWORDS = ['START', 'UNSTOP'] as const;
/** Replies that ask for the help message. */
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

/** The three things a carrier keyword can mean. */
export type CarrierKeyword = 'STOP' | 'START' | 'HELP';

const MEANING = new Map<string, CarrierKeyword>([
  ...STOP_KEYWORDS.map((k) => [k, 'STOP'] as const),
  ...START_KEYWORDS.map((k) => [k, 'START'] as const),
  ...HELP_KEYWORDS.map((k) => [k, 'HELP'] as const),
]);

/**
 * The keyword a whole inbound body amounts to, or null. The body must be the keyword alone:
 * trimmed, any case, trailing punctuation ignored ("Stop.", "STOP!!"). Anything longer ("stop by
 * Tuesday", "cancel my appointment") is an ordinary message for the assistant.
 */
export function carrierKeyword(body: string): CarrierKeyword | null {
  const word = body.trim().replace(/[\s\p{P}]+$/u, '').toUpperCase();
  return MEANING.get(word) ?? null;
}
