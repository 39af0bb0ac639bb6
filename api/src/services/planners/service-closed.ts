import { AppError, type ServiceClosedPage, serviceClosedQuerySchema } from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/**
 * A store's closed repair orders whose close day (the store's day) lies between the two dates,
 * both included: the search runs to the start of the day after the end date, as the spec's
 * closed-RO searches do. Each with the odometer read that day.
 */
export async function searchServiceClosed(sql: Sql, user: SessionUser, q: z.output<typeof serviceClosedQuerySchema>): Promise<ServiceClosedPage> {
  await assertStoreAccess(sql, user, q.store_id);
  if (q.startDate > q.endDate) throw new AppError('VALIDATION_FAILED', 'startDate must not be after endDate', [{ field: 'startDate', message: 'after endDate' }]);
  const type = q.serviceType ?? null;
  const rows = await sql<
    { repairOrderId: number; roNumber: string; closedOn: string; firstName: string | null; lastName: string | null; vin: string | null; vehicle: string | null; serviceTypes: string[]; odometer: number | null; total: number }[]
  >`
    select r.id as repair_order_id, r.ro_number, (r.close_date at time zone s.office_time_zone)::date::text as closed_on,
      c.first_name, c.last_name, v.vin, v.year || ' ' || v.make || ' ' || v.model as vehicle, r.service_types,
      (select o.odometer from odometer_reading o where o.service_vehicle_id = r.service_vehicle_id
         and o.read_on = (r.close_date at time zone s.office_time_zone)::date order by o.id desc limit 1) as odometer,
      count(*) over ()::int as total
    from repair_order r
    join store s on s.id = r.store_id
    left join customer c on c.id = r.customer_id
    left join service_vehicle v on v.id = r.service_vehicle_id
    where r.store_id = ${q.store_id} and r.close_date is not null
      and r.close_date >= (${q.startDate}::date::timestamp at time zone s.office_time_zone)
      and r.close_date < ((${q.endDate}::date + 1)::timestamp at time zone s.office_time_zone)
      and (${type}::text is null or ${type} = any(r.service_types))
    order by r.close_date desc, r.id desc limit ${q.size} offset ${q.page * q.size}`;
  return {
    content: rows.map((r) => ({
      repairOrderId: Number(r.repairOrderId),
      roNumber: r.roNumber,
      closedOn: r.closedOn,
      customerName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
      vin: r.vin,
      vehicle: r.vehicle,
      serviceTypes: r.serviceTypes,
      odometer: r.odometer,
    })),
    page: q.page,
    size: q.size,
    totalElements: rows[0]?.total ?? 0,
  };
}
