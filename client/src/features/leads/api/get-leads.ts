import { leadPageSchema, type LeadPage, type LeadQuery } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * A page of a store's leads (companyId is the BOC's numeric id, officeId the store's). The caller
 * shows failures itself: the standard list failure of spec §8.
 */
export function getLeads(query: LeadQuery, signal?: AbortSignal): Promise<LeadPage> {
  return apiRequest('/leadmanager/getLeadManagerDataForCompanyOffice', {
    query: { ...query, search: query.search ?? '' },
    schema: leadPageSchema,
    signal,
    notify: false,
  });
}
