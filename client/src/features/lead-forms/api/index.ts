import { leadFormConfigShape, leadSubmissionResultShape, type LeadFormConfig, type LeadSubmission, type LeadSubmissionResult } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * The public form's settings (brand, store number, consent text). Failures are the form's to
 * show, so the API client's notice is off; a stored staff session plays no part here.
 */
export function getLeadFormConfig(form: string, signal?: AbortSignal): Promise<LeadFormConfig> {
  return apiRequest(`/api/lead-forms/${encodeURIComponent(form)}`, {
    schema: leadFormConfigShape,
    signal,
    notify: false,
    handleUnauthorized: false,
  });
}

/** `POST /api/lisa/appointment` (no login). */
export function submitLead(body: LeadSubmission): Promise<LeadSubmissionResult> {
  return apiRequest('/api/lisa/appointment', {
    method: 'POST',
    body,
    schema: leadSubmissionResultShape,
    notify: false,
    handleUnauthorized: false,
  });
}
