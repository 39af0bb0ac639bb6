import { AppError, ASSISTANT_NOTICES, SMS_OPT_OUT_MARK, type AssistantDto, type MarkTarget, type MarksResult } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import type { InboxNotifier } from '../conversations/notifier';
import { loadInteractionForUser } from '../conversations/interaction-access';
import { recordOptIn, recordOptOut } from '../conversations/opt-out';
import { assertStoreAccess } from '../org/scope';
import { recordEvent } from './effects/record-event';

type Party = { id: number; storeId: number; customerId: number; serviceVehicleId: number | null; cellular: string | null };

async function party(sql: Sql, user: SessionUser, interactionId: number, field: string): Promise<Party> {
  await loadInteractionForUser(sql, user, interactionId, field);
  const [p] = await sql<Party[]>`
    select f.id, f.store_id, f.customer_id, f.service_vehicle_id, c.cellular
    from future_service_interaction f join customer c on c.id = f.customer_id where f.id = ${interactionId}`;
  return p!;
}

/** The marks of an interaction, its customer and its vehicle (the shape of the interaction record). */
export async function marksOf(sql: Sql, interactionId: number): Promise<MarksResult> {
  const [f] = await sql<{ customerId: number; serviceVehicleId: number | null; blockSms: boolean }[]>`
    select f.customer_id, f.service_vehicle_id, c.block_sms from future_service_interaction f join customer c on c.id = f.customer_id
    where f.id = ${interactionId}`;
  const rows = await sql<{ target: MarkTarget; intentType: string; value: string | null }[]>`
    select target, intent_type, value from mark
    where (target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${interactionId})
       or (target = 'CUSTOMER' and customer_id = ${f!.customerId})
       or (target = 'SERVICE_VEHICLE' and service_vehicle_id = ${f!.serviceVehicleId ?? 0})
    order by intent_type`;
  const of = (target: MarkTarget) =>
    rows.filter((r) => r.target === target).map((r) => ({ intentType: r.intentType, value: r.value, futureServiceInteractionId: interactionId }));
  return {
    message: ASSISTANT_NOTICES.updated,
    futureServiceInteractionMarks: of('FUTURE_SERVICE_INTERACTION'),
    customerMarks: of('CUSTOMER'),
    serviceVehicleMarks: of('SERVICE_VEHICLE'),
    blockSms: f!.blockSms,
  };
}

/**
 * Sets a mark on the interaction, its customer or its vehicle. SMS_OPT_OUT always marks the
 * customer and blocks texts to them and to their number at the store (as the carrier's STOP
 * does); setting a mark again keeps one mark and takes the new value.
 */
export async function setMark(
  deps: { sql: Sql; notifier: InboxNotifier },
  user: SessionUser,
  m: { futureServiceInteractionId: number; intentType: string; value?: string | null | undefined; target: MarkTarget },
): Promise<MarksResult> {
  const p = await party(deps.sql, user, m.futureServiceInteractionId, 'body.futureServiceInteractionId');
  const target: MarkTarget = m.intentType === SMS_OPT_OUT_MARK ? 'CUSTOMER' : m.target;
  if (target === 'SERVICE_VEHICLE' && p.serviceVehicleId === null) {
    throw new AppError('VALIDATION_FAILED', 'The conversation has no vehicle', [{ field: 'body.futureServiceInteractionId', message: 'no vehicle to mark' }]);
  }
  await deps.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    if (m.intentType === SMS_OPT_OUT_MARK) {
      await recordOptOut(tx, { storeId: p.storeId, customerId: p.customerId, phone: p.cellular ?? '' });
    } else {
      const value = m.value ?? 'true';
      const row = {
        target,
        customer_id: target === 'CUSTOMER' ? p.customerId : null,
        service_vehicle_id: target === 'SERVICE_VEHICLE' ? p.serviceVehicleId : null,
        future_service_interaction_id: target === 'FUTURE_SERVICE_INTERACTION' ? p.id : null,
        intent_type: m.intentType,
        value,
        created_by: user.userId,
      };
      const conflict = target === 'CUSTOMER'
        ? tx`(customer_id, intent_type) where target = 'CUSTOMER'`
        : target === 'SERVICE_VEHICLE'
          ? tx`(service_vehicle_id, intent_type) where target = 'SERVICE_VEHICLE'`
          : tx`(future_service_interaction_id, intent_type) where target = 'FUTURE_SERVICE_INTERACTION'`;
      await tx`insert into mark ${tx(row)} on conflict ${conflict} do update set value = excluded.value`;
    }
    await recordEvent(tx, p.id, 'NEW_EVENT', null);
  });
  deps.notifier.interactionsChanged(p.storeId, [p.id]);
  return marksOf(deps.sql, p.id);
}

/**
 * Removes a mark from the target named, or from the interaction, its customer and its vehicle.
 * Removing SMS_OPT_OUT lifts the block on the customer and their number at the store.
 */
export async function removeMark(
  deps: { sql: Sql; notifier: InboxNotifier },
  user: SessionUser,
  m: { interactionId: number; intentType: string; target?: MarkTarget | undefined },
): Promise<MarksResult> {
  const p = await party(deps.sql, user, m.interactionId, 'query.future-service-interaction-id');
  await deps.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    if (m.intentType === SMS_OPT_OUT_MARK) {
      await recordOptIn(tx, { storeId: p.storeId, customerId: p.customerId, phone: p.cellular ?? '' });
    } else {
      const any = m.target === undefined;
      await tx`delete from mark where intent_type = ${m.intentType} and (
        ((${any} or ${m.target === 'FUTURE_SERVICE_INTERACTION'}) and target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${p.id})
        or ((${any} or ${m.target === 'CUSTOMER'}) and target = 'CUSTOMER' and customer_id = ${p.customerId})
        or ((${any} or ${m.target === 'SERVICE_VEHICLE'}) and target = 'SERVICE_VEHICLE' and service_vehicle_id = ${p.serviceVehicleId ?? 0}))`;
    }
    await recordEvent(tx, p.id, 'NEW_EVENT', null);
  });
  deps.notifier.interactionsChanged(p.storeId, [p.id]);
  return marksOf(deps.sql, p.id);
}

/**
 * `GET /assistant/v2/getassistlist`: a store division's assistants, the sender (the one with
 * initializerProcessEnabled) first. The BOC must be the store's and the enterpriseId header, when
 * sent, the store's enterprise: a mismatched pair is refused rather than guessed.
 */
export async function assistantList(
  sql: Sql,
  user: SessionUser,
  q: { bocId: number; storeId: number; divisionId: string; enterpriseId?: string | undefined },
): Promise<AssistantDto[]> {
  const place = await assertStoreAccess(sql, user, q.storeId);
  if (place.bocId !== q.bocId) {
    throw new AppError('VALIDATION_FAILED', `Store ${q.storeId} is not in BOC ${q.bocId}`, [{ field: 'query.boc_id_pk', message: 'not the store’s BOC' }]);
  }
  if (q.enterpriseId !== undefined && q.enterpriseId !== String(place.enterpriseId)) {
    throw new AppError('VALIDATION_FAILED', `Store ${q.storeId} is not in enterprise ${q.enterpriseId}`, [{ field: 'header.enterpriseId', message: 'not the store’s enterprise' }]);
  }
  return sql<AssistantDto[]>`
    select id, store_id, division_id, agent_first_name, agent_last_name, agent_email, agent_phone_number, initializer_process_enabled, is_fully_aiva
    from assistant where store_id = ${q.storeId} and division_id = ${q.divisionId}
    order by initializer_process_enabled desc, id`;
}
