import type { Sql } from '../../../db/database';

/** NEW_EVENT or APPOINTMENT_BOOKED with the record's insight, appointment flag and marks as they now are. */
export async function recordEvent(db: Sql, interactionId: number, kind: 'NEW_EVENT' | 'APPOINTMENT_BOOKED', appointmentId: number | null): Promise<void> {
  await db`
    insert into interaction_event (future_service_interaction_id, store_id, kind, response_insight, appointment_set, marks, appointment_id)
    select f.id, f.store_id, ${kind}, f.response_insight, f.appointment_set,
      coalesce((select array_agg(k.intent_type order by k.intent_type) from mark k
        where k.target = 'FUTURE_SERVICE_INTERACTION' and k.future_service_interaction_id = f.id), '{}'),
      ${appointmentId}
    from future_service_interaction f where f.id = ${interactionId}`;
}
