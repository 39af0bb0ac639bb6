import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, INVALID_LINK_MESSAGE, PUBLIC_LINK_DAYS, type PublicLinkPurpose } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/**
 * Signed links for the public pages. A token is `v1.{interactionId}.{subjectId}.{expiry}.{mac}`:
 * the interaction it opens, the person it was made for (a staff user, or the customer), when it
 * ends (seconds since the epoch), and an HMAC-SHA256 of all three plus the link's purpose under the
 * installation's secret. Nothing is stored per link: the secret alone tells a real link from a
 * forged or altered one, and a link made for one purpose (a feedback page) opens no other (the
 * deal room).
 */

export type LinkClaims = { interactionId: number; subjectId: number; expiresAt: Date };

const VERSION = 'v1';
const SECRET_MIN_LENGTH = 32;

function mac(secret: string, purpose: PublicLinkPurpose, interactionId: number, subjectId: number, expiry: number): Buffer {
  return createHmac('sha256', secret).update(`${purpose}|${interactionId}|${subjectId}|${expiry}`).digest();
}

export function signLink(
  secret: string,
  purpose: PublicLinkPurpose,
  claims: { interactionId: number; subjectId: number; expiresAt?: Date },
  now = new Date(),
): { token: string; expiresAt: Date } {
  const expiresAt = claims.expiresAt ?? new Date(now.getTime() + PUBLIC_LINK_DAYS[purpose] * 86_400_000);
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  const sig = mac(secret, purpose, claims.interactionId, claims.subjectId, expiry).toString('base64url');
  return { token: `${VERSION}.${claims.interactionId}.${claims.subjectId}.${expiry}.${sig}`, expiresAt: new Date(expiry * 1000) };
}

const forbidden = () => new AppError('FORBIDDEN', INVALID_LINK_MESSAGE, [{ field: 'query.token', message: 'invalid or expired link' }]);

const positive = (s: string | undefined) => (s !== undefined && /^[1-9]\d{0,15}$/.test(s) ? Number(s) : null);

/**
 * The claims of a token made for `purpose`, after checking its signature and expiry; FORBIDDEN
 * otherwise. `expect` holds ids the caller's query names: they must be the token's own, so a
 * token for interaction A never reads B.
 */
export function verifyLink(
  secret: string,
  purpose: PublicLinkPurpose,
  token: string,
  expect: { interactionId?: number; subjectId?: number } = {},
  now = new Date(),
): LinkClaims {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw forbidden();
  const interactionId = positive(parts[1]);
  const subjectId = positive(parts[2]);
  const expiry = positive(parts[3]);
  if (interactionId === null || subjectId === null || expiry === null) throw forbidden();
  const given = Buffer.from(parts[4]!, 'base64url');
  const wanted = mac(secret, purpose, interactionId, subjectId, expiry);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw forbidden();
  if (expiry * 1000 <= now.getTime()) throw forbidden();
  if (expect.interactionId !== undefined && expect.interactionId !== interactionId) throw forbidden();
  if (expect.subjectId !== undefined && expect.subjectId !== subjectId) throw forbidden();
  return { interactionId, subjectId, expiresAt: new Date(expiry * 1000) };
}

/** A stable fingerprint of a token, for remembering what one link already did. */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where the secret comes from: LINK_SECRET when set, else the installation's stored one. */
export type LinkSecretSource = { configured?: string | undefined };

const loaded = new WeakMap<Sql, Promise<string>>();

/**
 * The secret links are signed with: the configured one (LINK_SECRET), or one created once in the
 * database on first use and shared by every process on that database (the embedded default).
 */
export function linkSecret(sql: Sql, source: LinkSecretSource = {}): Promise<string> {
  if (source.configured) {
    if (source.configured.length < SECRET_MIN_LENGTH) throw new Error(`LINK_SECRET must be at least ${SECRET_MIN_LENGTH} characters`);
    return Promise.resolve(source.configured);
  }
  let secret = loaded.get(sql);
  if (!secret) {
    secret = loadStoredSecret(sql);
    loaded.set(sql, secret);
    // A failed read (database briefly down) must not be remembered.
    secret.catch(() => loaded.delete(sql));
  }
  return secret;
}

async function loadStoredSecret(sql: Sql): Promise<string> {
  const [existing] = await sql<{ secret: string }[]>`select secret from link_secret where id = 1`;
  if (existing) return existing.secret;
  await sql`insert into link_secret (id, secret) values (1, ${randomBytes(32).toString('base64url')}) on conflict (id) do nothing`;
  const [row] = await sql<{ secret: string }[]>`select secret from link_secret where id = 1`;
  return row!.secret;
}
