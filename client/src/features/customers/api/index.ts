import { customerPageSchema, type CustomerPage } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** A customer's page in one store. */
export function getCustomerPage(o: { bocId: number; storeId: number; customerId: number }, signal?: AbortSignal): Promise<CustomerPage> {
  return apiRequest(`/api/boc/${o.bocId}/store/${o.storeId}/customer/${o.customerId}`, { schema: customerPageSchema, signal, notify: false });
}
