import type { IntentCode } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { StoredAnalysis } from '../turn-types';

/** Keeps (or replaces) the reading of a customer message. */
export async function storeAnalysis(sql: Sql, interactionId: number, messageId: number, a: StoredAnalysis): Promise<void> {
  const r = a.result;
  await sql`
    insert into message_intent (message_instance_id, future_service_interaction_id, intents, final_intent_names, multi_intent_names,
      date_times, primary_intent, reference_time, time_zone)
    values (${messageId}, ${interactionId}, ${sql.json(r.intents)}, ${r.finalIntentNames}, ${r.multiIntentNames},
      ${sql.json(r.dateTimes)}, ${r.finalIntentNames[0] ?? null}, ${a.referenceTime}, ${a.zone})
    on conflict (message_instance_id) do update set intents = excluded.intents, final_intent_names = excluded.final_intent_names,
      multi_intent_names = excluded.multi_intent_names, date_times = excluded.date_times, primary_intent = excluded.primary_intent,
      reference_time = excluded.reference_time, time_zone = excluded.time_zone, analyzed_on = now()`;
}

/** Keeps the intent a person chose for a message with its reading (Show Intents shows it). */
export async function recordStaffIntent(tx: Sql, messageId: number, intent: IntentCode, userId: number | null): Promise<void> {
  await tx`update message_intent set staff_intent = ${intent}, staff_intent_by = ${userId}, staff_intent_on = now()
    where message_instance_id = ${messageId}`;
}
