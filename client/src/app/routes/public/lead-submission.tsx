import { useLocation } from 'react-router-dom';
import { leadFormOfPath } from '@drivebay/shared';
import { LeadFormPage } from '../../../features/lead-forms';

/**
 * /lead-submission and /lead-submission-{brand}; also the root of the lead-submission sub-domain
 * (see root-index.tsx), which shows the generic form. A chunk of its own: a customer on a phone
 * loads the form and none of the signed-in app.
 */
export default function LeadSubmissionRoute() {
  const { pathname } = useLocation();
  return <LeadFormPage form={leadFormOfPath(pathname) ?? 'generic'} />;
}
