/**
 * The specification's code lists, written once. Every package imports them from here; the
 * database receives them as reference tables at start (see api/src/db/reference-data.ts), so a
 * foreign key holds each column to the same list.
 */
import type { DivisionId, Role } from './user-codes';

// The codes a signed-in user's data is made of live in user-codes.ts, which the client's public
// pages read without the rest of these lists.
export { DIVISIONS, EMP_LEVELS, ROLES, type DivisionId, type EmpLevel, type Role } from './user-codes';

/** Human-readable role names for screens. */
export const ROLE_LABELS: Record<Role, string> = {
  OFFICE_MANAGER: 'Office manager',
  DIVISION_MANAGER: 'Division manager',
  SALES_REP: 'Sales rep',
  CORPORATE_ADMIN: 'Corporate admin',
  SUPER_DATA_ADMIN: 'Super data admin',
  SUPER_ADMIN: 'Super admin',
  ENTERPRISE_ADMIN: 'Enterprise admin',
  ENTERPRISE_USER: 'Enterprise user',
  OFFICE_USER: 'Office user',
  SUPER_USER: 'Super user',
};

/** The role a new user is given when none is chosen. */
export const DEFAULT_USER_ROLE: Role = 'ENTERPRISE_USER';


export const SERVICE_TYPES = [
  'SALES_THANKS',
  'SALES_TITLE',
  'CHECK_UP',
  'CHECK_UP_30D',
  'CHECK_UP_CPO',
  'OIL_CHANGE',
  'OIL_CHANGE_CPO',
  'SVC_7500',
  'OIL_CHANGE_10K',
  'OIL_CHANGE_15K',
  'OIL_CHANGE_20K',
  'OIL_CHANGE_25K',
  'CV_LEAD_SMT_1',
  'TOYOTA_ERROR_ALERT',
  'HONDA_OLD_MODEL',
  'HONDA_SERVICE_PASS',
  'LEXUS_ERROR_ALERT',
  'OIL_CHANGE_POST_30_MONTHS',
  'FIRST_SERVICE_GMC',
  'FIRST_SERVICE_BUICK',
  'FIRST_SERVICE_CHEVROLET',
  'STATE_INSPECTION',
  'SVC_OPEN_RO',
  'SVC_CLOSED_RO',
  'APPOINTMENT_SCHEDULED',
  'RECALL',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** What people read for each service type: screens, exports and reports show these, never the code. */
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  SALES_THANKS: 'Sales thank-you (0K)',
  SALES_TITLE: 'Sales title (0.5K)',
  CHECK_UP: 'Check-up',
  CHECK_UP_30D: '30-day check-up',
  CHECK_UP_CPO: 'CPO check-up (90 days)',
  OIL_CHANGE: 'Oil change 5K',
  OIL_CHANGE_CPO: 'CPO oil change 5K',
  SVC_7500: 'Service 7.5K',
  OIL_CHANGE_10K: 'Oil change 10K',
  OIL_CHANGE_15K: 'Oil change 15K',
  OIL_CHANGE_20K: 'Oil change 20K',
  OIL_CHANGE_25K: 'Oil change 25K',
  CV_LEAD_SMT_1: 'Customer-vehicle lead',
  TOYOTA_ERROR_ALERT: 'Toyota error alert',
  HONDA_OLD_MODEL: 'Honda older model',
  HONDA_SERVICE_PASS: 'Honda service pass',
  LEXUS_ERROR_ALERT: 'Lexus error alert',
  OIL_CHANGE_POST_30_MONTHS: 'Oil change after 30 months',
  FIRST_SERVICE_GMC: 'First service (GMC)',
  FIRST_SERVICE_BUICK: 'First service (Buick)',
  FIRST_SERVICE_CHEVROLET: 'First service (Chevrolet)',
  STATE_INSPECTION: 'State inspection',
  SVC_OPEN_RO: 'Open repair order',
  SVC_CLOSED_RO: 'Closed repair order',
  APPOINTMENT_SCHEDULED: 'Appointment scheduled',
  RECALL: 'Recall',
};

