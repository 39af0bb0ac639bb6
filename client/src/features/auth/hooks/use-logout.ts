import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '@drivebay/shared';
import { signOutLocally } from '../../../lib/session/session-store';
import { endServerSession } from '../api';

/** Ends the server session, clears local storage and shows the login page. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await endServerSession();
    signOutLocally();
    navigate(PATHS.login, { replace: true });
  }, [navigate]);
}
