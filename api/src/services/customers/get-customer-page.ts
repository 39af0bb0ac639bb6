import { AppError, type CustomerPage } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { queryAppointments } from '../appointments/query-appointments';
import { queryServiceOrders } from '../boards/service-orders';
import { assertStoreAccess } from '../org/scope';

type CustomerRow = CustomerPage['customer'] & { bocId: number };
type ConversationRow = {
  id: number;
  serviceType: CustomerPage['conversations'][number]['serviceType'];
  convClosed: boolean;
  appointmentSet: boolean;
  aiEnabled: boolean;
  totalUnreadCount: number;
  vehicle: string | null;
  content: string | null;
  messageOn: Date | null;
  direction: string | null;
  lastActivity: Date;
};

/**
 * A customer's page in one store: the customer (of the store's BOC), their vehicles, every
 * conversation of theirs in the store (closed ones too, newest first), their repair orders and
 * appointments there. Outside the user's scope is FORBIDDEN; a customer of another BOC, or a BOC
 * that is not the store's, is NOT_FOUND, so nothing says whether it exists.
 */
export async function getCustomerPage(sql: Sql, user: SessionUser, o: { bocId: number; storeId: number; customerId: number }): Promise<CustomerPage> {
  const place = await assertStoreAccess(sql, user, o.storeId);
  const notFound = () => new AppError('NOT_FOUND', `Customer ${o.customerId} is not a customer of this store`, [{ field: 'param.customerId', message: 'unknown customer' }]);
  if (place.bocId !== o.bocId) {
    throw new AppError('NOT_FOUND', 'The store is not one of this BOC', [{ field: 'param.bocId', message: 'not the store’s BOC' }]);
  }
  const [c] = await sql<CustomerRow[]>`
    select id, custno, first_name, last_name, cellular, email, block_sms, customer_type, boc_id from customer where id = ${o.customerId}`;
  if (!c || c.bocId !== place.bocId) throw notFound();
  const [store] = await sql<{ id: number; storeName: string; timeZone: string }[]>`
    select id, store_name, office_time_zone as time_zone from store where id = ${o.storeId}`;
  const vehicles = await sql<CustomerPage['vehicles']>`
    select id, vin, make, model, year, odometer, to_char(last_service_date, 'YYYY-MM-DD') as last_service_date
    from service_vehicle where customer_id = ${c.id} order by year desc, id`;
  const conversations = await sql<ConversationRow[]>`
    select f.id, f.service_type, f.conv_closed, f.appointment_set, f.ai_enabled, f.total_unread_count,
      case when v.id is null then null else v.year || ' ' || v.make || ' ' || v.model end as vehicle,
      m.content, m.created_on as message_on, m.direction,
      coalesce(m.created_on, f.last_message_received_date, f.updated_on) as last_activity
    from future_service_interaction f
    left join service_vehicle v on v.id = f.service_vehicle_id
    left join lateral (
      select content, created_on, direction from message_instance
      where future_service_interaction_id = f.id and not archived and message_type <> 'INTERNAL_NOTES'
      order by created_on desc, id desc limit 1
    ) m on true
    where f.customer_id = ${c.id} and f.store_id = ${o.storeId}
    order by f.conv_closed, last_activity desc, f.id desc`;
  const { orders } = await queryServiceOrders(sql, { storeId: o.storeId, customerId: c.id });
  const { appointments } = await queryAppointments(sql, { storeId: o.storeId, customerId: c.id });
  const { bocId: _boc, ...customer } = c;
  return {
    customer,
    store: store!,
    vehicles,
    conversations: conversations.map((r) => ({
      id: r.id,
      serviceType: r.serviceType,
      convClosed: r.convClosed,
      appointmentSet: r.appointmentSet,
      aiEnabled: r.aiEnabled,
      totalUnreadCount: r.totalUnreadCount,
      vehicle: r.vehicle,
      latestMessage: r.messageOn ? { content: r.content ?? '', createdOn: r.messageOn.toISOString(), direction: r.direction ?? '' } : null,
      lastActivity: r.lastActivity.toISOString(),
    })),
    // Newest first: the page reads as the customer's history.
    repairOrders: [...orders].sort((a, b) => b.openDate.localeCompare(a.openDate)),
    appointments: [...appointments].reverse(),
  };
}
