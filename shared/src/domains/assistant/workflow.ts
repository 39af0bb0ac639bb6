/**
 * The assistant's conversation loop as the specification names it: the inbound-appointment
 * workflow parameters and the tracks they post (conversation spec §4), the lead tracks of the
 * operations spec (§4), the handoff kinds and their bubbles, and how a reply's intent becomes a
 * response category of the reports.
 */
import type { NotificationType, ResponseCategory } from '../../codes';
import { INTENT_CODES, REPORTED_INTENTS, type IntentCode } from './constants';

/** The inbound-appointment workflow parameters, in the specification's order. */
export const INBOUND_APPOINTMENT_PARAMETERS = [
  'DETECTED_AUTO',
  'CUSTOMER_SAY_NO',
  'CUSTOMER_SAY_NO_AND_DETECTED_AUTO',
  'CUSTOMER_SAY_YES',
  'CUSTOMER_SAY_YES_AND_DETECTED_AUTO',
  'CUSTOMER_SAY_YES_AND_DETECTED_AUTO_AND_DETECTED_SVC',
  'SERVICE_AND_MILEAGE_DETECTED',
  'SERVICE_DETECTED',
  'DT_DETECTED',
] as const;
export type InboundAppointmentParameter = (typeof INBOUND_APPOINTMENT_PARAMETERS)[number];

/** The track that asks the customer for a day and time. */
export const ASK_FOR_SCHEDULE_TRACK = 'INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE';
/** The track that hands the booking to a person outside the assistant. */
export const EXTERNAL_HANDOFF_TRACK = 'EXTERNAL_A_HANDOFF';
/** The GM handoff's track: a manager checks in with the customer by hand. */
export const GM_HANDOFF_TRACK = 'CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK';

/** The lead tracks of the operations spec (§4) a person posts by hand from a lead, in its order. */
export const LEAD_TRACKS = [
  'FOLLOW_UP_EMAIL',
  'APPOINTMENT_HANDOFF_DROPOFF_YES',
  'APPOINTMENT_HANDOFF_DROPOFF_NO',
  'CUSTOMER_A_HANDOFF',
  'CUSTOMER_A_MD_HANDOFF',
  GM_HANDOFF_TRACK,
  'CUSTOMER_NO_SHOW',
  'LONG_FOLLOWUP',
] as const;
export type LeadTrack = (typeof LEAD_TRACKS)[number];

/**
 * Every workflow track: the two the inbound-appointment workflow posts (conversation spec §4) and
 * the lead tracks of the operations spec (§4).
 */
export const WORKFLOW_TRACKS = [ASK_FOR_SCHEDULE_TRACK, EXTERNAL_HANDOFF_TRACK, ...LEAD_TRACKS] as const;
export type WorkflowTrack = (typeof WORKFLOW_TRACKS)[number];

/** What each lead track records, in words for the screen. */
export const LEAD_TRACK_LABELS: Record<LeadTrack, string> = {
  FOLLOW_UP_EMAIL: 'Follow-up e-mail sent',
  APPOINTMENT_HANDOFF_DROPOFF_YES: 'Appointment handoff: drops the vehicle off',
  APPOINTMENT_HANDOFF_DROPOFF_NO: 'Appointment handoff: waits for the vehicle',
  CUSTOMER_A_HANDOFF: 'Handoff to the customer team',
  CUSTOMER_A_MD_HANDOFF: 'Handoff to the MD',
  [GM_HANDOFF_TRACK]: 'GM handoff: manual pulse check',
  CUSTOMER_NO_SHOW: 'Customer did not show',
  LONG_FOLLOWUP: 'Long follow-up (sales)',
};

/**
 * What a parameter makes the workflow do. The specification posts the ask-for-schedule track for
 * the first three parameters and the external handoff for the fourth (a person judged that the
 * customer agreed, so a person books). The assistant's own "yes without a date" is
 * CUSTOMER_SAY_YES_AND_DETECTED_AUTO; it asks for a day and time too, so it posts the same track.
 * A detected date (DT_DETECTED) moves to slot lookup; the service detections are recorded and
 * ask for a day and time without a track, since the specification names none for them.
 */
export type ParameterEffect = { track: WorkflowTrack | null; action: 'ASK_FOR_DAY_TIME' | 'HANDOFF' | 'LOOK_UP_SLOTS' };

