import {
  callInviteSchema,
  emailAutoResponseResultSchema,
  feedbackClipSchema,
  feedbackResultSchema,
  mailConfirmationSchema,
  mailConfirmedSchema,
  meetingSchema,
  type CallInvite,
  type FeedbackClip,
  type FeedbackResult,
  type FeedbackSubmit,
  type MailConfirmation,
  type MailConfirmed,
  type Meeting,
} from '@drivebay/shared';
import { apiRequest, type QueryValue } from '../../../lib/api-client';

// The public pages show their own outcome; a staff session stored in the browser plays no part.
const quiet = { notify: false, handleUnauthorized: false } as const;

export function getCallInvite(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<CallInvite> {
  return apiRequest('/api/landing/call-invite', { query, schema: callInviteSchema, signal, ...quiet });
}

export function getMeeting(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<Meeting> {
  return apiRequest('/api/landing/meeting', { query, schema: meetingSchema, signal, ...quiet });
}

/** `GET /api/email/autoResponse` (spec §7), with the page's query as it came. */
export function recordEmailAutoResponse(query: Record<string, QueryValue>, signal?: AbortSignal) {
  return apiRequest('/api/email/autoResponse', { query, schema: emailAutoResponseResultSchema, signal, ...quiet });
}

export function getMailConfirmation(token: string, signal?: AbortSignal): Promise<MailConfirmation> {
  return apiRequest('/api/email/confirmation', { query: { token }, schema: mailConfirmationSchema, signal, ...quiet });
}

export function confirmMail(token: string): Promise<MailConfirmed> {
  return apiRequest('/api/email/confirmation', {
    method: 'POST',
    query: { token },
    schema: mailConfirmedSchema,
    ...quiet,
  });
}

export function getFeedbackClip(token: string, signal?: AbortSignal): Promise<FeedbackClip> {
  return apiRequest('/api/feedback-clip', { query: { token }, schema: feedbackClipSchema, signal, ...quiet });
}

export function submitFeedback(token: string, rating: number, comment: string): Promise<FeedbackResult> {
  return apiRequest('/api/feedback-clip', {
    method: 'POST',
    query: { token },
    body: { rating, comment } satisfies FeedbackSubmit,
    schema: feedbackResultSchema,
    ...quiet,
  });
}
