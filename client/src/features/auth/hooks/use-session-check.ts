import { useEffect } from 'react';
import { getSession, isSessionFromThisPage, updateUser } from '../../../lib/session/session-store';
import { getCurrentUser } from '../api';

/**
 * Confirms once per page load that the stored session is still alive on the server and refreshes
 * the stored user data (roles and scope may have changed since the login). A session signed in on
 * this page needs no check: its user data is the login's answer, a moment old (asking again would
 * only re-render the app while its first screen is being built).
 */
export function useSessionCheck(authToken: string | null): void {
  useEffect(() => {
    if (!authToken || isSessionFromThisPage(authToken)) return;
    const controller = new AbortController();
    getCurrentUser(controller.signal).then(
      (user) => {
        // The reply belongs to this token only if the user did not sign out or in meanwhile.
        if (getSession().user?.authToken === authToken) updateUser({ ...user, authToken });
      },
      () => {
        // 401 is handled by the API client; anything else leaves the stored session in place.
      },
    );
    return () => controller.abort();
  }, [authToken]);
}
