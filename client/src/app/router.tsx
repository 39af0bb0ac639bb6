import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PATHS } from '@drivebay/shared';
import { RouteErrorBoundary, NotFoundRoute, ServerErrorRoute } from './routes/error-pages';
import { FallbackRedirect, RequireSession } from './routes/guards';
import { LoginRoute } from './routes/login';
import { ProductRoute } from './routes/product';
import { RegisterRoute } from './routes/register';
import { RootRoute } from './routes/root';

// Everything behind the login loads on demand, so the login page does not carry the data grid,
// the date pickers or the sync client.
const AppLayout = lazy(() => import('./routes/app/app-layout'));
const LeadManagerScreen = lazy(() => import('./routes/app/lead-manager'));
const CompanyMasterListScreen = lazy(() => import('./routes/app/company-master-list'));
const BoardScreen = lazy(() => import('./routes/app/board'));
const AppointmentsScreen = lazy(() => import('./routes/app/appointments'));

/** The route table of spec §2; main.tsx mounts it in a browser router, tests in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: PATHS.login, element: <LoginRoute /> },
      { path: PATHS.register, element: <RegisterRoute /> },
      { path: PATHS.layout, element: <ProductRoute /> },
      { path: PATHS.notFound, element: <NotFoundRoute /> },
      { path: PATHS.serverError, element: <ServerErrorRoute /> },
      { index: true, element: <FallbackRedirect index /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: PATHS.leadManager, element: <LeadManagerScreen /> },
              { path: PATHS.globalInbox, element: <LeadManagerScreen /> },
              { path: PATHS.maxResponseTime, element: <LeadManagerScreen /> },
              { path: PATHS.companyMasterList, element: <CompanyMasterListScreen /> },
              { path: PATHS.swimlane, element: <BoardScreen /> },
              { path: PATHS.appointments, element: <AppointmentsScreen /> },
            ],
          },
        ],
      },
      { path: '*', element: <FallbackRedirect index={false} /> },
    ],
  },
];
