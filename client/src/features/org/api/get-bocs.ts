import { z } from 'zod';
import { bocSchema, type Boc } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/enterprise/{enterpriseId}/boc: the enterprise's BOCs within the user's scope. */
export function getBocs(enterpriseId: number, signal?: AbortSignal): Promise<Boc[]> {
  return apiRequest(`/api/enterprise/${enterpriseId}/boc`, { schema: z.array(bocSchema), signal, notify: false });
}
