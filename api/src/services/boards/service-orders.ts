import { laneName } from '@drivebay/shared/docs';
import type { RoStatusCode, ServiceOrder } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/** Which repair orders of one store to read. Day bounds are days in the store's office zone. */
export type ServiceOrderFilter = {
  storeId: number;
  lanes?: readonly RoStatusCode[];
  /** An advisor number; undefined means every advisor. */
  advisorNo?: string;
  ids?: readonly number[];
  /** One customer's orders (their page). */
  customerId?: number;
  /** Closed on or after this day (YYYY-MM-DD) ... */
  closedFrom?: string;
  /** ... and before this day (exclusive). */
  closedBefore?: string;
  openedFrom?: string;
  openedBefore?: string;
  /** Only orders whose customer has written to the store. */
  withReceivedMessage?: boolean;
  /** Leave out the pre-opened orders of appointments that were cancelled or missed. */
  excludeVoid?: boolean;
  page?: { page: number; size: number };
};

type Row = {
  id: number;
  roNumber: string;
  storeId: number;
  bocId: number;
  statusCode: RoStatusCode;
  orderKey: string;
  appointmentId: number | null;
  openDate: Date;
  promisedDate: Date | null;
  closeDate: Date | null;
  updatedOn: Date;
  customerId: number | null;
  firstName: string | null;
  lastName: string | null;
  cellular: string | null;
  email: string | null;
  custno: string | null;
  vehicleId: number | null;
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
  advisorId: number | null;
  advisorNo: string | null;
  advisorName: string | null;
  unreadCount: number;
  lastReceived: Date | null;
  latestInteraction: number | null;
  total: number;
};

/** The start of a store-zone day as an instant, in SQL. */
const dayStart = (sql: Sql, day: string) => sql`((${day}::date)::timestamp at time zone s.office_time_zone)`;

function where(sql: Sql, f: ServiceOrderFilter) {
  const parts = [sql`ro.store_id = ${f.storeId}`];
  if (f.lanes) parts.push(sql`ro.status_code = any(${[...f.lanes]}::text[])`);
  if (f.advisorNo !== undefined) parts.push(sql`a.advisor_no = ${f.advisorNo}`);
  if (f.ids) parts.push(sql`ro.id = any(${[...f.ids]}::bigint[])`);
  if (f.customerId !== undefined) parts.push(sql`ro.customer_id = ${f.customerId}`);
  if (f.closedFrom) parts.push(sql`ro.close_date >= ${dayStart(sql, f.closedFrom)}`);
  if (f.closedBefore) parts.push(sql`ro.close_date < ${dayStart(sql, f.closedBefore)}`);
  if (f.openedFrom) parts.push(sql`ro.open_date >= ${dayStart(sql, f.openedFrom)}`);
  if (f.openedBefore) parts.push(sql`ro.open_date < ${dayStart(sql, f.openedBefore)}`);
  if (f.withReceivedMessage) parts.push(sql`fs.last_received is not null`);
  if (f.excludeVoid) parts.push(sql`not (ro.status_code = 'Appt' and coalesce(ap.appt_status in ('CANCELLED', 'NO_SHOW'), false))`);
  return parts.reduce((acc, part) => sql`${acc} and ${part}`);
}

/**
 * Repair orders of one store with what a card and the swimlane calls show: customer, vehicle,
 * advisor, and the customer's unread messages over their conversations in that store. Sorted as
 * the board shows them: lane order, then order key (byte order, as the board compares keys).
 */
export async function queryServiceOrders(sql: Sql, f: ServiceOrderFilter): Promise<{ orders: ServiceOrder[]; total: number }> {
  const paging = f.page ? sql`limit ${f.page.size} offset ${f.page.page * f.page.size}` : sql``;
  const rows = await sql<Row[]>`
    select ro.id, ro.ro_number, ro.store_id, s.boc_id, ro.status_code, ro.order_key, ro.appointment_id,
      ro.open_date, ro.promised_date, ro.close_date, ro.updated_on,
      c.id as customer_id, c.first_name, c.last_name, c.cellular, c.email, c.custno,
      v.id as vehicle_id, v.vin, v.make, v.model, v.year, v.odometer,
      a.id as advisor_id, a.advisor_no, a.name as advisor_name,
      coalesce(fs.unread, 0)::int as unread_count, fs.last_received, fs.latest_interaction,
      count(*) over ()::int as total
    from repair_order ro
    join store s on s.id = ro.store_id
    join ref_ro_status rs on rs.code = ro.status_code
    left join customer c on c.id = ro.customer_id
    left join service_vehicle v on v.id = ro.service_vehicle_id
    left join service_advisor a on a.id = ro.advisor_id
    left join appointment ap on ap.id = ro.appointment_id
    left join lateral (
      select sum(fi.total_unread_count) as unread, max(fi.last_message_received_date) as last_received,
        (array_agg(fi.id order by coalesce(fi.last_message_received_date, fi.created_on) desc, fi.id desc))[1] as latest_interaction
      from future_service_interaction fi
      where fi.customer_id = ro.customer_id and fi.store_id = ro.store_id
    ) fs on true
    where ${where(sql, f)}
    order by rs.position, ro.order_key collate "C", ro.id
    ${paging}`;
  return { orders: rows.map(toServiceOrder), total: rows[0]?.total ?? 0 };
}

function toServiceOrder(r: Row): ServiceOrder {
  return {
    svcOpenRoIdPK: r.id,
    roNumber: r.roNumber,
    storeId: r.storeId,
    bocId: r.bocId,
    statusCode: r.statusCode,
    laneName: laneName(r.statusCode),
    orderKey: r.orderKey,
    customer:
      r.customerId === null
        ? null
        : {
            id: r.customerId,
            firstName: r.firstName ?? '',
            lastName: r.lastName ?? '',
            cellular: r.cellular,
            email: r.email,
            custno: r.custno ?? '',
          },
    vehicle:
      r.vehicleId === null
        ? null
        : { id: r.vehicleId, vin: r.vin ?? '', make: r.make ?? '', model: r.model ?? '', year: r.year ?? 0, odometer: r.odometer },
    advisor: r.advisorId === null ? null : { id: r.advisorId, storeId: r.storeId, advisorNo: r.advisorNo ?? '', name: r.advisorName ?? '' },
    appointmentId: r.appointmentId,
    openDate: r.openDate.toISOString(),
    promisedDate: r.promisedDate?.toISOString() ?? null,
    closeDate: r.closeDate?.toISOString() ?? null,
    updatedOn: r.updatedOn.toISOString(),
    unreadCount: r.unreadCount,
    lastMessageReceivedDate: r.lastReceived?.toISOString() ?? null,
    futureServiceInteractionId: r.latestInteraction,
  };
}
