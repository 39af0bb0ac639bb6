import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSessionCheck } from '../../features/auth';
import { RouteErrorBoundary } from './error-pages';
import { rememberQueryString } from '../../lib/session/storage';
import { useSession } from '../../lib/session/use-session';

/**
 * Wraps every route: remembers the address's query string, confirms a stored session once, and
 * shows the 500 page when a screen fails to render or its code fails to load.
 */
export function RootRoute() {
  const { pathname, search } = useLocation();
  const { user } = useSession();

  useEffect(() => {
    rememberQueryString(search);
  }, [search]);

  useSessionCheck(user?.authToken ?? null);

  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
