import { AppError, type Login, type UserData } from '@drivebay/shared';
import type { TransactionSql } from 'postgres';
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

type Counts = { accountFailures: number; accountLast: Date | null; addressFailures: number; addressLast: Date | null };

/**
 * Recent failures of this username (from any address, since its last success) and of this
 * address (for any username). Attempts still being checked count as failures: a burst of
 * parallel guesses is held to the free ones, not to however many slip in before the first fails.
 */
async function recentFailures(sql: TransactionSql, username: string, ip: string): Promise<Counts> {
  const [row] = await sql<Counts[]>`
    with since as (
      select coalesce(max(attempted_on), '-infinity'::timestamptz) as t
      from login_attempt where lower(username) = lower(${username}) and succeeded
    )
    select
      (select count(*)::int from login_attempt, since where lower(username) = lower(${username}) and succeeded is not true
         and attempted_on > since.t and attempted_on > now() - make_interval(mins => ${WINDOW_MINUTES})) as account_failures,
      (select max(attempted_on) from login_attempt where lower(username) = lower(${username}) and succeeded is not true) as account_last,
      (select count(*)::int from login_attempt where ip = ${ip} and succeeded is not true
         and attempted_on > now() - make_interval(mins => ${WINDOW_MINUTES})) as address_failures,
      (select max(attempted_on) from login_attempt where ip = ${ip} and succeeded is not true) as address_last`;
  return row!;
}

/**
 * Seconds before this username may try again from this address. An address that has been
 * guessing waits under both its own count and the account's; an address with no recent failure
 * is not held by the account's count, so guessing at an account from elsewhere never locks its
 * owner out of a correct sign-in (see docs/security.md).
 */
export function loginWait(c: Counts, now = Date.now()): number {
  const address = lockoutWait({ failures: c.addressFailures, lastFailure: c.addressLast }, PER_ADDRESS, now);
  const account = c.addressFailures > 0 ? lockoutWait({ failures: c.accountFailures, lastFailure: c.accountLast }, PER_USER, now) : 0;
  return Math.max(address, account);
}

/**
 * Decides whether this try may go ahead and, if so, records it as under way, in one short
 * transaction holding a lock per username and per address: two parallel tries cannot both read
 * the count before either is recorded.
 */
async function reserveAttempt(sql: Sql, username: string, ip: string): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`login:user:${username.toLowerCase()}`}))`;
    await tx`select pg_advisory_xact_lock(hashtext(${`login:ip:${ip}`}))`;
    const wait = loginWait(await recentFailures(tx, username, ip));
    if (wait > 0) throw tooManyAttempts(`Too many failed attempts. Try again in ${wait} seconds.`, 'body.username', wait);
    const [row] = await tx<{ id: number }[]>`insert into login_attempt (username, ip, succeeded) values (${username}, ${ip}, null) returning id`;
    return row!.id;
  });
}

export async function login(
  sql: Sql,
  opts: Login & { ip: string; userAgent: string | null },
): Promise<UserData> {
  const attemptId = await reserveAttempt(sql, opts.username, opts.ip);
  const [user] = await sql<{ id: number; passwordHash: string; blocked: boolean }[]>`
    select id, password_hash, blocked from app_user where lower(username) = lower(${opts.username})`;
  const ok = user
    ? await verifyPassword(user.passwordHash, opts.password)
    : await verifyPassword(await DUMMY_HASH, opts.password).then(() => false);
  await sql`update login_attempt set succeeded = ${ok && !user?.blocked} where id = ${attemptId}`;
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password');
  if (user.blocked) throw new AppError('FORBIDDEN', 'This account is blocked. Ask your administrator.');
  const session = await createSession(sql, { userId: user.id, ip: opts.ip, userAgent: opts.userAgent });
  return loadUserData(sql, user.id, session.token, session.expiresOn);
}
