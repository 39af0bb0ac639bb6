import {
  AppError,
  canAccessEnterprise,
  grantableRoles,
  type AdminUser,
  type EmpLevel,
  type Role,
  userCreateSchema,
  userUpdateSchema,
} from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import { hashPassword } from '../auth/password';
import { announceSessionsEnded } from '../auth/session-ends';
import type { SessionUser } from '../auth/sessions';
import { recordAudit } from './audit';
import { requireAction } from './guard';
import type { AccountMail } from './mail';
import { issuePasswordLink } from './passwords';
import { randomBytes } from 'node:crypto';

type Scope = { empLevel: EmpLevel; enterpriseId: number; bocId: number | null; storeId: number | null };

const LEVEL_RANK: Record<EmpLevel, number> = { SUPER: 0, ENTERPRISE: 1, BOC: 2, STORE: 3 };

/** Whether the administrator's scope covers the other scope entirely (a user they may manage or create). */
export function coversScope(admin: Scope, other: Scope): boolean {
  if (admin.empLevel === 'SUPER') return true;
  if (other.empLevel === 'SUPER' || admin.enterpriseId !== other.enterpriseId) return false;
  if (LEVEL_RANK[other.empLevel] < LEVEL_RANK[admin.empLevel]) return false;
  if (admin.empLevel === 'BOC') return other.bocId === admin.bocId;
  if (admin.empLevel === 'STORE') return other.storeId === admin.storeId;
  return true;
}

type UserRow = Omit<AdminUser, 'createdOn'> & { createdOn: Date };

const SELECT_USERS = (sql: Sql) => sql`
  select u.id as user_master_id, u.username, u.first_name, u.last_name, u.email, u.emp_level, u.enterprise_id, u.boc_id, u.store_id,
    u.division_id, u.blocked, u.guest, u.created_on,
    coalesce((select array_agg(r.role order by r.position) from user_role r where r.user_id = u.id), '{}') as roles
  from app_user u`;

const toUser = (r: UserRow): AdminUser => ({ ...r, createdOn: r.createdOn.toISOString() });

