import { AppError, canAccessBoc, canAccessEnterprise, canManageDataSync } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/** FORBIDDEN unless one of the user's roles may change data-sync settings or bring data in. */
export function assertManager(user: SessionUser): void {
  if (!canManageDataSync(user.roles)) throw new AppError('FORBIDDEN', 'Only managers and administrators may change data sources, schedules and imports');
}

export function assertEnterprise(user: SessionUser, enterpriseId: number): void {
  if (!canAccessEnterprise(user, enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
}

/** The BOC's enterprise; NOT_FOUND / FORBIDDEN as for stores. */
export async function assertBocAccess(sql: Sql, user: SessionUser, bocId: number): Promise<{ enterpriseId: number }> {
  const [boc] = await sql<{ enterpriseId: number }[]>`select enterprise_id from boc where id = ${bocId}`;
  if (!boc) throw new AppError('NOT_FOUND', `BOC ${bocId} does not exist`, [{ field: 'bocId', message: 'unknown BOC' }]);
  if (!canAccessBoc(user, { bocId, enterpriseId: boc.enterpriseId })) throw new AppError('FORBIDDEN', 'This BOC is outside your access');
  return boc;
}

/** The store's place, checked against the ids a call names with it (enterprise, BOC). */
export async function assertStorePlace(sql: Sql, user: SessionUser, o: { storeId: number; bocId?: number; enterpriseId?: number }) {
  const place = await assertStoreAccess(sql, user, o.storeId);
  if (o.bocId !== undefined && place.bocId !== o.bocId) throw new AppError('VALIDATION_FAILED', 'The store is not in this BOC', [{ field: 'boc_id_pk', message: 'not the store’s BOC' }]);
  if (o.enterpriseId !== undefined && place.enterpriseId !== o.enterpriseId) throw new AppError('VALIDATION_FAILED', 'The store is not in this enterprise', [{ field: 'enterprise_id', message: 'not the store’s enterprise' }]);
  return place;
}

/**
 * Stores of an enterprise the user may see, as a SQL condition on `s.id` values: the enterprise's
 * stores for enterprise and super users, the BOC's for BOC users, the one store for store users.
 */
export async function visibleStoreIds(sql: Sql, user: SessionUser, enterpriseId: number): Promise<number[]> {
  assertEnterprise(user, enterpriseId);
  const rows = await sql<{ id: number }[]>`
    select s.id from store s join boc b on b.id = s.boc_id
    where b.enterprise_id = ${enterpriseId}
      and (${user.empLevel} in ('SUPER', 'ENTERPRISE')
        or (${user.empLevel} = 'BOC' and s.boc_id = ${user.bocId ?? 0})
        or (${user.empLevel} = 'STORE' and s.id = ${user.storeId ?? 0}))
    order by s.id`;
  return rows.map((r) => r.id);
}
