import {
  nextIsoDay,
  searchDateToIso,
  type Appointment,
  type AppointmentStatus,
  type AppointmentDateQuery,
  type AppointmentPage,
  type AppointmentSearch,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreInBoc } from '../boards/swimlane';
import { assertStoreAccess } from '../org/scope';
import { queryAppointments } from './query-appointments';

/** DD.MM.YYYY days, end inclusive, as the store-zone day bounds the query takes. */
function dayRange(startDate?: string, endDate?: string): { from?: string; before?: string } {
  return {
    from: startDate ? searchDateToIso(startDate) : undefined,
    before: endDate ? nextIsoDay(searchDateToIso(endDate)) : undefined,
  };
}

/** `POST /api/appointment/search`. */
export async function searchAppointments(sql: Sql, user: SessionUser, q: AppointmentSearch): Promise<AppointmentPage> {
  await assertStoreAccess(sql, user, q.storeId);
  const { appointments, total } = await queryAppointments(sql, {
    storeId: q.storeId,
    ...dayRange(q.startDate, q.endDate),
    statuses: q.statuses,
    advisorId: q.advisorId,
    query: q.query || undefined,
    page: { page: q.page, size: q.size },
  });
  return { content: appointments, page: q.page, size: q.size, totalElements: total };
}

/** `POST /api/service-appointment/search-by-appt-date-and-query`. */
export async function searchAppointmentsByDateAndQuery(sql: Sql, user: SessionUser, q: AppointmentDateQuery): Promise<AppointmentPage> {
  return searchAppointments(sql, user, { ...q, statuses: undefined, advisorId: undefined });
}

/** Appointments of a store over DD.MM.YYYY days (end inclusive). */
export async function appointmentsBetween(
  sql: Sql,
  user: SessionUser,
  o: { storeId: number; startDate: string; endDate: string; lastMessageReceived?: boolean; bocId?: number },
): Promise<Appointment[]> {
  if (o.bocId !== undefined) await assertStoreInBoc(sql, user, o.bocId, o.storeId);
  else await assertStoreAccess(sql, user, o.storeId);
  const { appointments } = await queryAppointments(sql, {
    storeId: o.storeId,
    ...dayRange(o.startDate, o.endDate),
    withReceivedMessage: o.lastMessageReceived,
  });
  return appointments;
}

/** One store-day of appointments (YYYY-MM-DD), for the swimlane bridge and the booked list. */
export async function appointmentsOfDay(
  sql: Sql,
  user: SessionUser,
  o: { storeId: number; date: string; fid?: number; statuses?: readonly AppointmentStatus[] },
): Promise<Appointment[]> {
  await assertStoreAccess(sql, user, o.storeId);
  const { appointments } = await queryAppointments(sql, {
    storeId: o.storeId,
    from: o.date,
    before: nextIsoDay(o.date),
    fid: o.fid,
    statuses: o.statuses,
  });
  return appointments;
}

/** A conversation's appointments, soonest first. */
export async function appointmentsOfConversation(
  sql: Sql,
  user: SessionUser,
  o: { storeId: number; fid: number; statuses?: readonly AppointmentStatus[] },
): Promise<Appointment[]> {
  await assertStoreAccess(sql, user, o.storeId);
  const { appointments } = await queryAppointments(sql, { storeId: o.storeId, fid: o.fid, statuses: o.statuses });
  return appointments;
}
