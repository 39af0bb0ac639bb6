import {
  AppError,
  nextIsoDay,
  searchDateToIso,
  type RoStatusCode,
  type ServiceAdvisor,
  type ServiceOrder,
  type ServiceOrderDetail,
  type ServiceOrderPage,
  type Store,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';
import { listStores } from '../org/list-org';
import { queryServiceOrders } from './service-orders';

/** The store must be in the BOC the path names; a mismatch is the caller's mistake, not a scope question. */
export async function assertStoreInBoc(sql: Sql, user: SessionUser, bocId: number, storeId: number): Promise<void> {
  const place = await assertStoreAccess(sql, user, storeId);
  if (place.bocId !== bocId) {
    throw new AppError('VALIDATION_FAILED', 'The store does not belong to this BOC', [
      { field: 'param.bocId', message: `store ${storeId} belongs to BOC ${place.bocId}` },
    ]);
  }
}

/** An advisor filter value: 'ALL' (any case), empty or absent means every advisor. */
function advisorFilter(advisorNo: string | null | undefined): string | undefined {
  if (!advisorNo || advisorNo.toUpperCase() === 'ALL') return undefined;
  return advisorNo;
}

export async function listAdvisors(sql: Sql, user: SessionUser, storeId: number): Promise<ServiceAdvisor[]> {
  await assertStoreAccess(sql, user, storeId);
  return sql<ServiceAdvisor[]>`
    select id, store_id, advisor_no, name from service_advisor where store_id = ${storeId} order by name, id`;
}

/** Every store the user may open, across enterprises (the swimlane's store list). */
export function listSwimlaneStores(sql: Sql, user: SessionUser): Promise<Store[]> {
  return listStores(sql, user, null);
}

/** Open (not closed) orders of some lanes. */
export async function openOrdersByLanes(
  sql: Sql,
  user: SessionUser,
  o: { storeId: number; lanes: readonly RoStatusCode[]; advisorNo?: string | null },
): Promise<ServiceOrder[]> {
  await assertStoreAccess(sql, user, o.storeId);
  const lanes = o.lanes.filter((l) => l !== 'CLOSED');
  if (lanes.length === 0) return [];
  const { orders } = await queryServiceOrders(sql, { storeId: o.storeId, lanes, advisorNo: advisorFilter(o.advisorNo), excludeVoid: true });
  return orders;
}

/** Orders closed from one day up to, not including, another (days in the store's zone, YYYY-MM-DD). */
export async function closedOrders(
  sql: Sql,
  user: SessionUser,
  o: { storeId: number; from: string; before: string; advisorNo?: string | null; withReceivedMessage?: boolean },
): Promise<ServiceOrder[]> {
  await assertStoreAccess(sql, user, o.storeId);
  const { orders } = await queryServiceOrders(sql, {
    storeId: o.storeId,
    lanes: ['CLOSED'],
    closedFrom: o.from,
    closedBefore: o.before,
    advisorNo: advisorFilter(o.advisorNo),
    withReceivedMessage: o.withReceivedMessage,
  });
  return orders;
}

/** The closed-RO search: DD.MM.YYYY days, end exclusive (the client sends the last day plus one). */
export function closedOrdersBySearchDates(
  sql: Sql,
  user: SessionUser,
  o: { storeId: number; startDate: string; endDate: string; lastMessageReceived?: boolean },
): Promise<ServiceOrder[]> {
  return closedOrders(sql, user, {
    storeId: o.storeId,
    from: searchDateToIso(o.startDate),
    before: searchDateToIso(o.endDate),
    withReceivedMessage: o.lastMessageReceived,
  });
}

/** The bridge's closed orders of one day (YYYY-MM-DD) for one advisor or 'ALL'. */
export function closedOrdersOfDay(sql: Sql, user: SessionUser, o: { storeId: number; date: string; advisorNo: string }): Promise<ServiceOrder[]> {
  return closedOrders(sql, user, { storeId: o.storeId, from: o.date, before: nextIsoDay(o.date), advisorNo: o.advisorNo });
}

/** Orders opened in a range of days (DD.MM.YYYY, end exclusive), a page at a time. */
export async function ordersOpenedBetween(
  sql: Sql,
  user: SessionUser,
  o: { bocId: number; storeId: number; startDate: string; endDate: string; advisorNo?: string; page: number; size: number },
): Promise<ServiceOrderPage> {
  await assertStoreInBoc(sql, user, o.bocId, o.storeId);
  const { orders, total } = await queryServiceOrders(sql, {
    storeId: o.storeId,
    openedFrom: searchDateToIso(o.startDate),
    openedBefore: searchDateToIso(o.endDate),
    advisorNo: advisorFilter(o.advisorNo),
    page: { page: o.page, size: o.size },
  });
  return { content: orders, page: o.page, size: o.size, totalElements: total };
}

/** One order with its audit trail; the store comes from the order, and must be in scope. */
export async function serviceOrderDetail(
  sql: Sql,
  user: SessionUser,
  id: number,
  within?: { bocId: number; storeId: number },
): Promise<ServiceOrderDetail> {
  const [ro] = await sql<{ storeId: number }[]>`select store_id from repair_order where id = ${id}`;
  const missing = () => new AppError('NOT_FOUND', `Repair order ${id} does not exist`, [{ field: 'param.id', message: 'unknown repair order' }]);
  if (!ro) throw missing();
  if (within) {
    await assertStoreInBoc(sql, user, within.bocId, within.storeId);
    if (ro.storeId !== within.storeId) throw missing();
  } else {
    await assertStoreAccess(sql, user, ro.storeId);
  }
  const { orders } = await queryServiceOrders(sql, { storeId: ro.storeId, ids: [id] });
  const moves = await sql<
    { id: number; fromLane: RoStatusCode; toLane: RoStatusCode; fromKey: string; toKey: string; source: 'BOARD' | 'DEALER_FEED'; userId: number | null; userName: string | null; movedOn: Date }[]
  >`
    select m.id, m.from_lane, m.to_lane, m.from_key, m.to_key, m.source, m.user_id,
      case when u.id is null then null else u.first_name || ' ' || u.last_name end as user_name, m.moved_on
    from repair_order_move m left join app_user u on u.id = m.user_id
    where m.repair_order_id = ${id} order by m.moved_on, m.id`;
  return { ...orders[0]!, moves: moves.map((m) => ({ ...m, movedOn: m.movedOn.toISOString() })) };
}
