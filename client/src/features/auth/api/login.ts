import { userDataShape, type Login, type UserData } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /user/v2/login. Failures are the form's to show (wrong password, too many attempts), so
 * there is no global notice and a 401 here is an answer, not an ended session.
 */
export function login(credentials: Login): Promise<UserData> {
  return apiRequest('/user/v2/login', {
    method: 'POST',
    body: credentials,
    schema: userDataShape,
    notify: false,
    handleUnauthorized: false,
  });
}
