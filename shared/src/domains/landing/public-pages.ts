/**
 * The public pages' calls: the signed links, call invite, meeting, e-mail auto-response, appointment
 * confirmation and feedback. None of them needs a login; each needs a signed link that names one
 * interaction (and the person it was made for), so it reveals nothing beyond that interaction.
 */
import { z } from 'zod';
import { type MessageType, type NotificationType } from '../../codes';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive();
const token = z.string({ error: 'The link has no token' }).trim().min(1, 'The link has no token').max(300);

/** What a signed link lets its holder do; a link made for one purpose opens nothing else. */
export const PUBLIC_LINK_PURPOSES = ['DEAL_ROOM', 'CALL_INVITE', 'MEETING', 'EMAIL_RESPONSE', 'MAIL_CONFIRMATION', 'FEEDBACK'] as const;
export type PublicLinkPurpose = (typeof PUBLIC_LINK_PURPOSES)[number];

/** Purposes whose link is made for a staff user (the others are for the customer). */
export const STAFF_LINK_PURPOSES: readonly PublicLinkPurpose[] = ['DEAL_ROOM', 'CALL_INVITE', 'MEETING'];

/** How long each kind of link stays valid, in days. */
export const PUBLIC_LINK_DAYS: Record<PublicLinkPurpose, number> = {
  DEAL_ROOM: 7,
  CALL_INVITE: 7,
  MEETING: 30,
  EMAIL_RESPONSE: 30,
  MAIL_CONFIRMATION: 30,
  FEEDBACK: 30,
};

export { PUBLIC_PAGE_PATHS } from './paths';

/** The message every refused link gets: it says nothing about what exists behind it. */
export const INVALID_LINK_MESSAGE = 'This link is not valid or has expired.';

/** `POST /api/landing/links` (signed in): a link to one of the public pages for an interaction. */
export const publicLinkRequestSchema = z.object({
  futureServiceInteractionId: idParam,
  purpose: z.enum(PUBLIC_LINK_PURPOSES),
  /** The staff user a deal-room, call-invite or meeting link is for; the caller by default. */
  userMasterId: idParam.optional(),
  /** The calendar invite a meeting link shows. */
  messageId: idParam.optional(),
});
export type PublicLinkRequest = z.infer<typeof publicLinkRequestSchema>;

