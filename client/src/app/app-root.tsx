import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { NotificationProvider } from '../components/notification-provider';
import { PageSpinner } from '../components/page-spinner';
import { getSession } from '../lib/session/session-store';
import { AppRoutes } from './router';
import { appLayoutScreen, leadManagerScreen } from './routes/app/screens';

// A signed-in user's first screens are fetched together as soon as the app's code is in, rather
// than the lead manager after the layout.
if (getSession().user) for (const screen of [appLayoutScreen, leadManagerScreen]) screen.preload().catch(() => undefined);

/**
 * The app with its router: every page but the public ones main.tsx shows on their own. Loaded on
 * demand, so the login page and the lead forms do not carry the router, the route table or the
 * notices.
 */
export default function AppRoot() {
  return (
    <NotificationProvider>
      <BrowserRouter>
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </NotificationProvider>
  );
}
