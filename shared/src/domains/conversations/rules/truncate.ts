/**
 * Short display text and the customer search filter of the lists (spec §5).
 */

/** Characters shown of a truncated text. */
export const TRUNCATE_LENGTH = 15;

/**
 * The first `max` characters and '...' when the text is longer; shorter text as it is. Characters
 * are counted as code points so an emoji is never cut in half. No text gives ''.
 */
export function truncateText(text: string | null | undefined, max: number = TRUNCATE_LENGTH): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, Math.max(0, max)).join('')}...` : text;
}

/** The row fields the search filter reads. */
export type SearchRow = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  cellular: string | null;
  custno: string | null;
  customerType?: string | null;
  conversationInitiated?: boolean | null;
};

/** The search filter; 'all' (or leaving a field out) lets every row through on that field. */
export type SearchFilter = {
  text?: string | null;
  customerType?: string | 'all' | null;
  conversationInitiated?: boolean | 'all' | null;
};

// Only digits and the punctuation people type in phone numbers.
const PHONE_QUERY = /^[\d\s().+-]*\d[\d\s().+-]*$/;

function matchesText(row: SearchRow, text: string): boolean {
  const query = text.trim().toLowerCase();
  if (!query) return true;
  const fullName = `${row.firstName ?? ''} ${row.lastName ?? ''}`;
  const fields = [row.firstName, row.lastName, fullName, row.email, row.cellular, row.custno];
  if (fields.some((f) => f?.toLowerCase().includes(query))) return true;
  // "(212) 555-0101" should find +12125550101: compare digits when the query is a phone number.
  if (!PHONE_QUERY.test(query) || !row.cellular) return false;
  return row.cellular.replace(/\D/g, '').includes(query.replace(/\D/g, ''));
}

/**
 * Whether a row passes the list's search filter. Text (trimmed, case-insensitive) matches part of
 * the first name, last name, "first last", email, cellular or customer number; a query written as
 * a phone number is also compared digit by digit with the cellular. Customer type must equal the
 * filter's; conversation-initiated must equal it, a missing value counting as not initiated.
 */
export function matchesSearch(row: SearchRow, filter: SearchFilter): boolean {
  if (filter.text && !matchesText(row, filter.text)) return false;
  const type = filter.customerType;
  if (type != null && type !== 'all' && row.customerType !== type) return false;
  const initiated = filter.conversationInitiated;
  if (initiated != null && initiated !== 'all' && (row.conversationInitiated ?? false) !== initiated) return false;
  return true;
}
