import { FOLLOW_UP_CODES } from '../../codes';

/**
 * Every lead list the product answers, by the code the screens and the server share. What each one
 * holds is defined once, in the server's list predicates (api/src/services/lead-lists/definitions.ts),
 * and written down for people in docs/lead-lists.md.
 */
export const LEAD_LISTS = {
  CUSTOM: 'Custom',
  CONSOLIDATED: 'Consolidated',
  SMT: 'SMT',
  GM_HANDOFF: 'GM handoff',
  MRT: 'Max response time',
  TCPA: 'TCPA',
  HANDOFF: 'Handoff',
  LEAD_AT_RISK: 'Lead at risk',
  NEW: 'New',
  CONTACT_LATER: 'Contact later',
  FOLLOW_UP: 'Follow-up',
  SMART_FOLLOW_UP: 'Smart follow-up',
  EMAIL_FOLLOW_UP: 'E-mail follow-up',
  NRAA: 'NRAA (no response at all)',
  GLOBAL_INBOX_0: 'Global inbox 0',
  ARCHIVED: 'Archived',
  FIRST_INTERACTION: 'First interaction',
  OPEN_RO: 'Open repair orders',
  PRE_CSI: 'Pre-CSI',
  APPT_REMINDER: 'Appointment reminders',
  EMAIL: 'E-mail conversations',
  AUTOMATED: 'Ready for automated conversations',
} as const;
export type LeadListKind = keyof typeof LEAD_LISTS;
export const LEAD_LIST_KINDS = Object.keys(LEAD_LISTS) as LeadListKind[];

/** The lead manager's tabs, in the order they are shown (spec operations §2). */
export const LEAD_MANAGER_TABS = [
  'CONSOLIDATED', 'SMT', 'GM_HANDOFF', 'MRT', 'TCPA', 'HANDOFF', 'LEAD_AT_RISK', 'CUSTOM', 'NEW', 'CONTACT_LATER', 'FOLLOW_UP', 'SMART_FOLLOW_UP',
] as const satisfies readonly LeadListKind[];
export type LeadManagerTab = (typeof LEAD_MANAGER_TABS)[number];

/** Makes of the GM brands the first-interaction list is fixed to (dealType New). */
export const GM_BRAND_MAKES = ['Chevrolet', 'Buick', 'GMC', 'Cadillac'] as const;

/** How long an initiated conversation waits without any customer reply before it is NRAA. */
export const NRAA_AFTER_HOURS = 24;
/** A customer message unanswered this long puts the lead at risk (the 'five minutes delay' of the inbox). */
export const AT_RISK_WAIT_MINUTES = 5;
/** Insights that put a lead at risk whatever the wait: complaints, price and vehicle trouble. */
export const AT_RISK_INSIGHTS = ['CC', 'PRICE_CONCERN', 'VI', 'CPAL'] as const;
/** A conversation whose customer went quiet this long after answering is a smart follow-up. */
export const SMART_FOLLOW_UP_AFTER_HOURS = 48;
/** Days after a closed repair order during which the pre-CSI check is due. */
export const PRE_CSI_DAYS = 3;
/** Days ahead the appointment reminder list looks. */
export const APPT_REMINDER_DAYS = 2;

/** The serviceTypes value that sends a list request to /pre-csi-list instead of /appt-reminder-list. */
export const PRE_CSI_LIST = 'PRE_CSI_LIST';

/** Values of a lead's userFollowup (operations §4), with what they mean to a person. */
export const USER_FOLLOWUPS = {
  min: 'In a few minutes',
  day: 'Later today',
  day1: 'Tomorrow',
  week: 'This week',
  week1: 'Next week',
  inProgress: 'In progress',
  recommendedServices: 'Recommended services',
  vehicleReadyForPickUp: 'Vehicle ready for pick-up',
  preCsiCheck: 'Pre-CSI check',
} as const;
export type UserFollowup = keyof typeof USER_FOLLOWUPS;
export const USER_FOLLOWUP_VALUES = Object.keys(USER_FOLLOWUPS) as UserFollowup[];

export type FollowUpCode = (typeof FOLLOW_UP_CODES)[number];

/**
 * What each follow-up code sends and when, counted from the moment it is scheduled: E* are e-mails,
 * S* and FU* texts, FUDT the Date Time Dialogue's follow-up (a text asking for a day and time).
 */
export const FOLLOW_UP_PLANS: Record<FollowUpCode, { channel: 'EMAIL' | 'SMS'; label: string; delayHours: number }> = {
  E1: { channel: 'EMAIL', label: 'E-mail follow-up 1', delayHours: 24 },
  E2: { channel: 'EMAIL', label: 'E-mail follow-up 2', delayHours: 72 },
  E3: { channel: 'EMAIL', label: 'E-mail follow-up 3', delayHours: 168 },
  S1: { channel: 'SMS', label: 'Text follow-up 1', delayHours: 24 },
  S2: { channel: 'SMS', label: 'Text follow-up 2', delayHours: 72 },
  FU1: { channel: 'SMS', label: 'Follow-up 1', delayHours: 24 },
  FU2: { channel: 'SMS', label: 'Follow-up 2', delayHours: 72 },
  FU3: { channel: 'SMS', label: 'Follow-up 3', delayHours: 168 },
  FUDT: { channel: 'SMS', label: 'Date and time follow-up', delayHours: 24 },
};

/** How a userFollowup value turns into a due time, in hours from now (null: no timed follow-up). */
export const USER_FOLLOWUP_DELAY_HOURS: Record<UserFollowup, number | null> = {
  min: 0.25, day: 4, day1: 24, week: 72, week1: 168, inProgress: null, recommendedServices: 48, vehicleReadyForPickUp: 2, preCsiCheck: 72,
};

/** States of a scheduled follow-up. */
export const FOLLOW_UP_STATUSES = ['PENDING', 'SENT', 'SKIPPED', 'CANCELLED'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/** leadStatus, conversationStatus and dealStatus values seen in the sample lead record (operations §4). */
export const LEAD_STATUSES = ['INITIATED', 'RESPONDED', 'NOT_STARTED', 'CAR_SOLD_OR_UNSOLD'] as const;
export const DEAL_STATUSES = ['', 'JUST_CURIOUS', 'CONTACT_LATER', 'CONTACTED'] as const;

/** The mark a contact-later request leaves: the response category CL (Contact Later), its value the day to contact (YYYY-MM-DD). */
export const CONTACT_LATER_MARK = 'CL';

/** Page size of the automated lead-manager search (operations §9). */
export const AUTOMATED_PAGE_SIZE = 500;
/** Statuses of an automated lead-manager run; COMPLETED re-enables Start. */
export const AUTOMATED_RUN_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type AutomatedRunStatus = (typeof AUTOMATED_RUN_STATUSES)[number];
/** The browser keeps the failed interactions of the last run under this key (operations §3). */
export const AUTOMATED_FAILED_STORAGE_KEY = 'drivebay.automatedLeadManager.failed';
