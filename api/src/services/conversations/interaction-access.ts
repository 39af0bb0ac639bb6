import { AppError } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/** The parts of an interaction the conversation services work with. */
export type InteractionRef = {
  id: number;
  storeId: number;
  companyId: number;
  customerId: number;
  divisionId: string;
  convClosed: boolean;
};

/**
 * The interaction, after checking the user may act on its store: NOT_FOUND (on `field`) when it
 * does not exist, FORBIDDEN when its store is outside the user's scope.
 */
export async function loadInteractionForUser(sql: Sql, user: SessionUser, id: number, field: string): Promise<InteractionRef> {
  const [f] = await sql<InteractionRef[]>`
    select id, store_id, company_id, customer_id, division_id, conv_closed from future_service_interaction where id = ${id}`;
  if (!f) throw new AppError('NOT_FOUND', `Interaction ${id} does not exist`, [{ field, message: 'unknown interaction' }]);
  await assertStoreAccess(sql, user, f.storeId);
  return f;
}

/** The message's interaction and store, after the same scope check. */
export async function loadMessageForUser(
  sql: Sql,
  user: SessionUser,
  id: number,
  field: string,
): Promise<{ id: number; futureServiceInteractionId: number; storeId: number; direction: string; createdOn: Date }> {
  const [m] = await sql<{ id: number; futureServiceInteractionId: number; storeId: number; direction: string; createdOn: Date }[]>`
    select id, future_service_interaction_id, store_id, direction, created_on from message_instance where id = ${id}`;
  if (!m) throw new AppError('NOT_FOUND', `Message ${id} does not exist`, [{ field, message: 'unknown message' }]);
  await assertStoreAccess(sql, user, m.storeId);
  return m;
}