/** Users of an enterprise whose scope lies within the administrator's. */
export async function listUsers(sql: Sql, user: SessionUser, enterpriseId: number): Promise<AdminUser[]> {
  requireAction(user, 'USERS_VIEW');
  if (!canAccessEnterprise(user, enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const rows = await sql<UserRow[]>`${SELECT_USERS(sql)} where u.enterprise_id = ${enterpriseId} order by u.last_name, u.first_name, u.id`;
  return rows.filter((r) => coversScope(user, r)).map(toUser);
}

async function loadManaged(sql: Sql, admin: SessionUser, userId: number): Promise<AdminUser> {
  const [row] = await sql<UserRow[]>`${SELECT_USERS(sql)} where u.id = ${userId}`;
  if (!row) throw new AppError('NOT_FOUND', `User ${userId} does not exist`, [{ field: 'userId', message: 'unknown user' }]);
  if (!coversScope(admin, row)) throw new AppError('FORBIDDEN', 'This user is outside your access');
  // Nobody manages a user holding a role they could not give.
  const grantable = grantableRoles(admin.roles);
  if (row.roles.some((r) => !grantable.includes(r))) throw new AppError('FORBIDDEN', 'This user has a role above yours');
  return toUser(row);
}

/** Checks and completes a scope: the BOC and store exist, belong together and lie within the admin's. */
async function checkScope(sql: Sql, admin: SessionUser, s: Scope & { divisionId: string | null }, roles: Role[]): Promise<Scope & { divisionId: string | null }> {
  const grantable = grantableRoles(admin.roles);
  const refused = roles.filter((r) => !grantable.includes(r));
  if (refused.length) throw new AppError('FORBIDDEN', `You cannot give the role ${refused.join(', ')}`, [{ field: 'body.roles', message: 'not yours to give' }]);
  let { bocId } = s;
  const { storeId } = s;
  if (s.empLevel === 'STORE') {
    if (storeId === null) throw new AppError('VALIDATION_FAILED', 'Choose the store', [{ field: 'body.storeId', message: 'Choose the store' }]);
    const [st] = await sql<{ bocId: number; enterpriseId: number }[]>`select s.boc_id, b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${storeId}`;
    if (!st || st.enterpriseId !== s.enterpriseId) throw new AppError('VALIDATION_FAILED', 'The store is not in this enterprise', [{ field: 'body.storeId', message: 'not in the enterprise' }]);
    bocId = st.bocId;
  } else if (s.empLevel === 'BOC') {
    if (bocId === null) throw new AppError('VALIDATION_FAILED', 'Choose the BOC', [{ field: 'body.bocId', message: 'Choose the BOC' }]);
    const [b] = await sql<{ enterpriseId: number }[]>`select enterprise_id from boc where id = ${bocId}`;
    if (!b || b.enterpriseId !== s.enterpriseId) throw new AppError('VALIDATION_FAILED', 'The BOC is not in this enterprise', [{ field: 'body.bocId', message: 'not in the enterprise' }]);
  } else {
    const [e] = await sql`select 1 from enterprise where id = ${s.enterpriseId}`;
    if (!e) throw new AppError('VALIDATION_FAILED', 'Unknown enterprise', [{ field: 'body.enterpriseId', message: 'unknown enterprise' }]);
  }
  const scope = {
    empLevel: s.empLevel,
    enterpriseId: s.enterpriseId,
    bocId: s.empLevel === 'BOC' || s.empLevel === 'STORE' ? bocId : null,
    storeId: s.empLevel === 'STORE' ? storeId : null,
    divisionId: s.divisionId,
  };
  if (!coversScope(admin, scope)) throw new AppError('FORBIDDEN', 'This scope is wider than yours', [{ field: 'body.empLevel', message: 'outside your access' }]);
  return scope;
}

async function writeRoles(tx: Sql, userId: number, roles: Role[]) {
  await tx`delete from user_role where user_id = ${userId}`;
  const unique = [...new Set(roles)];
  await tx`insert into user_role ${tx(unique.map((role, position) => ({ user_id: userId, role, position })))}`;
}

/** Creates a user; without a password an invitation link is emailed. */
export async function createUser(
  sql: Sql,
  mail: AccountMail,
  admin: SessionUser,
  input: z.output<typeof userCreateSchema>,
  publicUrl: string,
): Promise<{ user: AdminUser; invitationSentTo: string | null }> {
  requireAction(admin, 'USERS_MANAGE');
  const scope = await checkScope(sql, admin, input, input.roles);
  if (!input.password && !input.email) throw new AppError('VALIDATION_FAILED', 'Give a password or an email to send the invitation to', [{ field: 'body.email', message: 'needed for an invitation' }]);
  // Without a password the account cannot be signed into until the invitation's link is used.
  const hash = await hashPassword(input.password ?? randomBytes(24).toString('base64url'));
  const id = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    const [row] = await tx<{ id: number }[]>`insert into app_user ${tx({
      username: input.username, password_hash: hash, first_name: input.firstName, last_name: input.lastName, email: input.email,
      emp_level: scope.empLevel, enterprise_id: scope.enterpriseId, boc_id: scope.bocId, store_id: scope.storeId, division_id: scope.divisionId, guest: input.guest,
    })} returning id`.catch((e) => {
      if ((e as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'This username is taken', [{ field: 'body.username', message: 'taken' }]);
      throw e;
    });
    await writeRoles(tx, row!.id, input.roles);
    const { password: _p, ...shown } = input;
    await recordAudit(tx, admin, { enterpriseId: scope.enterpriseId, action: 'CREATE', entity: 'user', entityId: row!.id, after: { ...shown, ...scope } });
    return row!.id;
  });
  const invitationSentTo = input.password ? null : await issuePasswordLink(sql, mail, { userId: id, publicUrl, invitation: true });
  const [row] = await sql<UserRow[]>`${SELECT_USERS(sql)} where u.id = ${id}`;
  return { user: toUser(row!), invitationSentTo };
}

export async function updateUser(sql: Sql, admin: SessionUser, userId: number, input: z.output<typeof userUpdateSchema>): Promise<AdminUser> {
  requireAction(admin, 'USERS_MANAGE');
  const before = await loadManaged(sql, admin, userId);
  const scope = await checkScope(sql, admin, input, input.roles);
  if (userId === admin.userId && input.roles.join() !== before.roles.join()) {
    throw new AppError('FORBIDDEN', 'You cannot change your own roles', [{ field: 'body.roles', message: 'your own' }]);
  }
  await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update app_user set first_name = ${input.firstName}, last_name = ${input.lastName}, email = ${input.email},
      emp_level = ${scope.empLevel}, enterprise_id = ${scope.enterpriseId}, boc_id = ${scope.bocId}, store_id = ${scope.storeId},
      division_id = ${scope.divisionId} where id = ${userId}`;
    await writeRoles(tx, userId, input.roles);
    await recordAudit(tx, admin, { enterpriseId: scope.enterpriseId, action: 'UPDATE', entity: 'user', entityId: userId, before, after: { ...input, ...scope } });
  });
  const [row] = await sql<UserRow[]>`${SELECT_USERS(sql)} where u.id = ${userId}`;
  return toUser(row!);
}

/**
 * Blocks a user: sign-in is refused and every session ends at once, live connections included
 * (the sync servers hear it through the session-end announcement); or unblocks them.
 */
export async function setBlocked(sql: Sql, admin: SessionUser, userId: number, blocked: boolean): Promise<AdminUser> {
  requireAction(admin, 'USERS_MANAGE');
  const before = await loadManaged(sql, admin, userId);
  if (userId === admin.userId) throw new AppError('FORBIDDEN', 'You cannot block yourself');
  const ended = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update app_user set blocked = ${blocked} where id = ${userId}`;
    const sessions = blocked
      ? await tx<{ tokenHash: string }[]>`update user_session set ended_on = now() where user_id = ${userId} and ended_on is null returning token_hash`
      : [];
    await recordAudit(tx, admin, { enterpriseId: before.enterpriseId, action: blocked ? 'BLOCK' : 'UNBLOCK', entity: 'user', entityId: userId, before: { blocked: before.blocked }, after: { blocked } });
    return sessions.map((s) => s.tokenHash);
  });
  if (blocked) await announceSessionsEnded(sql, { userIds: [userId], tokenHashes: ended });
  return { ...before, blocked };
}

