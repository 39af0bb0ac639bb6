import { createHash, randomBytes } from 'node:crypto';
import type { EmpLevel, Role, UserScope } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { announceSessionsEnded } from './session-ends';

/**
 * How long a session lives without being used. Eight hours, the product's 28800000 ms constant:
 * one working shift. Each use slides the end forward (see touch below).
 */
export const SESSION_TTL_MS = 28_800_000;

/** Only a hash of the bearer token is stored, so a database read does not yield usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A signed-in user as every request sees it. */
export type SessionUser = UserScope & {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  tokenHash: string;
  expiresOn: Date;
};

export async function createSession(
  sql: Sql,
  opts: { userId: number; ip: string; userAgent: string | null },
): Promise<{ token: string; expiresOn: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresOn = new Date(Date.now() + SESSION_TTL_MS);
  await sql`insert into user_session (token_hash, user_id, expires_on, ip, user_agent)
    values (${hashToken(token)}, ${opts.userId}, ${expiresOn}, ${opts.ip}, ${opts.userAgent})`;
  return { token, expiresOn };
}

// A session's end moves forward at most once a minute, so reads do not each cost a write.
const TOUCH_INTERVAL_MS = 60_000;

/** The user behind a token, or null when the token is unknown, ended, expired or the user blocked. */
export async function findSession(sql: Sql, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await sql<
    {
      userId: number;
      username: string;
      firstName: string;
      lastName: string;
      empLevel: EmpLevel;
      enterpriseId: number;
      bocId: number | null;
      storeId: number | null;
      roles: Role[];
      expiresOn: Date;
      lastSeenOn: Date;
    }[]
  >`
    select u.id as user_id, u.username, u.first_name, u.last_name, u.emp_level, u.enterprise_id, u.boc_id, u.store_id,
      s.expires_on, s.last_seen_on,
      coalesce((select array_agg(r.role order by r.position) from user_role r where r.user_id = u.id), '{}') as roles
    from user_session s join app_user u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.ended_on is null and s.expires_on > now() and not u.blocked`;
  if (!row) return null;
  let expiresOn = row.expiresOn;
  if (Date.now() - row.lastSeenOn.getTime() > TOUCH_INTERVAL_MS) {
    expiresOn = new Date(Date.now() + SESSION_TTL_MS);
    await sql`update user_session set last_seen_on = now(), expires_on = ${expiresOn} where token_hash = ${tokenHash}`;
  }
  return {
    userId: row.userId,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    empLevel: row.empLevel,
    enterpriseId: row.enterpriseId,
    bocId: row.bocId,
    storeId: row.storeId,
    roles: row.roles,
    tokenHash,
    expiresOn,
  };
}

export async function endSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql`update user_session set ended_on = now() where token_hash = ${tokenHash} and ended_on is null`;
  await announceSessionsEnded(sql, { tokenHashes: [tokenHash] });
}

/** Where a store sits, for scope checks; null when there is no such store. */
export async function findStorePlace(
  sql: Sql,
  storeId: number,
): Promise<{ storeId: number; bocId: number; enterpriseId: number } | null> {
  if (!Number.isSafeInteger(storeId) || storeId <= 0) return null;
  const [row] = await sql<{ storeId: number; bocId: number; enterpriseId: number }[]>`
    select s.id as store_id, s.boc_id, b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${storeId}`;
  return row ?? null;
}
