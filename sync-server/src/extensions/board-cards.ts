import type { Sql } from '@drivebay/api';
import type { RoStatusCode } from '@drivebay/shared';
import { boardCardSchema, type BoardCard } from '@drivebay/shared/docs';
import type { Logger } from '../logger';

type CardRow = {
  id: number;
  roNumber: string;
  lane: RoStatusCode;
  orderKey: string;
  customerName: string;
  vehicle: string | null;
  advisorName: string | null;
  advisorNo: string | null;
  promisedDate: Date | null;
  updatedOn: Date;
  unreadCount: number;
  customerId: number | null;
  interactionId: number | null;
  onBoard: boolean;
};

/** A repair order as its card, and whether it belongs on today's board at all. */
export type ProjectedCard = { card: BoardCard; onBoard: boolean };

/**
 * Cards of one store's repair orders, computed from PostgreSQL: every open order and the orders
 * closed today in the store's office zone (those are `onBoard`), less the pre-opened orders of
 * appointments that were cancelled or missed. With `ids`, exactly those orders
 * of the store, on the board or not, so a caller can tell a card that left the board from one
 * that never existed. Unread counts add up the customer's conversations in that store.
 */
export async function queryBoardCards(
  sql: Sql,
  o: { storeId: number; ids?: readonly number[]; logger?: Logger },
): Promise<ProjectedCard[]> {
  // Open orders, today's closed ones, and not the Appointments-lane order of an appointment that
  // was cancelled or missed (the dealer system pre-opened it; nobody is coming).
  const onBoard = sql`(ro.status_code <> 'CLOSED' or ro.close_date >= ((now() at time zone s.office_time_zone)::date::timestamp at time zone s.office_time_zone))
    and not (ro.status_code = 'Appt' and coalesce(ap.appt_status in ('CANCELLED', 'NO_SHOW'), false))`;
  const scope = o.ids ? sql`and ro.id = any(${[...o.ids]}::bigint[])` : sql`and ${onBoard}`;
  const rows = await sql<CardRow[]>`
    select ro.id, ro.ro_number, ro.status_code as lane, ro.order_key,
      trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) as customer_name,
      case when v.id is null then null else v.year || ' ' || v.make || ' ' || v.model end as vehicle,
      a.name as advisor_name, a.advisor_no, ro.promised_date, ro.updated_on,
      coalesce((select sum(fi.total_unread_count) from future_service_interaction fi
        where fi.customer_id = ro.customer_id and fi.store_id = ro.store_id), 0)::int as unread_count,
      ro.customer_id,
      coalesce(ap.future_service_interaction_id, (select fi.id from future_service_interaction fi
        where fi.customer_id = ro.customer_id and fi.store_id = ro.store_id
        order by fi.conv_closed, coalesce(fi.last_message_received_date, fi.created_on) desc, fi.id desc limit 1)) as interaction_id,
      ${onBoard} as on_board
    from repair_order ro
    join store s on s.id = ro.store_id
    left join customer c on c.id = ro.customer_id
    left join service_vehicle v on v.id = ro.service_vehicle_id
    left join service_advisor a on a.id = ro.advisor_id
    left join appointment ap on ap.id = ro.appointment_id
    where ro.store_id = ${o.storeId} ${scope}
    order by ro.id`;
  const cards: ProjectedCard[] = [];
  for (const r of rows) {
    const parsed = boardCardSchema.safeParse({
      id: r.id,
      roNumber: r.roNumber,
      lane: r.lane,
      orderKey: r.orderKey,
      customerName: r.customerName,
      vehicle: r.vehicle,
      advisorName: r.advisorName,
      advisorNo: r.advisorNo,
      promisedDate: r.promisedDate?.toISOString() ?? null,
      unreadCount: r.unreadCount,
      updatedOn: r.updatedOn.toISOString(),
      customerId: r.customerId,
      interactionId: r.interactionId,
    });
    // An order whose key was written outside the board's alphabet cannot be placed; it is left
    // off rather than failing the whole board.
    if (parsed.success) cards.push({ card: parsed.data, onBoard: r.onBoard });
    else o.logger?.warn({ roId: r.id, issues: parsed.error.issues }, 'repair order cannot be shown as a card');
  }
  return cards;
}
