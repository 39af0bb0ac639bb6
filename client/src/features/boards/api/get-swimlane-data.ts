import { z } from 'zod';
import { appointmentSchema, serviceAdvisorSchema, serviceOrderSchema, storeSchema, type Appointment, type ServiceAdvisor, type ServiceOrder, type Store } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

// The swimlane's calls to the dealer system (spec §7). Each screen shows its own danger message
// on failure (§8), so none of them raises the generic notice.

/** Every store the user may open, with its office zone. */
export function getSwimlaneStores(signal?: AbortSignal): Promise<Store[]> {
  return apiRequest('/api/getAllStores', { schema: z.array(storeSchema), signal, notify: false });
}

export function getAdvisorsByStore(storeId: number, signal?: AbortSignal): Promise<ServiceAdvisor[]> {
  return apiRequest(`/api/getAdivsorByStore/${storeId}`, { schema: z.array(serviceAdvisorSchema), signal, notify: false });
}

/** Orders closed on a day (YYYY-MM-DD in the store's zone), of one advisor number or 'ALL'. */
export function getClosedOrders(storeId: number, day: string, advisorNo: string, signal?: AbortSignal): Promise<ServiceOrder[]> {
  return apiRequest(`/api/getClosedRoByStoreIdAndDateAndAdvisorNo/${storeId}/${day}/${encodeURIComponent(advisorNo)}`, {
    schema: z.array(serviceOrderSchema),
    signal,
    notify: false,
  });
}

/** Appointments of a day (YYYY-MM-DD in the store's zone). */
export function getAppointmentsOfDay(storeId: number, day: string, signal?: AbortSignal): Promise<Appointment[]> {
  return apiRequest(`/api/getAppointmentByStoreIdAndDate/${storeId}/${day}`, { schema: z.array(appointmentSchema), signal, notify: false });
}
