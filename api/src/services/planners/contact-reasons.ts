import { CONTACTED_WITHIN_DAYS, LEFT_OUT_MARKS, SMS_OPT_OUT_MARK } from '@drivebay/shared';
import type postgres from 'postgres';
import type { Sql } from '../../db/database';

const MARK_CODES = Object.values(LEFT_OUT_MARKS);

/**
 * The facts behind the reasons a customer's vehicle is not started on a new conversation, as
 * columns of a select over rows aliased `w` with `vehicle_id` and `customer_id`: another open
 * conversation, texted or e-mailed lately by the store, opted out, and the marks (NLO, WN, DD, LD,
 * EMP) on the customer, the vehicle or its interactions. The planners' due lists and the transfer
 * of recall leads read the same facts, so both leave out the same customers for the same reasons.
 */
export function contactFlags(sql: Sql, storeId: number): postgres.PendingQuery<postgres.Row[]> {
  return sql`
    (exists (select 1 from future_service_interaction x where x.service_vehicle_id = w.vehicle_id and not x.conv_closed)
      or exists (select 1 from future_service_interaction x
        where x.customer_id = w.customer_id and x.conversation_initiated and not x.conv_closed)) as open_interaction,
    exists (select 1 from message_instance m
      where m.customer_id = w.customer_id and m.store_id = ${storeId} and m.direction <> 'RECEIVED'
        and m.message_type in ('SMS', 'EMAIL')
        and m.created_on > now() - make_interval(days => ${CONTACTED_WITHIN_DAYS})) as recently_contacted,
    exists (select 1 from mark k where k.target = 'CUSTOMER' and k.customer_id = w.customer_id and k.intent_type = ${SMS_OPT_OUT_MARK}) as opted_out,
    array(
      select k.intent_type from mark k
      where k.target = 'CUSTOMER' and k.customer_id = w.customer_id and k.intent_type = any(${MARK_CODES}::text[])
      union
      select k.intent_type from mark k
      where k.target = 'SERVICE_VEHICLE' and k.service_vehicle_id = w.vehicle_id and k.intent_type = any(${MARK_CODES}::text[])
      union
      select k.intent_type from future_service_interaction x
      join mark k on k.target = 'FUTURE_SERVICE_INTERACTION' and k.future_service_interaction_id = x.id
      where x.service_vehicle_id = w.vehicle_id and k.intent_type = any(${MARK_CODES}::text[])
      union
      select x.response_insight from future_service_interaction x
      where x.service_vehicle_id = w.vehicle_id and x.response_insight = any(${MARK_CODES}::text[])
    ) as marks`;
}

/**
 * The first reason, in LEFT_OUT_REASONS order after SERVICE_PERFORMED, that the row aliased `f`
 * (the flags above plus the customer's `block_sms` and `cellular`) is left out; null when none.
 */
export function contactReason(sql: Sql): postgres.PendingQuery<postgres.Row[]> {
  return sql`case when f.open_interaction then 'OPEN_INTERACTION'
           when f.recently_contacted then 'RECENTLY_CONTACTED'
           when f.opted_out then 'OPTED_OUT'
           when f.block_sms then 'BLOCKED'
           when coalesce(f.cellular, '') = '' then 'NO_MOBILE'
           when 'NLO' = any(f.marks) then 'NO_LONGER_OWN'
           when 'WN' = any(f.marks) then 'WRONG_NUMBER'
           when 'DD' = any(f.marks) then 'DIFFERENT_DRIVER'
           when 'LD' = any(f.marks) then 'LONG_DISTANCE'
           when 'EMP' = any(f.marks) then 'EMPLOYEE'
      end`;
}