export const PARAMETER_EFFECTS: Record<InboundAppointmentParameter, ParameterEffect> = {
  DETECTED_AUTO: { track: ASK_FOR_SCHEDULE_TRACK, action: 'ASK_FOR_DAY_TIME' },
  CUSTOMER_SAY_NO: { track: ASK_FOR_SCHEDULE_TRACK, action: 'ASK_FOR_DAY_TIME' },
  CUSTOMER_SAY_NO_AND_DETECTED_AUTO: { track: ASK_FOR_SCHEDULE_TRACK, action: 'ASK_FOR_DAY_TIME' },
  CUSTOMER_SAY_YES: { track: EXTERNAL_HANDOFF_TRACK, action: 'HANDOFF' },
  CUSTOMER_SAY_YES_AND_DETECTED_AUTO: { track: ASK_FOR_SCHEDULE_TRACK, action: 'ASK_FOR_DAY_TIME' },
  CUSTOMER_SAY_YES_AND_DETECTED_AUTO_AND_DETECTED_SVC: { track: ASK_FOR_SCHEDULE_TRACK, action: 'ASK_FOR_DAY_TIME' },
  SERVICE_AND_MILEAGE_DETECTED: { track: null, action: 'ASK_FOR_DAY_TIME' },
  SERVICE_DETECTED: { track: null, action: 'ASK_FOR_DAY_TIME' },
  DT_DETECTED: { track: null, action: 'LOOK_UP_SLOTS' },
};

export function isInboundAppointmentParameter(value: string): value is InboundAppointmentParameter {
  return (INBOUND_APPOINTMENT_PARAMETERS as readonly string[]).includes(value);
}

export function isWorkflowTrack(value: string): value is WorkflowTrack {
  return (WORKFLOW_TRACKS as readonly string[]).includes(value);
}

