// The enterprise bench:lists reads: the demo, then stores, customers, vehicles, interactions,
// messages, marks, tracks and follow-ups generated inside PostgreSQL (generate_series).
import type { Sql } from '@drivebay/api';
import { seedDemo } from '../api/src/seed/demo';

export async function seedListsEnterprise(sql: Sql, o: { interactions: number; messages: number; stores: number; customers: number }): Promise<void> {
  const { interactions: INTERACTIONS, messages: MESSAGES, stores: STORES, customers: CUSTOMERS } = o;
  await seedDemo(sql);
  const [boc] = await sql<{ id: number; enterpriseId: number }[]>`select b.id, b.enterprise_id from boc b order by b.id limit 1`;
  const have = (await sql<{ n: number }[]>`select count(*)::int as n from store`)[0]!.n;
  await sql`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display, brand)
    select ${boc!.id}, 'BENCH-' || g, 'Bench Motors ' || g, 'America/New_York', 'Eastern', 'Toyota' from generate_series(1, ${STORES - have}) g`;
  const stores = (await sql<{ id: number }[]>`select s.id from store s join boc b on b.id = s.boc_id where b.enterprise_id = ${boc!.enterpriseId} order by s.id`).map((s) => s.id);
  await sql`
    insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, email, block_sms, customer_type)
    select s.boc_id, s.id, 'BENCH-' || g,
      (array['James','Maria','Robert','Linda','Michael','Susan','David','Karen','Daniel','Nancy'])[1 + g % 10],
      (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Lopez','Wilson'])[1 + (g / 10) % 12] || (g % 1000),
      '+1646' || lpad((2000000 + g)::text, 7, '0'), 'bench' || g || '@example.com', g % 40 = 0, case when g % 9 = 0 then 'FLEET' else 'INDIVIDUAL' end
    from generate_series(1, ${CUSTOMERS}) g join store s on s.id = (${sql.array(stores)}::bigint[])[1 + g % ${stores.length}]`;
  const [{ lo, hi } = { lo: 0, hi: 0 }] = await sql<{ lo: number; hi: number }[]>`select min(id)::int as lo, max(id)::int as hi from customer where custno like 'BENCH-%'`;
  await sql`insert into service_vehicle (customer_id, vin, make, model, year, odometer)
    select id, 'VIN' || id, (array['Toyota','Chevrolet','Honda','GMC'])[1 + id % 4], 'Model ' || (id % 7), 2015 + id % 10, 1000 * (id % 90) from customer where custno like 'BENCH-%'`;
  await sql`
    insert into future_service_interaction (store_id, company_id, customer_id, service_vehicle_id, service_type, conversation_initiated, conv_closed,
      response_reqd, total_inbound_count, total_unread_count, last_message_received_date, appointment_set, lead_stage, response_insight, user_followup, ai_enabled, created_on)
    select c.store_id, c.boc_id, c.id, v.id,
      (array['OIL_CHANGE','CHECK_UP','OIL_CHANGE_10K','STATE_INSPECTION','SVC_OPEN_RO','CV_LEAD_SMT_1','SVC_CLOSED_RO','OIL_CHANGE_15K'])[1 + g % 8],
      g % 10 <> 0, g % 7 = 0, g % 11 = 0, case when g % 3 = 0 then 0 else 2 end, case when g % 11 = 0 then 1 else 0 end,
      now() - (g % 200000) * interval '3 minutes', g % 13 = 0,
      (array['INITIATED','RESPONDED','CONTACTED','ENGAGED','APPOINTMENT_SET'])[1 + g % 5],
      case when g % 50 = 0 then 'CC' when g % 51 = 0 then 'PRICE_CONCERN' else null end,
      case when g % 97 = 0 then 'day1' else null end, g % 17 <> 0, now() - (g % 300000) * interval '4 minutes'
    from generate_series(1, ${INTERACTIONS}) g
    join customer c on c.id = ${lo}::bigint + g % (${hi}::bigint - ${lo}::bigint + 1)
    left join service_vehicle v on v.customer_id = c.id`;
  const [{ flo, fhi } = { flo: 0, fhi: 0 }] = await sql<{ flo: number; fhi: number }[]>`
    select min(id)::int as flo, max(id)::int as fhi from future_service_interaction where customer_id >= ${lo}`;
  const perInteraction = Math.max(1, Math.round(MESSAGES / INTERACTIONS));
  await sql`
    insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
    select f.id, f.store_id, f.customer_id, 'Bench message ' || k || ' of ' || f.id,
      case when k % 2 = 1 and f.total_inbound_count > 0 then 'RECEIVED' else 'SENT' end, 'SMS',
      coalesce(f.last_message_received_date, f.created_on) - k * interval '1 hour'
    from future_service_interaction f cross join generate_series(0, ${perInteraction - 1}) k
    where f.id between ${flo}::bigint and ${fhi}::bigint`;
  await sql`insert into mark (target, future_service_interaction_id, intent_type, value)
    select 'FUTURE_SERVICE_INTERACTION', id, 'CL', to_char(now() + (id % 30) * interval '1 day', 'YYYY-MM-DD') from future_service_interaction where id % 100 = 0 and id >= ${flo}`;
  await sql`insert into workflow_track_event (future_service_interaction_id, track, source)
    select id, 'CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK', 'ASSISTANT' from future_service_interaction where id % 150 = 0 and id >= ${flo}`;
  await sql`insert into lead_follow_up (future_service_interaction_id, store_id, followup_type, due_on)
    select id, store_id, 'S1', now() + (id % 48) * interval '1 hour' from future_service_interaction where id % 120 = 0 and id >= ${flo}`;
}
