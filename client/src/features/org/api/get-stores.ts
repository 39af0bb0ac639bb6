import { z } from 'zod';
import { storeSchema, type Store } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/enterprise/{enterpriseId}/store, narrowed to one BOC (its numeric id) when given: the
 * stores within the user's scope.
 */
export function getStores(enterpriseId: number, bocId: number | null, signal?: AbortSignal): Promise<Store[]> {
  return apiRequest(`/api/enterprise/${enterpriseId}/store`, {
    query: { bocId },
    schema: z.array(storeSchema),
    signal,
    notify: false,
  });
}
