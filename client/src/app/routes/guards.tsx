import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PATHS, dealRoomTarget } from '@drivebay/shared';
import { useSession } from '../../lib/session/use-session';
import { landingPathFor, loginRedirectState } from './targets';

/**
 * Sends a logged-out visitor to /login, carrying the query they came with and, for an address
 * behind the login (`resume`), the address itself, so the login opens it instead of the home page.
 */
function ToLogin({ resume = false }: { resume?: boolean }) {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={PATHS.login} replace state={loginRedirectState(search, resume ? pathname + search + hash : undefined)} />;
}

/**
 * The logged-in area. Logged-out visitors go to /login and come back to the address after it;
 * a deal-room link opens the /leadmanager deal-room page.
 */
export function RequireSession() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  if (!user) return <ToLogin resume />;
  const dealRoom = dealRoomTarget(search);
  if (dealRoom && pathname !== PATHS.leadManager) return <Navigate to={dealRoom} replace />;
  return <Outlet />;
}

/** Pages meant for visitors (/login, /register, /layout): a signed-in user is sent on. */
export function VisitorsOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { search, state } = useLocation();
  if (user) return <Navigate to={landingPathFor(user, search, state)} replace />;
  return <>{children}</>;
}

/** `/` and any unknown address: login for visitors, the landing page or /404 for users. */
export function FallbackRedirect({ index }: { index: boolean }) {
  const { user } = useSession();
  const { search } = useLocation();
  if (!user) return <ToLogin />;
  if (index) return <Navigate to={landingPathFor(user, search)} replace />;
  return <Navigate to={dealRoomTarget(search) ?? PATHS.notFound} replace />;
}
