import twilio from 'twilio';

/** Form parameters of a Twilio request: every value a string, repeated keys as arrays. */
export type TwilioParams = Record<string, string | string[]>;

/**
 * The address Twilio signed: the public base the carrier was given plus the path and query of
 * the request as it arrived (a proxy in front changes host and scheme, never path or query).
 */
export function signedUrl(publicUrl: string, requestUrl: string): string {
  const u = new URL(requestUrl);
  return `${publicUrl.replace(/\/+$/, '')}${u.pathname}${u.search}`;
}

/** Whether `signature` (X-Twilio-Signature) is Twilio's signature of this request with `authToken`. */
export function isValidTwilioSignature(authToken: string | null | undefined, signature: string | undefined, url: string, params: TwilioParams): boolean {
  if (!authToken || !signature) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}

/** The X-Twilio-Signature a request to `url` with `params` carries when signed with `authToken`. */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
