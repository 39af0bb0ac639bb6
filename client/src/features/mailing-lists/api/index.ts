import { z } from 'zod';
import {
  mailingListDetailSchema,
  mailingListDetailsSchema,
  mailingListSchema,
  successSchema,
  type AddMailingListDetail,
  type CreateMailingList,
  type MailingList,
  type MailingListDetail,
  type MailingListDetails,
} from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

const done = successSchema;
// Each screen shows its own failure (the prefix rule needs its own words), so notices are off.
const quiet = { notify: false } as const;

export function getMailingLists(tenantId: number, signal?: AbortSignal): Promise<MailingList[]> {
  return apiRequest('/mailinglist', { query: { tenantId }, schema: z.array(mailingListSchema), signal, ...quiet });
}

export function createMailingList(code: string, tenantId: number): Promise<MailingList> {
  return apiRequest('/mailinglist', { method: 'POST', body: { code, tenantId } satisfies CreateMailingList, schema: mailingListSchema, ...quiet });
}

export function deleteMailingList(tenantId: number, mailingListMasterId: number) {
  return apiRequest('/mailinglist', { method: 'DELETE', query: { tenantId, mailingListMasterId }, schema: done, ...quiet });
}

export function getMailingListDetails(tenantId: number, mailingListMasterId: number, signal?: AbortSignal): Promise<MailingListDetails> {
  return apiRequest('/mailinglist/details', { query: { tenantId, mailingListMasterId }, schema: mailingListDetailsSchema, signal, ...quiet });
}

export function addMailingListDetail(body: AddMailingListDetail): Promise<MailingListDetail> {
  return apiRequest('/mailinglist/details', { method: 'POST', body, schema: mailingListDetailSchema, ...quiet });
}

export function deleteMailingListDetail(tenantId: number, mailingListDetailsId: number) {
  return apiRequest('/mailinglist/details', { method: 'DELETE', query: { tenantId, mailingListDetailsId }, schema: done, ...quiet });
}
