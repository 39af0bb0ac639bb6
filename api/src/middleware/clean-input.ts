import type { MiddlewareHandler } from 'hono';
import { AppError } from '@drivebay/shared';
import type { AppEnv } from '../types';

/**
 * PostgreSQL refuses U+0000 in text (and in jsonb strings); any other character it stores. So the
 * only character the edge has to deal with is NUL.
 */
const NUL = '\u0000';

/** A carrier's text with the characters PostgreSQL refuses taken out: a customer's message is never lost over one. */
export function carrierText(value: string): string;
export function carrierText(value: string | undefined): string | undefined;
export function carrierText(value: string | undefined): string | undefined {
  return value?.includes(NUL) ? value.replaceAll(NUL, '') : value;
}

/** Every string in a carrier's payload (keys and values, any depth) passed through `carrierText`. */
export function carrierFields<T>(value: T): T {
  // Nearly every payload has no NUL at all: it is then given back as it came, without a copy.
  return holdsNul(value) ? withoutNul(value) : value;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    for (const key in value) if (key.includes(NUL) || holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return carrierText(value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [carrierText(k), withoutNul(v)])) as T;
  }
  return value;
}

const refuse = (field: string): never => {
  throw new AppError('VALIDATION_FAILED', `Invalid ${field}`, [{ field, message: 'must not contain the NUL character' }]);
};

/** The dotted path of the first key or string value holding a NUL, or null. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const here = `${path}.${key.replaceAll(NUL, '')}`;
      if (key.includes(NUL)) return here;
      const found = nulPath(v, here);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses, with a 400 naming the field, any path, query or body text that PostgreSQL could not
 * store, before a route sees it: otherwise the insert fails deep inside a service as a 500.
 * Carrier webhooks are left alone here (their signature covers the bytes as sent) and strip
 * such characters with `carrierText` once verified.
 */
export function cleanInput(skipPrefixes: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (skipPrefixes.some((p) => c.req.path.startsWith(p))) return next();
    if (c.req.path.includes(NUL)) refuse('path');
    const url = new URL(c.req.url);
    for (const [key, value] of url.searchParams) if (key.includes(NUL) || value.includes(NUL)) refuse(`query.${key.replaceAll(NUL, '')}`);
    const type = c.req.header('content-type') ?? '';
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json|x-www-form-urlencoded/i.test(type)) {
      // Read once; Hono keeps the text, and the route's own parsing reuses it.
      const text = await c.req.text();
      if (/json/i.test(type)) {
        if (text.includes('\\u0000') || text.includes(NUL)) {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined; // Malformed JSON is the route's to refuse.
          }
          const field = nulPath(body, 'body');
          if (field) refuse(field);
        }
      } else if (text.includes('%00') || text.includes(NUL)) {
        for (const [key, value] of new URLSearchParams(text)) if (key.includes(NUL) || value.includes(NUL)) refuse(`body.${key.replaceAll(NUL, '')}`);
      }
    }
    await next();
  };
}
