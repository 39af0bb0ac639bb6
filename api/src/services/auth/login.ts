import { AppError, type Login, type UserData } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { lockoutWait, tooManyAttempts, type Lockout } from '../../lib/rate-limit';
import { createSession } from './sessions';
import { hashPassword, verifyPassword } from './password';
import { loadUserData } from './user-data';

/** Failures allowed for one username before each further try must wait. */
export const FREE_FAILURES = 5;
/** Failures from one address, across usernames, before it must wait. */
export const FREE_FAILURES_PER_IP = 20;
const WINDOW_MINUTES = 15;
// 30 s doubling up to the window: a guesser gets a handful of tries an hour, a person who mistyped waits briefly.
const lockout = (freeFailures: number): Lockout => ({ freeFailures, firstWaitSeconds: 30, maxWaitSeconds: WINDOW_MINUTES * 60, windowMinutes: WINDOW_MINUTES });
const PER_USER = lockout(FREE_FAILURES);
const PER_ADDRESS = lockout(FREE_FAILURES_PER_IP);

// Verified when the username is unknown so both answers take the same time.
const DUMMY_HASH = hashPassword('drivebay-timing-equaliser');

/**
 * Seconds before this username may try again from this address. The attempts are the
 * login_attempt rows (kept for the audit too); a username's failures count since its last success.
 */
async function secondsToWait(sql: Sql, username: string, ip: string): Promise<number> {
  const [row] = await sql<{ userFailures: number; userLast: Date | null; ipFailures: number; ipLast: Date | null }[]>`
    with since as (
      select coalesce(max(attempted_on), '-infinity'::timestamptz) as t
      from login_attempt where lower(username) = lower(${username}) and succeeded
    )
    select
      (select count(*)::int from login_attempt, since where lower(username) = lower(${username}) and not succeeded
         and attempted_on > since.t and attempted_on > now() - make_interval(mins => ${WINDOW_MINUTES})) as user_failures,
      (select max(attempted_on) from login_attempt where lower(username) = lower(${username}) and not succeeded) as user_last,
      (select count(*)::int from login_attempt where ip = ${ip} and not succeeded
         and attempted_on > now() - make_interval(mins => ${WINDOW_MINUTES})) as ip_failures,
      (select max(attempted_on) from login_attempt where ip = ${ip} and not succeeded) as ip_last`;
  const now = Date.now();
  return Math.max(
    lockoutWait({ failures: row!.userFailures, lastFailure: row!.userLast }, PER_USER, now),
    lockoutWait({ failures: row!.ipFailures, lastFailure: row!.ipLast }, PER_ADDRESS, now),
  );
}

/**
 * Checks a username and password and opens a session. Repeated failures for a username or from
 * an address make further tries wait (TOO_MANY_ATTEMPTS, with the seconds left).
 */
export async function login(
  sql: Sql,
  opts: Login & { ip: string; userAgent: string | null },
): Promise<UserData> {
  const wait = await secondsToWait(sql, opts.username, opts.ip);
  if (wait > 0) {
    throw tooManyAttempts(`Too many failed attempts. Try again in ${wait} seconds.`, 'body.username', wait);
  }
  const [user] = await sql<{ id: number; passwordHash: string; blocked: boolean }[]>`
    select id, password_hash, blocked from app_user where lower(username) = lower(${opts.username})`;
  const ok = user
    ? await verifyPassword(user.passwordHash, opts.password)
    : await verifyPassword(await DUMMY_HASH, opts.password).then(() => false);
  await sql`insert into login_attempt (username, ip, succeeded) values (${opts.username}, ${opts.ip}, ${ok && !user?.blocked})`;
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password');
  if (user.blocked) throw new AppError('FORBIDDEN', 'This account is blocked. Ask your administrator.');
  const session = await createSession(sql, { userId: user.id, ip: opts.ip, userAgent: opts.userAgent });
  return loadUserData(sql, user.id, session.token, session.expiresOn);
}