/** The complaint categories (spec §9); the GM handoff's parameter is one of them (the deal room sends CQ). */
export const COMPLAINT_CATEGORIES = ['CC', 'CQ', 'TU', 'VI'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/**
 * Who a conversation is handed to, with the bubble it leaves in the thread (spec §2 titles) and the
 * track it posts. GM: the service manager (complaints, questions the assistant cannot answer,
 * price concerns, vehicle issues); a second GM handoff of the same conversation is titled
 * 'GM HANDOFF II'. CUSTOMER: a person takes the conversation over by hand (Manual Handoff). MD:
 * the managing director. EXTERNAL: a person outside the assistant books the time the customer
 * accepted.
 */
export const HANDOFF_KINDS = {
  GM: { title: 'GM HANDOFF', repeatTitle: 'GM HANDOFF II', notificationType: 'INTERNAL_NOTIFICATION_GM', track: GM_HANDOFF_TRACK },
  MD: { title: 'MD HANDOFF', repeatTitle: 'MD HANDOFF', notificationType: 'INTERNAL_NOTIFICATION_GM', track: 'CUSTOMER_A_MD_HANDOFF' },
  CUSTOMER: { title: 'Customer HANDOFF', repeatTitle: 'Customer HANDOFF', notificationType: 'INTERNAL_NOTIFICATION', track: 'CUSTOMER_A_HANDOFF' },
  EXTERNAL: { title: 'Customer HANDOFF', repeatTitle: 'Customer HANDOFF', notificationType: 'INTERNAL_NOTIFICATION', track: EXTERNAL_HANDOFF_TRACK },
} as const satisfies Record<string, { title: string; repeatTitle: string; notificationType: NotificationType; track: WorkflowTrack }>;
export type HandoffKind = keyof typeof HANDOFF_KINDS;

/** The handoff a track stands for, when it stands for one. */
export function handoffForTrack(track: WorkflowTrack): HandoffKind | null {
  for (const [kind, h] of Object.entries(HANDOFF_KINDS)) if (h.track === track) return kind as HandoffKind;
  return null;
}

/**
 * Intents that need a person: a complaint, a price concern, a vehicle issue, and a question the
 * assistant has no answer for (it answers opening hours and the address itself).
 */
export const HANDOFF_INTENTS: readonly IntentCode[] = ['CC', 'PRICE_CONCERN', 'VI', 'CQ'];

/**
 * Intents the assistant acknowledges with a short templated reply and nothing more. NIITB and
 * SALES_INQ also leave the conversation waiting for a person (a call, the sales team).
 */
export const ACKNOWLEDGED_INTENTS: readonly IntentCode[] = [
  'WN', 'NLO', 'ASA', 'SPA-SS', 'SPA-AS', 'SPA-XX', 'LD', 'DD', 'EMP', 'CPAL', 'SALES_INQ', 'CL', 'NIITB', 'POB', 'NO', 'CUST-APPR',
];
export const NEEDS_PERSON_INTENTS: readonly IntentCode[] = ['NIITB', 'SALES_INQ'];
/** Requests the assistant notes and then asks for a day and time, since both go with a booking. */
export const BOOKING_REQUEST_INTENTS: readonly IntentCode[] = ['REQ_LOANER', 'REQ_PD'];

/**
 * The response category an intent gives the conversation. Every reported intent is its own
 * category; DT, YES and NO carry none of their own (a booking that follows gives APPT_SET).
 */
export function insightForIntent(intent: IntentCode): ResponseCategory | null {
  return (REPORTED_INTENTS as readonly string[]).includes(intent) ? (intent as ResponseCategory) : null;
}

/** Categories that only fill an empty insight: a thank-you or an "ok" says nothing new. */
export const WEAK_INSIGHTS: readonly ResponseCategory[] = ['MISC', 'CUST-APPR'];

/**
 * The insight after a reply, given the current one. An opt-out always wins and stays; a set
 * appointment stays until the appointment does; weak categories only fill an empty insight;
 * otherwise the newest category replaces the old.
 */
export function nextInsight(
  current: string | null,
  proposed: ResponseCategory | null,
  o: { appointmentSet: boolean },
): string | null {
  if (proposed === null) return current;
  if (proposed === 'STOP' || proposed === 'APPT_SET') return proposed;
  if (current === 'STOP') return current;
  if (current === 'APPT_SET' && o.appointmentSet) return current;
  if (WEAK_INSIGHTS.includes(proposed) && current !== null) return current;
  return proposed;
}

/**
 * Intents that become marks on the interaction (its contact tags): every reported intent except
 * MISC, which tags nothing. The opt-out itself is the customer's SMS_OPT_OUT mark.
 */
export function marksForIntents(intents: readonly string[]): string[] {
  return intents.filter((i) => (REPORTED_INTENTS as readonly string[]).includes(i) && i !== 'MISC');
}

/** The mark an interaction gets when the assistant books it ("Booked Successfully"). */
export const BOOKED_MARK = 'APPT_SET';
/** The customer's consent mark; only the opt-out one blocks texts. */
export const SMS_CONSENT_MARK = 'SMS_CONSENT';

/**
 * The keys of the assistant's reply templates (custom_template.intent). Intent codes acknowledge
 * that intent; the rest are the steps of the date-time dialogue and the handoff.
 */
export const ASSISTANT_REPLY_KEYS = [
  // The first text of a conversation the dealership starts (planner transfers, lead-list starts).
  'INITIATE',
  // Asks for a day and time (a yes without one, the ask-for-schedule track, the DT dialogue).
  'YES',
  // A requested time that is free: asks the customer to confirm it.
  'DT',
  // The nearest free times, when the one asked for is taken or none was given.
  'DT_ALTERNATIVES',
  // The customer turned the proposed time down: asks for another.
  'DT_OTHER_TIME',
  // Booked.
  'APPT_SET',
  // The accepted time goes to a person to book (manual booking).
  'APPT_HANDOFF',
  // A person will take over.
  'HO',
  // Answers the assistant knows: opening hours and the address.
  'CQ_HOURS',
  'CQ_LOCATION',
  // A car already in the shop: its repair order's lane, with the promised time or without one.
  'RO_STATUS',
  'RO_STATUS_NO_PROMISE',
  'WN', 'NLO', 'ASA', 'SPA-SS', 'SPA-AS', 'SPA-XX', 'LD', 'DD', 'EMP', 'CPAL', 'REQ_LOANER', 'REQ_PD', 'SALES_INQ', 'CL', 'NIITB',
  'POB', 'NO', 'CUST-APPR',
] as const;
export type AssistantReplyKey = (typeof ASSISTANT_REPLY_KEYS)[number];

/** The notices of the staff controls (spec §8, §5). */
export const ASSISTANT_NOTICES = {
  logModeEnabled: 'Log mode enabled',
  dtSent: 'Date Time Dialogue Sent',
  dtDisabled: 'Date Time Dialogue Disabled',
  selectIntent: 'Please select an intent',
  updated: 'Successfully Updated',
  handedOff: 'Successfully Updated',
} as const;

/** Every intent code, for the Action Intents forms. */
export const ACTION_INTENT_CODES: readonly IntentCode[] = INTENT_CODES;
