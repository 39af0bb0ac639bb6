import { z } from 'zod';
import {
  leadPageSchema,
  salesAppointmentListItemSchema,
  type SalesAppointmentListItem,
  salesAppointmentResultSchema,
  type LeadPage,
  type SalesAppointment,
  type SalesAppointmentResult,
} from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** The largest page the lead call gives (the form searches within it, spec §5). */
export const LEAD_PICKER_SIZE = 100;

/** `GET /leadmanager/getLeadManagerDataForCompanyOffice`: the store division's leads, latest first. */
export function getLeadsForPicker(query: { companyId: number; officeId: number; divisionId: string }, signal?: AbortSignal): Promise<LeadPage> {
  return apiRequest('/leadmanager/getLeadManagerDataForCompanyOffice', {
    query: { ...query, page: 0, size: LEAD_PICKER_SIZE },
    schema: leadPageSchema,
    signal,
    notify: false,
  });
}

/** `POST /api/sales-appointment`: Save, or Schedule when appointmentId is set. */
export function saveSalesAppointment(body: SalesAppointment): Promise<SalesAppointmentResult> {
  return apiRequest('/api/sales-appointment', { method: 'POST', body, schema: salesAppointmentResultSchema });
}

/** `GET /api/sales-appointment`: the store's sales appointments from today on. */
export function listSalesAppointments(storeId: number, signal?: AbortSignal): Promise<SalesAppointmentListItem[]> {
  return apiRequest('/api/sales-appointment', { query: { storeId }, schema: z.array(salesAppointmentListItemSchema), signal, notify: false });
}
