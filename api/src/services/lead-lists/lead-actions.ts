import { AppError, CONTACT_LATER_MARK, type ServiceType, type UserFollowup } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { loadInteractionForUser } from '../conversations/interaction-access';
import type { InboxNotifier } from '../conversations/notifier';
import { UPDATE_SUCCESS } from '../conversations/update-ai-enabled';
import { assertStoreAccess } from '../org/scope';
import { placeStoreIds, type PlaceFilter } from './place';

type Deps = { sql: Sql; notifier: InboxNotifier };

async function flags(sql: Sql, id: number) {
  const [r] = await sql<{ id: number; aiEnabled: boolean; appointmentSet: boolean; convClosed: boolean; responseReqd: boolean; blockSms: boolean }[]>`
    select f.id, f.ai_enabled, f.appointment_set, f.conv_closed, f.response_reqd, c.block_sms
    from future_service_interaction f join customer c on c.id = f.customer_id where f.id = ${id}`;
  return { ...r!, message: UPDATE_SUCCESS };
}

/** One flag of a lead set from a list: appointment set, closed or open, response required. */
export async function setLeadFlag(
  deps: Deps,
  user: SessionUser,
  o: { interactionId: number; field: string; flag: 'appointment_set' | 'conv_closed' | 'response_reqd'; value: boolean },
) {
  const f = await loadInteractionForUser(deps.sql, user, o.interactionId, o.field);
  await deps.sql`update future_service_interaction set ${deps.sql(o.flag)} = ${o.value}, updated_on = now() where id = ${f.id}`;
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return flags(deps.sql, f.id);
}

/** Blocks or unblocks texts to a customer (every conversation of theirs). */
export async function setSmsBlock(deps: Deps, user: SessionUser, o: { customerId: number; blockSms: boolean }) {
  const [c] = await deps.sql<{ id: number; storeId: number }[]>`select id, store_id from customer where id = ${o.customerId}`;
  if (!c) throw new AppError('NOT_FOUND', `Customer ${o.customerId} does not exist`, [{ field: 'query.customerId', message: 'unknown customer' }]);
  await assertStoreAccess(deps.sql, user, c.storeId);
  const ids = await deps.sql<{ id: number; storeId: number }[]>`
    with u as (update customer set block_sms = ${o.blockSms} where id = ${c.id})
    select id, store_id from future_service_interaction where customer_id = ${c.id} order by id`;
  for (const r of ids) deps.notifier.interactionsChanged(r.storeId, [r.id]);
  // The flags of the customer's latest conversation; a customer with none answers with the block alone.
  const latest = ids.at(-1);
  if (latest) return flags(deps.sql, latest.id);
  return { id: 0, aiEnabled: false, appointmentSet: false, convClosed: false, responseReqd: false, blockSms: o.blockSms, message: UPDATE_SUCCESS };
}

/** The address of a conversation in the app, as the inbox opens it. */
export async function conversationLink(sql: Sql, user: SessionUser, interactionId: number, publicUrl: string | undefined) {
  const f = await loadInteractionForUser(sql, user, interactionId, 'query.future-service-interaction-id');
  const base = (publicUrl ?? '').replace(/\/$/, '');
  return { futureServiceInteractionId: f.id, link: `${base}/leadmanager?fsi=${f.id}` };
}

/** The customer's other interactions (any store the user may see), newest first. */
export async function otherInteractions(sql: Sql, user: SessionUser, interactionId: number) {
  const f = await loadInteractionForUser(sql, user, interactionId, 'query.future-service-interaction-id');
  const storeIds = await placeStoreIds(sql, user, {});
  const rows = await sql<{ id: number; serviceType: ServiceType; convClosed: boolean; conversationInitiated: boolean; lastMessageReceivedDate: Date | null; createdOn: Date; storeName: string }[]>`
    select o.id, o.service_type, o.conv_closed, o.conversation_initiated, o.last_message_received_date, o.created_on, s.store_name
    from future_service_interaction o join store s on s.id = o.store_id
    where o.customer_id = ${f.customerId} and o.id <> ${f.id} ${storeIds.length ? sql`and o.store_id in ${sql(storeIds)}` : sql`and false`}
    order by o.created_on desc, o.id desc limit 50`;
  return rows.map((r) => ({ ...r, lastMessageReceivedDate: r.lastMessageReceivedDate?.toISOString() ?? null, createdOn: r.createdOn.toISOString() }));
}

/** The lead's metadata with its follow-up, deal and lead status. */
export async function interactionMetadata(sql: Sql, user: SessionUser, interactionId: number) {
  const f = await loadInteractionForUser(sql, user, interactionId, 'query.future-service-interaction-id');
  const [r] = await sql<{ metadata: Record<string, unknown>; userFollowup: UserFollowup | null; dealStatus: string | null; conversationInitiated: boolean; totalInboundCount: number }[]>`
    select metadata, user_followup, deal_status, conversation_initiated, total_inbound_count from future_service_interaction where id = ${f.id}`;
  const leadStatus = !r!.conversationInitiated ? 'NOT_STARTED' : r!.totalInboundCount > 0 ? 'RESPONDED' : 'INITIATED';
  return { futureServiceInteractionId: f.id, metadata: r!.metadata, userFollowup: r!.userFollowup, dealStatus: r!.dealStatus, leadStatus };
}

/** Contact-later marks of a place, soonest first (the contact-later screens' own search). */
export async function searchContactLater(sql: Sql, user: SessionUser, o: PlaceFilter & { from?: string | undefined; to?: string | undefined }) {
  const storeIds = await placeStoreIds(sql, user, o);
  if (storeIds.length === 0) return [];
  const rows = await sql<{ futureServiceInteractionId: number; intentType: string; value: string | null; target: string; customerName: string; storeId: number }[]>`
    select f.id as future_service_interaction_id, mk.intent_type, mk.value, mk.target,
      trim(c.first_name || ' ' || c.last_name) as customer_name, f.store_id
    from mark mk
    join future_service_interaction f on (mk.target = 'FUTURE_SERVICE_INTERACTION' and f.id = mk.future_service_interaction_id)
      or (mk.target = 'CUSTOMER' and f.customer_id = mk.customer_id and not f.conv_closed)
    join customer c on c.id = f.customer_id
    where mk.intent_type = ${CONTACT_LATER_MARK} and f.store_id in ${sql(storeIds)}
      ${o.from ? sql`and mk.value >= ${o.from}` : sql``} ${o.to ? sql`and mk.value <= ${o.to}` : sql``}
    order by mk.value nulls last, f.id limit 500`;
  return rows;
}
