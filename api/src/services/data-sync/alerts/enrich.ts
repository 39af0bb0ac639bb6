import type { EnrichmentResult } from '@drivebay/shared';
import type { Sql } from '../../../db/database';

/**
 * Enrichment: matches the alerts of the files named to the BOC's vehicles by VIN (the store's own
 * customer first, then the most recent vehicle record), turns matched recalls into recall leads
 * (one per vehicle and campaign), and keeps the odometers that health, connected-car and field
 * alerts report as readings of the vehicle. Safe to run again, e.g. after a sync brought the
 * vehicles a file named before they were known.
 */
export async function enrichAlerts(tx: Sql, o: { fileReportIds: number[] }): Promise<Omit<EnrichmentResult, 'fileReportId'>> {
  await tx`
    update manufacturer_alert a set customer_id = m.customer_id, service_vehicle_id = m.vehicle_id, enriched_on = now()
    from (
      select distinct on (x.id) x.id, v.id as vehicle_id, c.id as customer_id
      from manufacturer_alert x
      join service_vehicle v on v.vin = x.vin
      join customer c on c.id = v.customer_id and c.boc_id = x.boc_id
      where x.file_report_id = any(${o.fileReportIds}::bigint[])
      order by x.id, (c.store_id = x.store_id) desc, v.id desc
    ) m
    where a.id = m.id and a.service_vehicle_id is distinct from m.vehicle_id`;
  await tx`update manufacturer_alert set enriched_on = now() where file_report_id = any(${o.fileReportIds}::bigint[]) and enriched_on is null`;
  const [leads] = await tx<{ n: number }[]>`
    with ins as (
      insert into recall_lead (manufacturer_alert_id, store_id, customer_id, service_vehicle_id, recall_type, campaign_code)
      select a.id, a.store_id, a.customer_id, a.service_vehicle_id, a.recall_type, a.code
      from manufacturer_alert a
      where a.file_report_id = any(${o.fileReportIds}::bigint[]) and a.file_type = 'RECALL' and a.service_vehicle_id is not null
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from ins`;
  const [readings] = await tx<{ n: number }[]>`
    with r as (
      select distinct on (a.service_vehicle_id, a.odometer) a.service_vehicle_id, a.alert_date, a.odometer, a.code
      from manufacturer_alert a
      where a.file_report_id = any(${o.fileReportIds}::bigint[]) and a.file_type <> 'RECALL' and a.service_vehicle_id is not null and a.odometer is not null
      order by a.service_vehicle_id, a.odometer, a.alert_date
    ), upd as (
      update service_vehicle v set odometer = x.odometer
      from (select service_vehicle_id, max(odometer) as odometer from r group by 1) x
      where v.id = x.service_vehicle_id and (v.odometer is null or v.odometer < x.odometer)
      returning 1
    ), ins as (
      insert into odometer_reading (service_vehicle_id, read_on, odometer, source, alert_code)
      select r.service_vehicle_id, r.alert_date, r.odometer, 'CONNECTED_VEHICLE', r.code from r
      where not exists (select 1 from odometer_reading o where o.service_vehicle_id = r.service_vehicle_id and o.odometer = r.odometer)
      returning 1
    )
    select (select count(*) from ins)::int as n, (select count(*) from upd)::int as u`;
  const [m] = await tx<{ matched: number; unmatched: number }[]>`
    select count(*) filter (where service_vehicle_id is not null)::int as matched, count(*) filter (where service_vehicle_id is null)::int as unmatched
    from manufacturer_alert where file_report_id = any(${o.fileReportIds}::bigint[])`;
  return { matched: m!.matched, unmatched: m!.unmatched, recallLeads: leads!.n, odometerReadings: readings!.n };
}
