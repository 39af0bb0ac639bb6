import { AppError, canAccessStore } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { findStorePlace, type SessionUser } from '../auth/sessions';

/** Throws NOT_FOUND for a store that does not exist and FORBIDDEN for one outside the user's scope. */
export async function assertStoreAccess(sql: Sql, user: SessionUser, storeId: number): Promise<{ bocId: number; enterpriseId: number }> {
  const place = await findStorePlace(sql, storeId);
  if (!place) throw new AppError('NOT_FOUND', `Store ${storeId} does not exist`, [{ field: 'storeId', message: 'unknown store' }]);
  if (!canAccessStore(user, place)) throw new AppError('FORBIDDEN', 'This store is outside your access');
  return place;
}
