/**
 * Response checks for the pages that must load fast (the login and the public lead forms). zod's
 * classic API costs ~23 KB compressed and zod/mini ~14 KB on such a page, more than the page's own
 * code; these few checks cost well under one. Each shape in shapes.ts mirrors the classic schema
 * the API declares, and shapes.test.ts holds the two to the same answers.
 *
 * A parser returns the value with exactly the keys of its shape (unknown keys are dropped, as zod
 * drops them), or FAIL.
 */
export const FAIL: unique symbol = Symbol('does not match');
export type Parser<T> = (value: unknown) => T | typeof FAIL;

export const string: Parser<string> = (v) => (typeof v === 'string' ? v : FAIL);
export const boolean: Parser<boolean> = (v) => (typeof v === 'boolean' ? v : FAIL);
/** zod's `.int()`: a safe integer. */
export const int: Parser<number> = (v) => (Number.isSafeInteger(v) ? (v as number) : FAIL);

export const oneOf =
  <const T extends string>(values: readonly T[]): Parser<T> =>
  (v) =>
    values.includes(v as T) ? (v as T) : FAIL;

export const nullable =
  <T>(parse: Parser<T>): Parser<T | null> =>
  (v) =>
    v === null ? null : parse(v);

export const array =
  <T>(parse: Parser<T>): Parser<T[]> =>
  (v) => {
    if (!Array.isArray(v)) return FAIL;
    const out: T[] = [];
    for (const item of v) {
      const parsed = parse(item);
      if (parsed === FAIL) return FAIL;
      out.push(parsed);
    }
    return out;
  };

type Shape = Record<string, Parser<unknown>>;
export type Parsed<S extends Shape> = { [K in keyof S]: Exclude<ReturnType<S[K]>, typeof FAIL> };

export const object =
  <S extends Shape>(shape: S): Parser<Parsed<S>> =>
  (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const key in shape) {
      const parsed = shape[key]!((v as Record<string, unknown>)[key]);
      if (parsed === FAIL) return FAIL;
      out[key] = parsed;
    }
    return out as Parsed<S>;
  };

/** What the API client and the session storage call: the same answer shape as zod's `safeParse`. */
export type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };

export function withSafeParse<T>(parse: Parser<T>): { safeParse(value: unknown): SafeParse<T> } {
  return {
    safeParse(value) {
      const data = parse(value);
      return data === FAIL ? { success: false, error: { issues: [{ message: 'The value does not have the expected shape' }] } } : { success: true, data };
    },
  };
}