/** Deletes a guest user (only guests: staff accounts are blocked, so their history keeps its author). */
export async function deleteGuest(sql: Sql, admin: SessionUser, userId: number): Promise<void> {
  requireAction(admin, 'USERS_MANAGE');
  const before = await loadManaged(sql, admin, userId);
  if (!before.guest) throw new AppError('CONFLICT', 'Only guest users can be deleted; block a staff user instead');
  const ended = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    const sessions = await tx<{ tokenHash: string }[]>`update user_session set ended_on = now() where user_id = ${userId} and ended_on is null returning token_hash`;
    await recordAudit(tx, admin, { enterpriseId: before.enterpriseId, action: 'DELETE_GUEST', entity: 'user', entityId: userId, before });
    await tx`delete from app_user where id = ${userId}`.catch((e) => {
      if ((e as { code?: string }).code === '23503') throw new AppError('CONFLICT', 'This guest has records that keep them; block them instead');
      throw e;
    });
    return sessions.map((s) => s.tokenHash);
  });
  await announceSessionsEnded(sql, { userIds: [userId], tokenHashes: ended });
}

/** An administrator sends a user a link to set a new password. */
export async function adminResetPassword(sql: Sql, mail: AccountMail, admin: SessionUser, userId: number, publicUrl: string) {
  requireAction(admin, 'USERS_MANAGE');
  const target = await loadManaged(sql, admin, userId);
  if (!target.email) throw new AppError('CONFLICT', 'This user has no email address to send the link to', [{ field: 'email', message: 'missing' }]);
  const sentTo = await issuePasswordLink(sql, mail, { userId, publicUrl, invitation: false });
  await recordAudit(sql, admin, { enterpriseId: target.enterpriseId, action: 'SEND_PASSWORD_RESET', entity: 'user', entityId: userId });
  return { message: 'Password reset link sent', sentTo };
}
