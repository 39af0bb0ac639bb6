import { randomBytes } from 'node:crypto';
import { AppError } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { hashPassword, verifyPassword } from '../auth/password';
import { hashToken, type SessionUser } from '../auth/sessions';
import { announceSessionsEnded } from '../auth/session-ends';
import { recordAudit } from './audit';
import { sendPasswordLink, type AccountMail } from './mail';

/** The client page a password link opens. */
export const RESET_PASSWORD_PATH = '/reset-password';
const RESET_TTL_MS = 24 * 3600_000;
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

/** A one-time link to set a password, emailed to the user; returns the address it went to. */
export async function issuePasswordLink(
  sql: Sql,
  mail: AccountMail,
  o: { userId: number; publicUrl: string; invitation: boolean },
): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  await sql`insert into password_reset (token_hash, user_id, expires_on)
    values (${hashToken(token)}, ${o.userId}, ${new Date(Date.now() + (o.invitation ? INVITE_TTL_MS : RESET_TTL_MS))})`;
  const link = `${o.publicUrl.replace(/\/+$/, '')}${RESET_PASSWORD_PATH}?token=${token}`;
  return sendPasswordLink(sql, mail, { userId: o.userId, link, invitation: o.invitation, publicUrl: o.publicUrl });
}

/**
 * "Forgot password": emails a link when the username exists and is not blocked. The answer is
 * the same either way, so the call does not tell who has an account.
 */
export async function requestPasswordReset(sql: Sql, mail: AccountMail, o: { username: string; publicUrl: string }): Promise<void> {
  const [u] = await sql<{ id: number }[]>`select id from app_user where lower(username) = lower(${o.username}) and not blocked`;
  if (u) await issuePasswordLink(sql, mail, { userId: u.id, publicUrl: o.publicUrl, invitation: false });
}

/** Sets a password from a link: once, before it expires; every other session of the user ends. */
export async function resetPassword(sql: Sql, o: { token: string; password: string }): Promise<void> {
  const hash = await hashPassword(o.password);
  const ended = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    const [link] = await tx<{ userId: number }[]>`
      update password_reset set used_on = now() where token_hash = ${hashToken(o.token)} and used_on is null and expires_on > now()
      returning user_id`;
    if (!link) throw new AppError('VALIDATION_FAILED', 'This link has expired or was already used. Ask for a new one.', [{ field: 'body.token', message: 'expired or used' }]);
    await tx`update app_user set password_hash = ${hash}, password_changed_on = now() where id = ${link.userId}`;
    const sessions = await tx<{ tokenHash: string }[]>`update user_session set ended_on = now() where user_id = ${link.userId} and ended_on is null returning token_hash`;
    const [u] = await tx<{ enterpriseId: number; firstName: string; lastName: string; username: string }[]>`select enterprise_id, first_name, last_name, username from app_user where id = ${link.userId}`;
    await recordAudit(tx, { userId: link.userId, firstName: u!.firstName, lastName: u!.lastName, username: u!.username }, { enterpriseId: u!.enterpriseId, action: 'RESET_PASSWORD', entity: 'user', entityId: link.userId });
    return sessions.map((s) => s.tokenHash);
  });
  await announceSessionsEnded(sql, { tokenHashes: ended });
}

/** The signed-in user changes their own password; their other sessions end. */
export async function changePassword(sql: Sql, user: SessionUser, o: { currentPassword: string; newPassword: string }): Promise<void> {
  const [row] = await sql<{ passwordHash: string }[]>`select password_hash from app_user where id = ${user.userId}`;
  if (!row || !(await verifyPassword(row.passwordHash, o.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'The current password is not right', [{ field: 'body.currentPassword', message: 'not right' }]);
  }
  if (o.currentPassword === o.newPassword) throw new AppError('VALIDATION_FAILED', 'Choose a new password', [{ field: 'body.newPassword', message: 'same as the current one' }]);
  const hash = await hashPassword(o.newPassword);
  const ended = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update app_user set password_hash = ${hash}, password_changed_on = now() where id = ${user.userId}`;
    const sessions = await tx<{ tokenHash: string }[]>`update user_session set ended_on = now()
      where user_id = ${user.userId} and ended_on is null and token_hash <> ${user.tokenHash} returning token_hash`;
    await recordAudit(tx, user, { enterpriseId: user.enterpriseId, action: 'CHANGE_PASSWORD', entity: 'user', entityId: user.userId });
    return sessions.map((s) => s.tokenHash);
  });
  await announceSessionsEnded(sql, { tokenHashes: ended });
}
