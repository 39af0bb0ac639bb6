// The public pages' addresses, apart from the schemas of their calls: the client's route table
// reads them on every page, and a module it reads is bundled whole.

/** The page each purpose opens. */
export const PUBLIC_PAGE_PATHS = {
  dealRoom: '/email/autoResponse',
  callInvite: '/service/landing',
  meeting: '/landing',
  emailAutoResponse: '/email/auto-response-result',
  mailConfirmation: '/mailconfirmation',
  feedbackClip: '/FeedbackClip',
} as const;
