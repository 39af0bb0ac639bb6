import { AppError, canAccessBoc, canAccessEnterprise, canAdmin, type AdminAction } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/** Refuses (403) a user none of whose roles may take the action (docs/permissions.md). */
export function requireAction(user: SessionUser, action: AdminAction): void {
  if (!canAdmin(user.roles, action)) throw new AppError('FORBIDDEN', 'Your role does not allow this administrative action');
}

/** The action allowed and the enterprise within the user's scope. */
export function requireEnterprise(user: SessionUser, action: AdminAction, enterpriseId: number): void {
  requireAction(user, action);
  if (!canAccessEnterprise(user, enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  // Store- and BOC-level administrators change their own part, never the enterprise as a whole.
  if (action === 'ENTERPRISE_EDIT' && (user.empLevel === 'BOC' || user.empLevel === 'STORE')) {
    throw new AppError('FORBIDDEN', 'Only enterprise-level administrators change the enterprise');
  }
}

/** The action allowed and the BOC within the user's scope; returns its enterprise. */
export async function requireBoc(sql: Sql, user: SessionUser, action: AdminAction, bocId: number): Promise<{ enterpriseId: number }> {
  requireAction(user, action);
  const [boc] = await sql<{ enterpriseId: number }[]>`select enterprise_id from boc where id = ${bocId}`;
  if (!boc) throw new AppError('NOT_FOUND', `BOC ${bocId} does not exist`, [{ field: 'bocId', message: 'unknown BOC' }]);
  if (!canAccessBoc(user, { bocId, enterpriseId: boc.enterpriseId })) throw new AppError('FORBIDDEN', 'This BOC is outside your access');
  return boc;
}

/** The action allowed and the store within the user's scope; returns where it sits. */
export async function requireStore(sql: Sql, user: SessionUser, action: AdminAction, storeId: number) {
  requireAction(user, action);
  return assertStoreAccess(sql, user, storeId);
}
