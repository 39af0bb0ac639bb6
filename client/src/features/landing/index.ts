// The public landing pages; route modules place them.
export { CallInvitePage } from './components/call-invite-page';
export { MeetingPage } from './components/meeting-page';
export { EmailAutoResponsePage } from './components/email-auto-response-page';
export { MailConfirmationPage } from './components/mail-confirmation-page';
export { FeedbackClipPage } from './components/feedback-clip-page';
