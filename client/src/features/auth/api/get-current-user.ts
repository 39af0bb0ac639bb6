import { userDataShape, type UserData } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /user/me: the user of the current token. A 401 ends the session through the API client; a
 * network failure is silent because a tablet that starts offline keeps working from its cache.
 */
export function getCurrentUser(signal?: AbortSignal): Promise<UserData> {
  return apiRequest('/user/me', { schema: userDataShape, signal, notify: false });
}