export const publicLinkSchema = z.object({
  purpose: z.enum(PUBLIC_LINK_PURPOSES),
  /** The page address with its query (absolute when the product knows its public address). */
  url: z.string(),
  path: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** The query of every deal-room and call-invite call: the interaction, the user and the signed token. */
export const signedLinkQuerySchema = z.object({
  futureServiceInteractionId: idParam,
  userMasterId: idParam,
  token,
});
export type SignedLinkQuery = z.infer<typeof signedLinkQuerySchema>;

/** The kinds of history item the call-invite page lists (spec §2). */
export const CALL_INVITE_ITEM_KINDS = [
  'EMAIL',
  'SMS',
  'INTERNAL_NOTIFICATION',
  'USER_INVITE',
  'DEALROOM_RESPONSE',
  'CALL',
  'SCHEDULED_TASK',
  'SCHEDULED_APPOINTMENT',
] as const;
export type CallInviteItemKind = (typeof CALL_INVITE_ITEM_KINDS)[number];

export const CALL_INVITE_ITEM_LABELS: Record<CallInviteItemKind, string> = {
  EMAIL: 'Email',
  SMS: 'SMS',
  INTERNAL_NOTIFICATION: 'Internal notification',
  USER_INVITE: 'User invite',
  DEALROOM_RESPONSE: 'Deal-room response',
  CALL: 'Call',
  SCHEDULED_TASK: 'Scheduled internal task',
  SCHEDULED_APPOINTMENT: 'Scheduled appointment',
};

/**
 * The call-invite item a message is, or null for what the page does not list (internal notes).
 * The notification type decides before the channel: a GM notification e-mail is a notification.
 */
export function callInviteKind(m: { messageType: MessageType; notificationType: NotificationType | null }): CallInviteItemKind | null {
  switch (m.notificationType) {
    case 'USER_INVITE':
      return 'USER_INVITE';
    case 'DEALROOM_MESSAGE_RESPONSE':
      return 'DEALROOM_RESPONSE';
    case 'CALL':
    case 'VOICEMAIL_LEFT':
      return 'CALL';
    case 'SCHEDULE_INTERNAL_TASK':
      return 'SCHEDULED_TASK';
    case 'SCHEDULE_APPOINTMENT':
      return 'SCHEDULED_APPOINTMENT';
    case 'INTERNAL_NOTIFICATION':
    case 'INTERNAL_NOTIFICATION_GM':
      return 'INTERNAL_NOTIFICATION';
    case 'INTERNAL_NOTES':
      return null;
    default:
      break;
  }
  if (m.messageType === 'DEALROOM_MESSAGE_RESPONSE') return 'DEALROOM_RESPONSE';
  if (m.messageType === 'CALENDAR_INVITE') return 'SCHEDULED_APPOINTMENT';
  if (m.messageType === 'EMAIL') return 'EMAIL';
  if (m.messageType === 'SMS') return 'SMS';
  return null;
}

export const callInviteItemSchema = z.object({
  id,
  kind: z.enum(CALL_INVITE_ITEM_KINDS),
  label: z.string(),
  title: z.string().nullable(),
  /** Plain text of the message (HTML bodies reduced to their text). */
  text: z.string(),
  direction: z.enum(['SEND', 'SENT', 'RECEIVED']),
  fromName: z.string().nullable(),
  toName: z.string().nullable(),
  createdOn: z.string(),
  startTime: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
});
export type CallInviteItem = z.infer<typeof callInviteItemSchema>;

/** `GET /api/landing/call-invite`. */
export const callInviteSchema = z.object({
  interactionId: id,
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  storeName: z.string(),
  storePhone: z.string().nullable(),
  timeZone: z.string(),
  items: z.array(callInviteItemSchema),
});
export type CallInvite = z.infer<typeof callInviteSchema>;

/** The query of the /landing meeting page and its call (spec §2), plus the signed token. */
export const meetingQuerySchema = z.object({
  landingpage: z.string().max(40).optional(),
  companyId: idParam.optional(),
  officeId: idParam.optional(),
  divisionId: z.string().max(10).optional(),
  contactId: idParam,
  messageId: idParam,
  userMasterId: idParam,
  type: z.string().max(40).optional(),
  token,
});
export type MeetingQuery = z.infer<typeof meetingQuerySchema>;

/** `GET /api/landing/meeting`: the calendar invite a meeting link names. */
export const meetingSchema = z.object({
  messageId: id,
  title: z.string(),
  host: z.string(),
  guest: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  timeZone: z.string(),
  timezoneDisplay: z.string(),
  storeName: z.string(),
  storeAddress: z.string().nullable(),
  storePhone: z.string().nullable(),
  divisionName: z.string().nullable(),
  /** The kind of meeting the link names (type), in words. */
  kind: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** The texts of the e-mail auto-response page (spec §2). */
export const EMAIL_AUTO_RESPONSE_TEXT = {
  success: 'Thanks for your response!',
  failure: 'There is some problem. Please try after some time.',
} as const;

/** `GET /api/email/autoResponse` (spec §7): the customer's answer from a link in an e-mail. */
export const emailAutoResponseQuerySchema = z.object({
  token,
  emailId: z.string().max(200).optional(),
  fromAddress: z.string().max(320).optional(),
  toAddress: z.string().max(320).optional(),
  from: z.string().max(320).optional(),
  to: z.string().max(320).optional(),
  subject: z.string().max(998).optional(),
  message: z.string().max(5000).optional(),
  /** The answer the link stands for (e.g. YES, CALL_ME), kept with the message. */
  key: z.string().max(100).optional(),
});
export type EmailAutoResponseQuery = z.infer<typeof emailAutoResponseQuerySchema>;

export const emailAutoResponseResultSchema = z.object({ message: z.string(), messageId: id, duplicate: z.boolean() });

/** `GET /api/email/confirmation`: the appointment a confirmation link is about. */
export const mailConfirmationSchema = z.object({
  customerFirstName: z.string(),
  storeName: z.string(),
  appointment: z
    .object({
      id,
      title: z.string().nullable(),
      startTime: z.string(),
      timeZone: z.string(),
      status: z.string(),
    })
    .nullable(),
});
export type MailConfirmation = z.infer<typeof mailConfirmationSchema>;

/** `POST /api/email/confirmation`: the appointment as confirmed, with the page's message. */
export const mailConfirmedSchema = mailConfirmationSchema.extend({ message: z.string() });
export type MailConfirmed = z.infer<typeof mailConfirmedSchema>;

export const MAIL_CONFIRMATION_TEXT = {
  confirmed: 'Your appointment is confirmed. See you then!',
  nothingToConfirm: 'There is no upcoming appointment to confirm. Reply to our message and we will find you a time.',
} as const;

/** `GET /api/feedback-clip`: who the feedback page is for, and whether they already answered. */
export const feedbackClipSchema = z.object({
  customerFirstName: z.string(),
  storeName: z.string(),
  submitted: z.boolean(),
});
export type FeedbackClip = z.infer<typeof feedbackClipSchema>;

export const feedbackSubmitSchema = z.object({
  rating: z.number({ error: 'Please choose a rating' }).int().min(1, 'Please choose a rating').max(5),
  comment: z.string().trim().max(1000).default(''),
});
export type FeedbackSubmit = z.input<typeof feedbackSubmitSchema>;

/** `POST /api/feedback-clip`: the thanks, and whether an earlier answer was already on record. */
export const feedbackResultSchema = z.object({ message: z.string(), duplicate: z.boolean() });
export type FeedbackResult = z.infer<typeof feedbackResultSchema>;

export const FEEDBACK_TEXT = {
  thanks: 'Thank you for your feedback!',
  already: 'We already have your feedback. Thank you!',
} as const;
