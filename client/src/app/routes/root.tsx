import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSessionCheck } from '../../features/auth';
import { rememberQueryString } from '../../lib/session/storage';
import { useSession } from '../../lib/session/use-session';

/** Wraps every route: remembers the address's query string and confirms a stored session once. */
export function RootRoute() {
  const { search } = useLocation();
  const { user } = useSession();

  useEffect(() => {
    rememberQueryString(search);
  }, [search]);

  useSessionCheck(user?.authToken ?? null);

  return <Outlet />;
}
