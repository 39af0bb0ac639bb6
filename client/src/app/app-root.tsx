import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { NotificationProvider } from '../components/notification-provider';
import { PageSpinner } from '../components/page-spinner';
import { AppRoutes } from './router';

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
