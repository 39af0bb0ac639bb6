/**
 * Fractional order keys for cards in a lane: a card placed between two others gets a key that
 * sorts between theirs, so a move writes one card and never renumbers the lane (a renumbering
 * would make concurrent moves overwrite each other).
 *
 * Written here rather than taken from `fractional-indexing` (the well-kept library for this),
 * which is not a dependency of the product and cannot be added in this build; the algorithm is
 * the same midpoint-of-digit-strings idea, kept small and tested by property in the test file.
 *
 * A key is a base-62 fraction `0.d1d2d3…` written as its digits `d1d2d3…`, with digits in ASCII
 * order (`0-9`, `A-Z`, `a-z`), so plain string comparison (`<`, not `localeCompare`) is numeric
 * comparison. A key never ends in `0`: trailing zeros would give one number two spellings and
 * leave no room below the smallest key.
 */

export const ORDER_KEY_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = ORDER_KEY_DIGITS.length;

/** Matches a valid order key: base-62 digits, not empty, no trailing `0`. */
export const ORDER_KEY_PATTERN = /^[0-9A-Za-z]*[1-9A-Za-z]$/;

/** Whether `key` is a valid order key. */
export function isOrderKey(key: string): boolean {
  return ORDER_KEY_PATTERN.test(key);
}

/** Compares order keys as the board sorts them (code-unit order, which is numeric here). */
export function compareOrderKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function digit(key: string, i: number): number {
  const c = key[i];
  return c === undefined ? 0 : ORDER_KEY_DIGITS.indexOf(c);
}

/**
 * Digits strictly between fractions `a` (may be '') and `b` (null means 1). Callers guarantee
 * a < b and that neither ends in `0`.
 */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    // Skip the common prefix, reading a missing digit of `a` as 0.
    let n = 0;
    while (n < b.length && (a[n] ?? '0') === b[n]) n += 1;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const lo = digit(a, 0);
  const hi = b === null ? BASE : digit(b, 0);
  if (hi - lo > 1) return ORDER_KEY_DIGITS[Math.round((lo + hi) / 2)]!;
  // Consecutive first digits: `b`'s first digit alone lies strictly between when `b` goes on...
  if (b !== null && b.length > 1) return b.slice(0, 1);
  // ...otherwise keep `a`'s first digit and go one digit deeper above the rest of `a`.
  return ORDER_KEY_DIGITS[lo]! + midpoint(a.slice(1), null);
}

/** A key just above `a`: bump its first digit that is not the largest, keeping keys short on append. */
function keyAfter(a: string): string {
  for (let i = 0; i < a.length; i += 1) {
    const d = digit(a, i);
    if (d < BASE - 1) return a.slice(0, i) + ORDER_KEY_DIGITS[d + 1]!;
  }
  return midpoint(a, null);
}

/** A key just below `b`: lower its first digit above 1, keeping keys short on prepend. */
function keyBefore(b: string): string {
  for (let i = 0; i < b.length; i += 1) {
    const d = digit(b, i);
    // Lowering a 1 would leave a 0 that may end the key; those cases take the midpoint below.
    if (d > 1) return b.slice(0, i) + ORDER_KEY_DIGITS[d - 1]!;
  }
  return midpoint('', b);
}

/**
 * A key that sorts strictly between `a` and `b`; null stands for "no card" at that end, so
 * `keyBetween(null, null)` starts an empty lane, `keyBetween(last, null)` appends and
 * `keyBetween(null, first)` prepends. Throws a RangeError when a key is invalid or `a >= b`.
 *
 * Two clients inserting between the same neighbours at once get the same key; readers break
 * that tie by card id, and the next move between them still finds room.
 */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && !isOrderKey(a)) throw new RangeError(`invalid order key: ${JSON.stringify(a)}`);
  if (b !== null && !isOrderKey(b)) throw new RangeError(`invalid order key: ${JSON.stringify(b)}`);
  if (a !== null && b !== null && a >= b) {
    throw new RangeError(`order key ${JSON.stringify(a)} is not below ${JSON.stringify(b)}`);
  }
  if (a === null) return b === null ? ORDER_KEY_DIGITS[BASE / 2]! : keyBefore(b);
  if (b === null) return keyAfter(a);
  return midpoint(a, b);
}
