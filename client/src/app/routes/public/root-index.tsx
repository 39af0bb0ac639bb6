import { lazy } from 'react';
import { isLeadSubmissionHost } from '@drivebay/shared';
import { FallbackRedirect } from '../guards';

const LeadSubmissionRoute = lazy(() => import('./lead-submission'));

/**
 * The root path: on the lead-submission sub-domain (lead-submission.example.com) the generic lead
 * form, elsewhere the usual redirect (login for visitors, the home page for users).
 */
export function RootIndexRoute() {
  if (isLeadSubmissionHost(window.location.host)) return <LeadSubmissionRoute />;
  return <FallbackRedirect index />;
}
