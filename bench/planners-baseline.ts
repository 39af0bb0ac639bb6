// The benchmark's baseline: the 10K due list as a person would write it for that one planner.
import type { Sql } from '@drivebay/api';

const AS_OF = '2026-11-23';

/** The 10K due list written by hand: the rule's constants inlined, nothing generic. */
export function handWritten(sql: Sql, storeId: number) {
  return sql`
    select x.vehicle_id, x.customer_id, x.due_date from (
      select v.id as vehicle_id, c.id as customer_id, c.cellular, c.block_sms, s.sold_date,
        least(
          case when rt.miles > 0 then rd.l_on + ceil(((coalesce(d.odometer, 0) + 9000 - rd.l_odo)::numeric * rt.days) / rt.miles)::int end,
          s.sold_date + 365) as due_date,
        lm.closed_on
      from customer c
      join service_vehicle v on v.customer_id = c.id
      join lateral (select sold_date, deal_type from sale where service_vehicle_id = v.id order by sold_date desc, id desc limit 1) s on s.deal_type = 'New'
      left join lateral (
        select array_agg(read_on order by read_on desc, id desc) as on_, array_agg(odometer order by read_on desc, id desc) as odo
        from (select read_on, odometer, id from odometer_reading where service_vehicle_id = v.id order by read_on desc, id desc limit 2) t
      ) r on true
      left join lateral (select odometer from odometer_reading where service_vehicle_id = v.id and read_on between s.sold_date and s.sold_date + 30 order by read_on, id limit 1) d on true
      left join lateral (
        select (close_date at time zone 'America/New_York')::date as closed_on from repair_order
        where service_vehicle_id = v.id and close_date is not null and service_types && array['OIL_CHANGE_10K'] order by close_date desc limit 1
      ) lm on true
      cross join lateral (
        select coalesce(r.on_[1], s.sold_date) as l_on, coalesce(r.odo[1], 0) as l_odo,
          coalesce(r.on_[2], case when r.on_[1] > s.sold_date then s.sold_date end) as p_on, coalesce(r.odo[2], 0) as p_odo
      ) rd
      cross join lateral (
        select case when rd.p_on is not null and rd.l_on > rd.p_on and rd.l_odo >= rd.p_odo then rd.l_odo - rd.p_odo else 37 end as miles,
               case when rd.p_on is not null and rd.l_on > rd.p_on and rd.l_odo >= rd.p_odo then rd.l_on - rd.p_on else 1 end as days
      ) rt
      where c.store_id = ${storeId}
    ) x
    where x.due_date between ${AS_OF}::date - 30 and ${AS_OF}::date + 30
      and not (x.closed_on is not null and x.closed_on >= x.sold_date)
      and not exists (select 1 from future_service_interaction f where f.service_vehicle_id = x.vehicle_id and not f.conv_closed)
      and not exists (select 1 from mark k where k.target = 'CUSTOMER' and k.customer_id = x.customer_id and k.intent_type = 'SMS_OPT_OUT')
      and not x.block_sms and coalesce(x.cellular, '') <> ''
      and not exists (
        select 1 from mark k where k.intent_type in ('NLO', 'WN', 'DD', 'LD', 'EMP') and (
          (k.target = 'CUSTOMER' and k.customer_id = x.customer_id) or (k.target = 'SERVICE_VEHICLE' and k.service_vehicle_id = x.vehicle_id)
          or (k.target = 'FUTURE_SERVICE_INTERACTION' and k.future_service_interaction_id in (select id from future_service_interaction where service_vehicle_id = x.vehicle_id))))
      and not exists (select 1 from future_service_interaction f where f.service_vehicle_id = x.vehicle_id and f.response_insight in ('NLO', 'WN', 'DD', 'LD', 'EMP'))`;
}

