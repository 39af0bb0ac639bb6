import { AppError } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/** At most `max` requests within `windowMinutes`. */
export type Limit = { max: number; windowMinutes: number };

export type LimitCheck = { kind: string; key: string; limit: Limit; message: string };

/**
 * Seconds until one more request of this kind and key fits its limit: 0 when it fits now, else
 * until the oldest request that keeps it full leaves the window. Counted in PostgreSQL, so every
 * API process sees the same numbers.
 */
export async function secondsUntilAllowed(sql: Sql, kind: string, key: string, limit: Limit): Promise<number> {
  const [row] = await sql<{ at: Date }[]>`
    select attempted_on as at from public_request_attempt
    where kind = ${kind} and key = ${key} and attempted_on > now() - make_interval(mins => ${limit.windowMinutes})
    order by attempted_on desc offset ${limit.max - 1} limit 1`;
  if (!row) return 0;
  return Math.max(1, Math.ceil((row.at.getTime() + limit.windowMinutes * 60_000 - Date.now()) / 1000));
}

/**
 * Throws TOO_MANY_ATTEMPTS for the first check that is over its limit. The message names the
 * wait in seconds: the error handler turns it into Retry-After.
 */
export async function assertWithinLimits(sql: Sql, checks: LimitCheck[]): Promise<void> {
  for (const check of checks) {
    const wait = await secondsUntilAllowed(sql, check.kind, check.key, check.limit);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw new AppError('TOO_MANY_ATTEMPTS', `${check.message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} (${wait} seconds).`, [
        { field: 'body', message: `retry after ${wait} seconds` },
      ]);
    }
  }
}

/** Counts one request against each check's kind and key, and forgets requests older than a day. */
export async function recordAttempts(sql: Sql, checks: Pick<LimitCheck, 'kind' | 'key'>[]): Promise<void> {
  if (checks.length === 0) return;
  await sql`insert into public_request_attempt ${sql(checks.map((c) => ({ kind: c.kind, key: c.key })))}`;
  // Pruning on a small share of requests keeps the table short without a scheduled job.
  if (Math.random() < 0.02) await sql`delete from public_request_attempt where attempted_on < now() - interval '1 day'`;
}
