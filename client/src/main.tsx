import { StrictMode, Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { publicPageAt } from './app/public-pages';
import { appRootScreen } from './app/routes/app/screens';
import { ThemeProviders } from './app/providers';
import { PageSpinner } from './components/page-spinner';
import { useSessionCheck } from './features/auth';
import { getSession } from './lib/session/session-store';
import { rememberQueryString } from './lib/session/storage';
import { useSession } from './lib/session/use-session';

// The login page and the lead forms are pages of their own here, without the app's router, route
// table and notices, so a visitor downloads little more than React, MUI's core and the page. Every
// other address is the app's (app-root.tsx). Signing in on the login page hands over to the app,
// whose router then opens the address the visitor was sent to the login from, or their home.
const AppRoot = appRootScreen.Component;
const LoginPage = lazy(() => import('./app/routes/login-page').then((m) => ({ default: m.LoginPage })));
const LeadFormPage = lazy(() => import('./features/lead-forms').then((m) => ({ default: m.LeadFormPage })));

const first = publicPageAt(window.location.pathname, window.location.host, getSession().user !== null);

function Root() {
  const { user } = useSession();
  const [page, setPage] = useState(first);
  const publicPage = page?.kind === 'login' && user ? null : page;

  useEffect(() => {
    if (page) rememberQueryString(window.location.search);
  }, [page]);

  // Signed in (here or in another tab): the app takes over; the form stays until its code is in.
  useEffect(() => {
    if (page?.kind === 'login' && user) startTransition(() => setPage(null));
  }, [page, user]);

  // The app's root route confirms a stored session; a public page does the same on its own.
  useSessionCheck(publicPage ? (user?.authToken ?? null) : null);

  if (!publicPage) return <AppRoot />;
  if (publicPage.kind === 'login') return <LoginPage />;
  return <LeadFormPage form={publicPage.form} />;
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <ThemeProviders>
      <Suspense fallback={<PageSpinner />}>
        <Root />
      </Suspense>
    </ThemeProviders>
  </StrictMode>,
);
