/**
 * Phone rules of the lead form, the lists and the chat send path.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The warning the lead form shows for a number it refuses. */
export const INVALID_NUMBER_MESSAGE = 'Invalid Number';

/** Result of {@link validateLeadPhone}. */
export type LeadPhoneResult =
  | { ok: true; e164: string; digits: string }
  | { ok: false; message: typeof INVALID_NUMBER_MESSAGE };

/**
 * The lead form's phone rule: any letter makes the number invalid (so "555-CALL-NOW" is refused
 * rather than read as its digits); otherwise every non-digit is dropped and exactly ten digits
 * must remain. The form shows the +1 prefix beside the field, so an eleven-digit entry is
 * refused, not reinterpreted. A valid number is sent as +1 and the ten digits.
 */
export function validateLeadPhone(input: string): LeadPhoneResult {
  const digits = input.replace(/\D/g, '');
  if (/\p{L}/u.test(input) || digits.length !== 10) return { ok: false, message: INVALID_NUMBER_MESSAGE };
  return { ok: true, e164: `+1${digits}`, digits };
}

/**
 * Display format (xxx)-xxx-xxxx: a leading +1 and every non-digit are dropped first. The format
 * is the product's own, which is why libphonenumber's formatters do not produce it. Eleven digits
 * starting with 1 (the country code without its plus) are the same number. Anything that does not
 * come down to ten digits is shown as given (trimmed), so foreign numbers stay readable.
 */
export function formatPhoneDisplay(phone: string | null | undefined): string {
  if (!phone) return '';
  const trimmed = phone.trim();
  let digits = trimmed.replace(/^\+1/, '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return trimmed;
  return `(${digits.slice(0, 3)})-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * The customer number as the chat send path passes it on: reduced to digits and spaces, with a
 * plus put back in front when it starts with the country code 1. Ten-digit numbers are passed on
 * without a prefix, as the specification says; {@link toE164} is the strict form for a carrier.
 */
export function chatSendPhone(phone: string): string {
  const reduced = phone.replace(/[^\d ]/g, '').trim();
  return reduced.startsWith('1') ? `+${reduced}` : reduced;
}

const E164_SEEN_MAX = 5_000;
const e164Seen = new Map<string, string | null>();

/**
 * E.164 form of a number written in any common way, or null when it is not a valid number.
 * Validity is libphonenumber's full check (area code and exchange ranges), not just the length:
 * "123-456-7890" is refused, while the fictional 555-01xx numbers of the demo data are valid.
 */
export function toE164(input: string, defaultCountry: CountryCode = 'US'): string | null {
  const key = `${defaultCountry}:${input}`;
  const known = e164Seen.get(key);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  const e164 = parsed?.isValid() ? parsed.number : null;
  // The same few numbers arrive again and again (a store's texting number, its regular customers).
  if (e164Seen.size >= E164_SEEN_MAX) e164Seen.clear();
  e164Seen.set(key, e164);
  return e164;
}
