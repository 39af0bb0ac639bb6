import { isStatusAdvance, normalizeStatus } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { ServiceDeps } from './deps';

export type CarrierStatusUpdate = {
  carrierMessageId: string;
  /** Our message id when the callback carries it (the status callback address names it). */
  messageId?: number | null | undefined;
  status: string;
  /** Display text for the message's errors, when the carrier reported one. */
  errorText?: string | null | undefined;
};

export type StatusOutcome = { found: boolean; applied: boolean; messageId: number | null };

/**
 * A delivery report from a carrier. Reports arrive out of order (a "sent" after its "delivered"),
 * so a status is stored only when it moves the message forward; the row is locked while deciding
 * so two reports racing each other cannot both win.
 */
export async function applyCarrierStatus(deps: ServiceDeps, update: CarrierStatusUpdate): Promise<StatusOutcome> {
  const status = normalizeStatus(update.status);
  const outcome = await deps.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    let [m] = await tx<{ id: number; storeId: number; futureServiceInteractionId: number; messageStatus: string | null }[]>`
      select id, store_id, future_service_interaction_id, message_status from message_instance
      where carrier_message_id = ${update.carrierMessageId} for update`;
    if (!m && update.messageId) {
      // The report can overtake the worker's own record of the carrier's id: find it by ours.
      [m] = await tx`
        select id, store_id, future_service_interaction_id, message_status from message_instance
        where id = ${update.messageId} and carrier_message_id is null and direction <> 'RECEIVED' for update`;
      if (m) await tx`update message_instance set carrier_message_id = ${update.carrierMessageId} where id = ${m.id}`;
    }
    if (!m) return { found: false, applied: false, messageId: null, storeId: 0, interactionId: 0 };
    if (!isStatusAdvance(m.messageStatus, status)) {
      return { found: true, applied: false, messageId: m.id, storeId: m.storeId, interactionId: m.futureServiceInteractionId };
    }
    const error = update.errorText ? [update.errorText] : [];
    await tx`
      update message_instance set
        message_status = ${status},
        "timestamp" = coalesce("timestamp", case when ${status} in ('sent', 'delivered', 'read') then now() end),
        errors = case when ${error.length > 0} and not errors @> ${tx.json(error)} then errors || ${tx.json(error)} else errors end
      where id = ${m.id}`;
    // Ticks move on older messages too; touching the conversation changes its inbox row, which is
    // what an open thread watches to refresh.
    await tx`update future_service_interaction set updated_on = now() where id = ${m.futureServiceInteractionId}`;
    return { found: true, applied: true, messageId: m.id, storeId: m.storeId, interactionId: m.futureServiceInteractionId };
  });
  if (outcome.applied) deps.notifier.interactionsChanged(outcome.storeId, [outcome.interactionId]);
  return { found: outcome.found, applied: outcome.applied, messageId: outcome.messageId };
}