/** The label of a service type; a code the product does not know is shown made readable. */
export function serviceTypeLabel(code: string): string {
  const known = (SERVICE_TYPE_LABELS as Record<string, string>)[code];
  if (known) return known;
  const words = code.split('_').map((w) => (/\d/.test(w) ? w : w.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The service division, fixed for the assistant lookup on the service side. */
export const SERVICE_DIVISION_ID: DivisionId = 'DIV004';

export const MESSAGE_DIRECTIONS = ['SEND', 'SENT', 'RECEIVED'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const MESSAGE_TYPES = [
  'EMAIL',
  'SMS',
  'INTERNAL',
  'INTERNAL_NOTES',
  'CALENDAR_INVITE',
  'DEALROOM_MESSAGE_RESPONSE',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const NOTIFICATION_TYPES = [
  'MESSAGE_TO_CUSTOMER',
  'MESSAGE_FROM_CUSTOMER',
  'INTERNAL_NOTIFICATION',
  'INTERNAL_NOTIFICATION_GM',
  'INTERNAL_NOTES',
  'USER_INVITE',
  'DEALROOM_MESSAGE_RESPONSE',
  'CALL',
  'SCHEDULE_INTERNAL_TASK',
  'SCHEDULE_APPOINTMENT',
  'VOICEMAIL_LEFT',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Carrier delivery statuses an outbound message moves through, in order (see rank below). */
export const MESSAGE_STATUSES = [
  'accepted',
  'queued',
  'sending',
  'sent',
  'receiving',
  'received',
  'delivered',
  'undelivered',
  'failed',
  'read',
  'RESTRICTED',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Response-category codes of the reports, with their labels. */
export const RESPONSE_CATEGORIES = {
  'SPA-SS': 'Service Performed Already - Same Store',
  'SPA-AS': 'Service Performed Already - Alternate Store',
  'SPA-XX': 'Service Performed Already - Not Specified',
  CL: 'Contact Later',
  NR: 'No response after Consent',
  APPT_SET: 'Appt Set',
  HO: 'hand-off',
  NLO: 'No longer own',
  CPAL: 'Customer prefers alternate location',
  VI: 'Vehicle Issue',
  TU: 'Tag Update',
  WN: 'Wrong Number',
  LD: 'Long Distance',
  ASA: 'Already Scheduled Appointment',
  SALES_INQ: 'Sales Inquiry',
  CQ: 'Customer Question',
  CC: 'Customer Complaint',
  MISC: 'Miscellaneous',
  FU: 'Follow up',
  STOP: 'opt-out',
  BLANK: 'Unclassified',
  NA: 'Not Attended',
  SFU: 'Smart Follow Up',
  AAS: 'Appointment Already Scheduled',
  DD: 'Different Driver',
  EMP: 'Employee',
  'APPT-HANDOFF': 'APPT-HANDOFF',
  SP: 'Saved Page',
  POB: 'Prefer Online Booking',
  NIITB: 'Not interested in Text Booking',
  'CUST-APPR': 'Customer Appreciation',
  PRICE_CONCERN: 'PRICE_CONCERN',
  REQ_PD: 'Request Pickup Delivery',
  REQ_LOANER: 'Request Loaner',
} as const;
export type ResponseCategory = keyof typeof RESPONSE_CATEGORIES;
export const RESPONSE_CATEGORY_CODES = Object.keys(RESPONSE_CATEGORIES) as ResponseCategory[];

export const LEAD_STAGE_REASONS = {
  INITIATED: ['NOT_INTERESTED', 'DO_NOT_CONTACT', 'NOT_ACTIVELY_LOOKING', 'INTERESTED_IN_DISCUSSING'],
  RESPONDED: [
    'PRICE_HIGH', 'TRADE_IN_VALUE_LOW', 'ALREADY_SOLD', 'COMPETITIVE_OFFER', 'NEED_MORE_TIME',
    'VEHICLE_QUESTION', 'PRICE_TOO_LOW', 'LOCATION_CONSTRAINT', 'OPT_OUT', 'SELLING_PRIVATELY',
    'NO_INTENT_TO_SELL', 'CONTACTED', 'TURN_OVER_TO_SALE', 'TRADE_IN', 'SALVAGE', 'INVALID_CONTACT_INFO',
  ],
  CONTACTED: [],
  ENGAGED: [
    'PRICE_HIGH', 'TRADE_IN_VALUE_LOW', 'ALREADY_SOLD', 'COMPETITIVE_OFFER', 'NEED_MORE_TIME',
    'VEHICLE_QUESTION', 'PRICE_TOO_LOW', 'LOCATION_CONSTRAINT', 'OPT_OUT', 'SELLING_PRIVATELY',
    'NO_INTENT_TO_SELL', 'CONTACTED', 'TURN_OVER_TO_SALE', 'TRADE_IN', 'SALVAGE',
  ],
  APPOINTMENT_SET: ['APPOINTMENT_SET'],
  SHOW_OR_NO_SHOW: ['NO_SHOW', 'SHOW'],
  CAR_BOUGHT_OR_NOTBOUGHT: ['CAR_NOTBOUGHT', 'CAR_BOUGHT', 'DEAL_LOST'],
} as const satisfies Record<string, readonly string[]>;
export type LeadStage = keyof typeof LEAD_STAGE_REASONS;
export const LEAD_STAGES = Object.keys(LEAD_STAGE_REASONS) as LeadStage[];

/** Repair-order lanes of the swimlane board, in display order, with their status codes. */
export const RO_LANES = [
  { code: 'Appt', name: 'Appointments' },
  { code: 'UNASSIGNED', name: 'Checked In' },
  { code: 'PREASSIGNED', name: 'Technician Assigned' },
  { code: 'ASSIGNED', name: 'Working' },
  { code: 'HOLD', name: 'Vehicle on Hold' },
  { code: 'COMPLETE', name: 'Pre Invoiced' },
  { code: 'BOOKED', name: 'Ready To Post' },
  { code: 'CLOSED', name: 'Closed ROs' },
] as const;
export type RoStatusCode = (typeof RO_LANES)[number]['code'];
export const RO_STATUS_CODES = RO_LANES.map((l) => l.code) as RoStatusCode[];

/** Kinds of marks: intents and tags set on a customer, a vehicle or an interaction. */
export const MARK_TARGETS = ['CUSTOMER', 'SERVICE_VEHICLE', 'FUTURE_SERVICE_INTERACTION'] as const;
export type MarkTarget = (typeof MARK_TARGETS)[number];
/** The opt-out mark; setting it blocks SMS to the customer. */
export const SMS_OPT_OUT_MARK = 'SMS_OPT_OUT';

export const APPOINTMENT_TITLES = [
  'Remote Appraisal Appointment',
  'Test Drive Appointment',
  'Trade Appraisal Appointment',
  'Financing Approval Appointment',
  'Buy-it Appointment',
  'Sell-it Appointment',
] as const;

export const FOLLOW_UP_CODES = ['E1', 'E2', 'E3', 'S1', 'S2', 'FU1', 'FU2', 'FU3', 'FUDT'] as const;

/** The business clock for response delays and the fallback office zone. */
export const BUSINESS_TIME_ZONE = 'America/New_York';
/** Enterprise 1 is the demo enterprise. */
export const DEMO_ENTERPRISE_ID = 1;
