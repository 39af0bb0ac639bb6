import { AppError, INITIATE_TEXT, type InitiateResult, type ServiceType } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import type { ServiceDeps } from '../conversations/deps';
import { loadInteractionForUser } from '../conversations/interaction-access';
import { createInteractions, initiateInteraction } from '../interactions';
import { assertStoreAccess } from '../org/scope';

const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Customers of a store matching a search, with their vehicles, for the start-a-conversation picker. */
export async function searchCustomers(sql: Sql, user: SessionUser, o: { storeId: number; search: string }) {
  await assertStoreAccess(sql, user, o.storeId);
  const term = likeTerm(o.search);
  const digits = o.search.replace(/\D/g, '');
  return sql<{ id: number; firstName: string; lastName: string; cellular: string | null; email: string | null; custno: string; activeInteractions: number; vehicles: { id: number; make: string; model: string; year: number; vin: string }[] }[]>`
    select c.id, c.first_name, c.last_name, c.cellular, c.email, c.custno,
      (select count(*)::int from future_service_interaction f where f.customer_id = c.id and f.conversation_initiated and not f.conv_closed) as active_interactions,
      coalesce((select json_agg(json_build_object('id', v.id, 'make', v.make, 'model', v.model, 'year', v.year, 'vin', v.vin) order by v.year desc, v.id)
        from service_vehicle v where v.customer_id = c.id), '[]') as vehicles
    from customer c
    where c.store_id = ${o.storeId} and (c.first_name ilike ${term} or c.last_name ilike ${term} or (c.first_name || ' ' || c.last_name) ilike ${term}
      or c.email ilike ${term} or c.custno ilike ${term} ${digits.length >= 3 ? sql`or c.cellular like ${`%${digits}%`}` : sql``})
    order by lower(c.last_name), lower(c.first_name), c.id limit 20`;
}

/** The start of one interaction by a person at the store (GET /api/service-workflow/initiate). */
export async function initiateForUser(deps: ServiceDeps, user: SessionUser, o: { interactionId: number; isForced: boolean }) {
  const f = await loadInteractionForUser(deps.sql, user, o.interactionId, 'query.id');
  const r = await initiateInteraction(deps, { interactionId: f.id, isForced: o.isForced, user: { id: user.userId, name: `${user.firstName} ${user.lastName}`.trim() } });
  return { ...r, message: INITIATE_TEXT.initiated };
}

/**
 * Starts a conversation with any customer about one of their vehicles (or none). The not-yet-started
 * interaction is created once and reused: a start refused with the forced-conversation warning
 * and then forced starts that same interaction, so nothing is created twice.
 */
export async function startConversation(
  deps: ServiceDeps,
  user: SessionUser,
  o: { customerId: number; serviceVehicleId: number | null; serviceType: ServiceType; isForced: boolean },
): Promise<InitiateResult & { message: string }> {
  const [c] = await deps.sql<{ id: number; storeId: number }[]>`select id, store_id from customer where id = ${o.customerId}`;
  if (!c) throw new AppError('NOT_FOUND', `Customer ${o.customerId} does not exist`, [{ field: 'body.customerId', message: 'unknown customer' }]);
  await assertStoreAccess(deps.sql, user, c.storeId);
  if (o.serviceVehicleId !== null) {
    const [v] = await deps.sql`select id from service_vehicle where id = ${o.serviceVehicleId} and customer_id = ${c.id}`;
    if (!v) throw new AppError('VALIDATION_FAILED', 'The vehicle is not this customer’s', [{ field: 'body.serviceVehicleId', message: 'not a vehicle of the customer' }]);
  }
  const interactionId = await deps.sql.begin(async (tx) => {
    await tx`select id from customer where id = ${c.id} for update`;
    const [existing] = await tx<{ id: number }[]>`
      select id from future_service_interaction
      where customer_id = ${c.id} and store_id = ${c.storeId} and service_type = ${o.serviceType} and not conversation_initiated and not conv_closed
        and service_vehicle_id is not distinct from ${o.serviceVehicleId} and metadata->>'source' = 'START_CONVERSATION'
      order by id desc limit 1`;
    if (existing) return existing.id;
    const [id] = await createInteractions(tx as unknown as Sql, [
      { storeId: c.storeId, customerId: c.id, serviceVehicleId: o.serviceVehicleId, serviceType: o.serviceType, metadata: { source: 'START_CONVERSATION', startedBy: user.userId } },
    ]);
    return id!;
  });
  deps.notifier.interactionsChanged(c.storeId, [interactionId]);
  try {
    return await initiateForUser(deps, user, { interactionId, isForced: o.isForced });
  } catch (err) {
    // The refusal names the interaction it kept, so a forced start from the warning reaches the same one.
    if (err instanceof AppError && err.code === 'VALIDATION_FAILED') {
      throw new AppError('VALIDATION_FAILED', err.message, [...err.details, { field: 'body.isForced', message: `interaction ${interactionId}` }]);
    }
    throw err;
  }
}
