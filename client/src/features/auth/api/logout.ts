import { successSchema } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /user/logout ends the server session. Leaving must work even when the server cannot be
 * reached or the session already expired, so failures are swallowed and never notified.
 */
export async function endServerSession(): Promise<void> {
  try {
    await apiRequest('/user/logout', { schema: successSchema, notify: false, handleUnauthorized: false });
  } catch (error) {
    console.warn('Ending the server session failed; the local session is cleared anyway', error);
  }
}
