import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { ADMIN_PATHS, LEAD_FORM_PATHS, PATHS, PUBLIC_PAGE_PATHS, REPORT_SCREEN_PATHS } from '@drivebay/shared';
import { FallbackRedirect, RequireSession, VisitorsOnly } from './routes/guards';
import { RootRoute } from './routes/root';
import { RootIndexRoute } from './routes/public/root-index';
import { appLayoutScreen, leadManagerScreen } from './routes/app/screens';

// Every page is a chunk of its own: the entry holds the router, the theme and the session only, so
// the login page and the public forms each load just their own screen.
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const RegisterRoute = lazy(() => import('./routes/register').then((m) => ({ default: m.RegisterRoute })));
const ProductRoute = lazy(() => import('./routes/product').then((m) => ({ default: m.ProductRoute })));
const NotFoundRoute = lazy(() => import('./routes/error-pages').then((m) => ({ default: m.NotFoundRoute })));
const ServerErrorRoute = lazy(() => import('./routes/error-pages').then((m) => ({ default: m.ServerErrorRoute })));

// Everything behind the login loads on demand, so the login page does not carry the data grid,
// the date pickers or the sync client.
const AppLayout = appLayoutScreen.Component;
const LeadManagerScreen = leadManagerScreen.Component;
const CompanyMasterListScreen = lazy(() => import('./routes/app/company-master-list'));
const TemplatesScreen = lazy(() => import('./routes/app/templates'));
const MailingListsScreen = lazy(() => import('./routes/app/mailing-lists'));
const MailingListDetailsScreen = lazy(() => import('./routes/app/mailing-lists-details'));
const PlannersScreen = lazy(() => import('./routes/app/planners'));
const SalesAppointmentScreen = lazy(() => import('./routes/app/sales-appointment'));
// Public pages (no login): each a small chunk of its own, without the signed-in app.
const LeadSubmissionRoute = lazy(() => import('./routes/public/lead-submission'));
const CallInviteRoute = lazy(() => import('./routes/public/call-invite'));
const MeetingRoute = lazy(() => import('./routes/public/meeting'));
const PublicDealRoomRoute = lazy(() => import('./routes/public/deal-room'));
const EmailAutoResponseRoute = lazy(() => import('./routes/public/email-auto-response'));
const MailConfirmationRoute = lazy(() => import('./routes/public/mail-confirmation'));
const FeedbackClipRoute = lazy(() => import('./routes/public/feedback-clip'));
const BoardScreen = lazy(() => import('./routes/app/board'));
const AppointmentsScreen = lazy(() => import('./routes/app/appointments'));
const DataSyncScreen = lazy(() => import('./routes/app/data-sync'));
const AdminScreen = lazy(() => import('./routes/app/admin'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const CustomerScreen = lazy(() => import('./routes/app/customer'));
const ReportsScreen = lazy(() => import('./routes/app/reports'));

/**
 * The route table of spec §2. It is matched with the declarative router (main.tsx mounts it in a
 * browser router, tests in a memory router): the data router's loaders and actions are not used,
 * and it would add some 14 KB to every page. Render errors are caught in RootRoute.
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      // A signed-in user is sent on at once, without the login page's code.
      {
        path: PATHS.login,
        element: (
          <VisitorsOnly>
            <LoginRoute />
          </VisitorsOnly>
        ),
      },
      { path: PATHS.register, element: <RegisterRoute /> },
      { path: PATHS.layout, element: <ProductRoute /> },
      { path: PATHS.notFound, element: <NotFoundRoute /> },
      { path: PATHS.serverError, element: <ServerErrorRoute /> },
      ...Object.values(LEAD_FORM_PATHS).map((path) => ({ path, element: <LeadSubmissionRoute /> })),
      { path: PUBLIC_PAGE_PATHS.callInvite, element: <CallInviteRoute /> },
      { path: PUBLIC_PAGE_PATHS.meeting, element: <MeetingRoute /> },
      { path: PUBLIC_PAGE_PATHS.dealRoom, element: <PublicDealRoomRoute /> },
      { path: PUBLIC_PAGE_PATHS.emailAutoResponse, element: <EmailAutoResponseRoute /> },
      { path: PUBLIC_PAGE_PATHS.mailConfirmation, element: <MailConfirmationRoute /> },
      { path: PUBLIC_PAGE_PATHS.feedbackClip, element: <FeedbackClipRoute /> },
      { path: ADMIN_PATHS.resetPassword, element: <ResetPasswordRoute /> },
      { index: true, element: <RootIndexRoute /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: PATHS.leadManager, element: <LeadManagerScreen /> },
              { path: PATHS.globalInbox, element: <LeadManagerScreen /> },
              { path: PATHS.maxResponseTime, element: <LeadManagerScreen /> },
              { path: PATHS.globalInbox0, element: <LeadManagerScreen /> },
              { path: PATHS.companyMasterList, element: <CompanyMasterListScreen /> },
              { path: PATHS.templates, element: <TemplatesScreen /> },
              { path: PATHS.mailingLists, element: <MailingListsScreen /> },
              { path: PATHS.mailingListDetails, element: <MailingListDetailsScreen /> },
              { path: PATHS.planners, element: <PlannersScreen /> },
              { path: PATHS.salesAppointment, element: <SalesAppointmentScreen /> },
              { path: PATHS.swimlane, element: <BoardScreen /> },
              { path: PATHS.appointments, element: <AppointmentsScreen /> },
              { path: PATHS.dataSync, element: <DataSyncScreen /> },
              { path: ADMIN_PATHS.admin, element: <AdminScreen /> },
              { path: PATHS.customer, element: <CustomerScreen /> },
              { path: REPORT_SCREEN_PATHS.dashboard, element: <ReportsScreen /> },
              { path: REPORT_SCREEN_PATHS.report, element: <ReportsScreen /> },
            ],
          },
        ],
      },
      { path: '*', element: <FallbackRedirect index={false} /> },
    ],
  },
];

/** The routes of `routes`, for whichever router surrounds them. */
export function AppRoutes() {
  return useRoutes(routes);
}
