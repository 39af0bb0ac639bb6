import { z } from 'zod';
import {
  automatedFailedSchema,
  automatedReportSchema,
  automatedRunSchema,
  automatedStatusSchema,
  brandTimezoneSchema,
  controlResultSchema,
  customerPickSchema,
  customerTypeCountSchema,
  followUpSchema,
  interactionTypeCountSchema,
  leadFlagsSchema,
  leadListPageSchema,
  leadPipelineSchema,
  marksResultSchema,
  storeOptionSchema,
  successSchema,
  workflowInitiateResultSchema,
  type AutomatedStart,
  type LeadListFilter,
  type LeadListPage,
  type LeadStage,
  type ServiceType,
  type UserFollowup,
  type FollowUpCode,
  type LeadTrack,
} from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

const FSI = '/api/future-service-interaction';

/**
 * A list call: the verbatim path, the query it adds (the lead manager's tab), and whether the
 * specification marks it (ent), naming the working enterprise in a header.
 */
export type ListCall = { path: string; query?: Record<string, string>; ent?: boolean };

/** A page of a list; the caller shows failures (the standard list failure of spec §8). */
export function searchList(call: ListCall, filter: LeadListFilter, page: number, size: number, signal?: AbortSignal): Promise<LeadListPage> {
  return apiRequest(call.path, { method: 'POST', query: { ...call.query, page, size }, body: filter, schema: leadListPageSchema, signal, notify: false, enterprise: call.ent ?? false });
}

export const getPipeline = (id: number, signal?: AbortSignal) =>
  apiRequest(`${FSI}/lead-stage`, { query: { 'future-service-interaction-id': id }, schema: leadPipelineSchema, signal });

export const setStage = (id: number, stage: LeadStage, reason: string | null) =>
  apiRequest(`${FSI}/lead-stage`, { method: 'PUT', body: { 'future-service-interaction-id': id, stage, reason }, schema: leadPipelineSchema });

export type LeadFlag = 'aiEnabled' | 'appointmentSet' | 'convClosed' | 'responseReqd';

/** Sets one flag through its verbatim call. */
export function setFlag(id: number, flag: LeadFlag, value: boolean): Promise<unknown> {
  const v = String(value);
  switch (flag) {
    case 'aiEnabled':
      return apiRequest(`${FSI}/update-ai-enabled`, { method: 'POST', query: { 'future-service-interaction-id': id, aiEnabled: v }, schema: successSchema });
    case 'appointmentSet':
      return apiRequest(`${FSI}/update-appointment-set`, { method: 'POST', query: { id, 'appointment-set': v }, schema: leadFlagsSchema });
    case 'convClosed':
      return apiRequest(`${FSI}/conversationClosed`, { method: 'PUT', query: { 'future-service-interaction-id': id, conversationClosed: v }, schema: leadFlagsSchema });
    case 'responseReqd':
      return apiRequest(`${FSI}/response-required`, { method: 'PUT', query: { 'future-service-interaction-id': id, responseReqd: v }, schema: leadFlagsSchema });
  }
}

export const setSmsBlock = (customerId: number, blockSms: boolean) =>
  apiRequest(`${FSI}/sms-block`, { method: 'PUT', query: { customerId, blockSms: String(blockSms) }, schema: leadFlagsSchema });

export const setContactLater = (id: number, day: string) =>
  apiRequest('/api/marks/future-service-interaction', { method: 'POST', body: { futureServiceInteractionId: id, intentType: 'CL', value: day }, schema: marksResultSchema });

export const clearContactLater = (id: number) =>
  apiRequest('/api/marks/v2', { method: 'DELETE', query: { 'future-service-interaction-id': id, intentType: 'CL' }, schema: marksResultSchema });

const userFollowupResult = z.object({ futureServiceInteractionId: z.number(), userFollowup: z.string().nullable(), followUp: followUpSchema.nullable() });
export const setUserFollowup = (id: number, userFollowup: UserFollowup | null) =>
  apiRequest(`${FSI}/user-followup`, { method: 'PUT', body: { futureServiceInteractionId: id, userFollowup }, schema: userFollowupResult });

export const planFollowUp = (id: number, followupType: FollowUpCode) =>
  apiRequest('/api/service-workflow/follow-up/initiate', { method: 'POST', query: { 'future-service-interaction-id': id, followupType }, schema: followUpSchema });

/** Marks a transition of the lead: `POST .../workflow/track`, the (ent) form with the enterpriseId header. */
export const postLeadTrack = (id: number, track: LeadTrack) =>
  apiRequest(`${FSI}/workflow/track`, { method: 'POST', query: { 'future-service-interaction-id': id, track }, schema: controlResultSchema, enterprise: true });

export const getFollowUps = (id: number, signal?: AbortSignal) =>
  apiRequest(`${FSI}/follow-ups`, { query: { 'future-service-interaction-id': id }, schema: z.array(followUpSchema), signal });

export const searchCustomers = (storeId: number, search: string, signal?: AbortSignal) =>
  apiRequest('/api/service-workflow/customers', { query: { storeId, search }, schema: customerPickSchema, signal, notify: false });

/** Starts a conversation; the caller handles the forced-conversation refusal itself. */
export const startConversation = (customerId: number, serviceVehicleId: number | null, serviceType: ServiceType, isForced: boolean) =>
  apiRequest('/api/service-workflow/start-conversation', {
    method: 'POST', body: { customerId, serviceVehicleId, serviceType, isForced }, schema: workflowInitiateResultSchema, notify: false,
  });

// The automated lead-manager calls are (ent): each names the working enterprise in its header.
export const getBrandTimezones = (signal?: AbortSignal) => apiRequest('/api/store/brand-timezone', { schema: brandTimezoneSchema, signal, enterprise: true });
export const getStoresOfBrands = (zone: string, brands: string[], signal?: AbortSignal) =>
  apiRequest(`/api/store/brands-timezone?${new URLSearchParams([['zone', zone], ...brands.map((b) => ['brands', b])]).toString()}`, { schema: z.array(storeOptionSchema), signal, enterprise: true });
export const getInteractionTypes = (storeIds: number[], signal?: AbortSignal) =>
  apiRequest('/api/lisa/service-interactions/stores', { method: 'POST', body: { storeIds }, schema: interactionTypeCountSchema, signal, enterprise: true });
export const getCustomerTypes = (interactionType: ServiceType, storeIds: number[], signal?: AbortSignal) =>
  apiRequest(`/api/lisa/service-interactions/customer-type/${interactionType}`, { query: { storeIds: storeIds.join(',') }, schema: customerTypeCountSchema, signal, enterprise: true });
export const startAutomated = (input: AutomatedStart) =>
  apiRequest('/api/lisa/automated/lead-manager/start', { method: 'POST', body: input, schema: automatedRunSchema, enterprise: true });
export const getAutomatedStatus = (signal?: AbortSignal) => apiRequest('/api/lisa/automated/lead-manager/status', { schema: automatedStatusSchema, signal, notify: false, enterprise: true });
export const getAutomatedFailed = (signal?: AbortSignal) => apiRequest('/api/lisa/automated/lead-manager/failed', { schema: automatedFailedSchema, signal, enterprise: true });
export const getAutomatedReport = (zone: string, signal?: AbortSignal) =>
  apiRequest('/api/lisa/automated/lead-manager/today-report', { query: { zone }, schema: automatedReportSchema, signal, enterprise: true });
