import { z } from 'zod';
import { enterpriseSchema, type Enterprise } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/enterprise: the enterprises the user can see. */
export function getEnterprises(signal?: AbortSignal): Promise<Enterprise[]> {
  return apiRequest('/api/enterprise', { schema: z.array(enterpriseSchema), signal, notify: false });
}
