import type { AlertFileType } from '@drivebay/shared';
import type { Sql } from '../../../db/database';

/**
 * Applies the staged rows of a manufacturer file as alerts of the store: one per vehicle, code and
 * day (the last row of the file wins), added when new and changed only when the description,
 * odometer or recall type differ. Returns how many were added and changed.
 */
export async function applyAlerts(
  tx: Sql,
  o: { batchKey: string; fileReportId: number; fileType: AlertFileType; enterpriseId: number; bocId: number; storeId: number; recallType: string | null },
): Promise<{ created: number; updated: number }> {
  const [r] = await tx<{ created: number; updated: number }[]>`
    with s as (
      select distinct on (vin, code, alert_date) * from import_staging
      where batch_key = ${o.batchKey} order by vin, code, alert_date, row_number desc
    ), up as (
      insert into manufacturer_alert (file_report_id, file_type, enterprise_id, boc_id, store_id, recall_type, vin, code, description, alert_date, odometer,
        customer_first_name, customer_last_name, customer_phone)
      select ${o.fileReportId}, ${o.fileType}, ${o.enterpriseId}, ${o.bocId}, ${o.storeId}, ${o.recallType}, vin, code, coalesce(description, ''), alert_date, odometer,
        first_name, last_name, phone
      from s
      on conflict (store_id, file_type, vin, code, alert_date) do update set
        description = excluded.description,
        odometer = coalesce(excluded.odometer, manufacturer_alert.odometer),
        recall_type = coalesce(excluded.recall_type, manufacturer_alert.recall_type)
      where excluded.description is distinct from manufacturer_alert.description
        or coalesce(excluded.odometer, manufacturer_alert.odometer) is distinct from manufacturer_alert.odometer
        or coalesce(excluded.recall_type, manufacturer_alert.recall_type) is distinct from manufacturer_alert.recall_type
      returning (xmax = 0) as inserted
    )
    select count(*) filter (where inserted)::int as created, count(*) filter (where not inserted)::int as updated from up`;
  return r!;
}
