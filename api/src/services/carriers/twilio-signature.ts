import { timingSafeEqual } from 'node:crypto';
import twilio from 'twilio';

/** Form parameters of a Twilio request: every value a string, repeated keys as arrays. */
export type TwilioParams = Record<string, string | string[]>;

/**
 * The address Twilio signed: the public base the carrier was given plus the path and query of
 * the request as it arrived (a proxy in front changes host and scheme, never path or query).
 */
export function signedUrl(publicUrl: string, requestUrl: string): string {
  // The path and query as they arrived: what follows the origin (`scheme://host[:port]`).
  const origin = requestUrl.indexOf('/', requestUrl.indexOf('//') + 2);
  return `${publicUrl.replace(/\/+$/, '')}${origin < 0 ? '/' : requestUrl.slice(origin)}`;
}

/** Whether `signature` (X-Twilio-Signature) is Twilio's signature of this request with `authToken`. */
export function isValidTwilioSignature(authToken: string | null | undefined, signature: string | undefined, url: string, params: TwilioParams): boolean {
  if (!authToken || !signature) return false;
  // Twilio signs the address exactly as the number's webhook names it, which is the address the
  // product gives it: one digest settles the usual request. Anything else gets the library's
  // whole check (the address with and without its port, and normalized).
  const given = Buffer.from(signature);
  const expected = Buffer.from(twilio.getExpectedTwilioSignature(authToken, url, params));
  if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  return twilio.validateRequest(authToken, signature, url, params);
}

/** The X-Twilio-Signature a request to `url` with `params` carries when signed with `authToken`. */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
