import type { PendingQuery, Row } from 'postgres';
import type { Sql } from '../../db/database';
import type { ResolvedScope } from './scope';

type Fragment = PendingQuery<Row[]>;

/**
 * The FEA report's rows: the field alerts of completed FEA files of the chosen stores whose alert
 * day (UTC) is in the range, one row per alert, bucketed by what came of it. The alert's
 * conversation is the store's first conversation about the alert's vehicle started on or after
 * the alert's day; its report row says whether it was contacted, answered and booked.
 */
export function feaRows(sql: Sql, scope: ResolvedScope): Fragment {
  const day = sql`(a.alert_date::timestamp at time zone 'UTC')`;
  return sql`select 'alert-' || a.id as row_key, x.fsi_id, a.store_id, a.customer_id, x.service_type,
      case when a.service_vehicle_id is null then 'UNMATCHED'
        when x.appt_booked_on is not null then 'BOOKED'
        when x.responded_on is not null then 'RESPONDED'
        when x.contacted_on is not null then 'CONTACTED'
        else 'NOT_CONTACTED' end as bucket,
      null::text as bucket_label, ${day} as occurred_on,
      concat_ws(' · ', a.code || coalesce(': ' || nullif(a.description, ''), ''), a.vin) as detail
    from manufacturer_alert a
    join file_upload_report r on r.id = a.file_report_id and r.status = 'COMPLETED'
    left join lateral (
      select i.id as fsi_id, i.service_type, f.contacted_on, f.responded_on, f.appt_booked_on
      from future_service_interaction i join report_interaction_fact f on f.future_service_interaction_id = i.id
      where a.service_vehicle_id is not null and i.service_vehicle_id = a.service_vehicle_id and i.store_id = a.store_id
        and i.created_on >= ${day}
      order by i.created_on, i.id limit 1) x on true
    where a.file_type = 'FEA_ALERT' and a.store_id = any(${scope.storeIds}) and ${day} >= ${scope.from} and ${day} < ${scope.to}`;
}
