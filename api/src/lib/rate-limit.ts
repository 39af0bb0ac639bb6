import { AppError } from '@drivebay/shared';
import type { Sql } from '../db/database';

/**
 * The product's one rate limiter. Attempts are recorded in PostgreSQL and counted there, so every
 * API process sees the same numbers; two policies read them:
 * - a window: at most `max` requests within `windowMinutes` (public forms);
 * - a lockout: failures beyond the free ones make each further try wait, doubling up to a cap
 *   (sign-in), counted from the last failure.
 * A refusal is always TOO_MANY_ATTEMPTS whose message names the seconds to wait, which the error
 * handler turns into Retry-After.
 */

/** At most `max` requests within `windowMinutes`. */
export type Limit = { max: number; windowMinutes: number };

/** Failures allowed before waits begin, the first wait and its cap, and how far back failures count. */
export type Lockout = { freeFailures: number; firstWaitSeconds: number; maxWaitSeconds: number; windowMinutes: number };

/** One kind of request from one key (a phone number, an address) held to a window limit. */
export type WindowCheck = { kind: string; key: string; limit: Limit; message: string };

/** Recent failures of one key, as its owner counts them. */
export type FailureCount = { failures: number; lastFailure: Date | null };

/** Seconds a lockout asks for after `failures` recent failures: 0, then the first wait doubling up to the cap. */
export function lockoutSeconds(failures: number, lockout: Pick<Lockout, 'freeFailures' | 'firstWaitSeconds' | 'maxWaitSeconds'>): number {
  if (failures < lockout.freeFailures) return 0;
  return Math.min(lockout.firstWaitSeconds * 2 ** (failures - lockout.freeFailures), lockout.maxWaitSeconds);
}

/** Seconds still to wait under a lockout, counted from the last failure; 0 when none. */
export function lockoutWait(count: FailureCount, lockout: Lockout, now = Date.now()): number {
  const wait = lockoutSeconds(count.failures, lockout);
  if (!wait || !count.lastFailure) return 0;
  return Math.max(0, Math.ceil(wait - (now - count.lastFailure.getTime()) / 1000));
}

/** The refusal of every limit: the message names the seconds, for Retry-After. */
export function tooManyAttempts(message: string, field: string, waitSeconds: number): AppError {
  return new AppError('TOO_MANY_ATTEMPTS', message, [{ field, message: `retry after ${waitSeconds} seconds` }]);
}

/**
 * Seconds until one more request of this kind and key fits its window: 0 when it fits now, else
 * until the oldest request that keeps it full leaves the window.
 */
export async function windowWait(sql: Sql, kind: string, key: string, limit: Limit): Promise<number> {
  const [row] = await sql<{ at: Date }[]>`
    select attempted_on as at from public_request_attempt
    where kind = ${kind} and key = ${key} and attempted_on > now() - make_interval(mins => ${limit.windowMinutes})
    order by attempted_on desc offset ${limit.max - 1} limit 1`;
  if (!row) return 0;
  return Math.max(1, Math.ceil((row.at.getTime() + limit.windowMinutes * 60_000 - Date.now()) / 1000));
}

/** Throws TOO_MANY_ATTEMPTS for the first check that is over its window, naming the wait in minutes and seconds. */
export async function assertWithinWindows(sql: Sql, checks: WindowCheck[]): Promise<void> {
  for (const check of checks) {
    const wait = await windowWait(sql, check.kind, check.key, check.limit);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw tooManyAttempts(`${check.message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} (${wait} seconds).`, 'body', wait);
    }
  }
}

/** Counts one request against each check's kind and key, and forgets requests older than a day. */
export async function recordRequests(sql: Sql, checks: Pick<WindowCheck, 'kind' | 'key'>[]): Promise<void> {
  if (checks.length === 0) return;
  await sql`insert into public_request_attempt ${sql(checks.map((c) => ({ kind: c.kind, key: c.key })))}`;
  // Pruning on a small share of requests keeps the table short without a scheduled job.
  if (Math.random() < 0.02) await sql`delete from public_request_attempt where attempted_on < now() - interval '1 day'`;
}
