import type { SalesAppointmentListItem } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/** How many upcoming sales appointments the list shows. */
export const SALES_APPOINTMENT_LIST_LIMIT = 200;

/** A store's sales appointments from the start of today in the store's zone on, soonest first. */
export async function listSalesAppointments(sql: Sql, user: SessionUser, storeId: number): Promise<SalesAppointmentListItem[]> {
  await assertStoreAccess(sql, user, storeId);
  const rows = await sql<(Omit<SalesAppointmentListItem, 'startTime' | 'endTime'> & { startTime: Date; endTime: Date })[]>`
    select a.id as appointment_id, a.title, a.start_date as start_time, a.end_date as end_time,
      a.future_service_interaction_id, trim(c.first_name || ' ' || c.last_name) as customer_name, a.sales_rep_name
    from sales_appointment a
    join store s on s.id = a.store_id
    join customer c on c.id = a.customer_id
    where a.store_id = ${storeId}
      and a.start_date >= ((now() at time zone s.office_time_zone)::date::timestamp at time zone s.office_time_zone)
    order by a.start_date, a.id
    limit ${SALES_APPOINTMENT_LIST_LIMIT}`;
  return rows.map((r) => ({ ...r, startTime: r.startTime.toISOString(), endTime: r.endTime.toISOString() }));
}
