import { describe, expect, it } from 'vitest';
import { actionIntentSchema, dtDialogResumeSchema, inboundAppointmentQuerySchema, workflowTrackQuerySchema } from './controls';
import {
  ASK_FOR_SCHEDULE_TRACK,
  EXTERNAL_HANDOFF_TRACK,
  HANDOFF_KINDS,
  INBOUND_APPOINTMENT_PARAMETERS,
  PARAMETER_EFFECTS,
  WORKFLOW_TRACKS,
  handoffForTrack,
  insightForIntent,
  marksForIntents,
  nextInsight,
} from './workflow';

describe('inbound-appointment workflow', () => {
  it('posts the ask-for-schedule track for the first three parameters and the external handoff for the fourth (spec §4)', () => {
    const [first, second, third, fourth] = INBOUND_APPOINTMENT_PARAMETERS;
    for (const p of [first!, second!, third!]) expect(PARAMETER_EFFECTS[p]).toEqual({ track: ASK_FOR_SCHEDULE_TRACK, action: 'ASK_FOR_DAY_TIME' });
    expect(PARAMETER_EFFECTS[fourth!]).toEqual({ track: EXTERNAL_HANDOFF_TRACK, action: 'HANDOFF' });
    expect(INBOUND_APPOINTMENT_PARAMETERS).toHaveLength(9);
    expect(PARAMETER_EFFECTS.DT_DETECTED.action).toBe('LOOK_UP_SLOTS');
  });

  it('knows every track of both specs and which are handoffs', () => {
    expect(WORKFLOW_TRACKS).toHaveLength(10);
    expect(handoffForTrack('CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK')).toBe('GM');
    expect(handoffForTrack('CUSTOMER_A_MD_HANDOFF')).toBe('MD');
    expect(handoffForTrack('CUSTOMER_A_HANDOFF')).toBe('CUSTOMER');
    expect(handoffForTrack('EXTERNAL_A_HANDOFF')).toBe('EXTERNAL');
    expect(handoffForTrack('CUSTOMER_NO_SHOW')).toBeNull();
    expect(HANDOFF_KINDS.GM).toMatchObject({ title: 'GM HANDOFF', repeatTitle: 'GM HANDOFF II', notificationType: 'INTERNAL_NOTIFICATION_GM' });
  });
});

describe('response insight', () => {
  it('maps reported intents to their category and the dialogue’s own intents to none', () => {
    expect(insightForIntent('CC')).toBe('CC');
    expect(insightForIntent('SPA-SS')).toBe('SPA-SS');
    expect(insightForIntent('DT')).toBeNull();
    expect(insightForIntent('YES')).toBeNull();
  });

  it('keeps an opt-out and a set appointment, and lets weak categories only fill a gap', () => {
    expect(nextInsight(null, 'MISC', { appointmentSet: false })).toBe('MISC');
    expect(nextInsight('CL', 'CUST-APPR', { appointmentSet: false })).toBe('CL');
    expect(nextInsight('APPT_SET', 'NLO', { appointmentSet: true })).toBe('APPT_SET');
    expect(nextInsight('APPT_SET', 'NLO', { appointmentSet: false })).toBe('NLO');
    expect(nextInsight('STOP', 'CQ', { appointmentSet: false })).toBe('STOP');
    expect(nextInsight('CQ', 'STOP', { appointmentSet: true })).toBe('STOP');
    expect(nextInsight('CQ', null, { appointmentSet: false })).toBe('CQ');
  });

  it('marks reported intents except MISC', () => {
    expect(marksForIntents(['DT', 'YES', 'CUST-APPR', 'REQ_LOANER', 'MISC'])).toEqual(['CUST-APPR', 'REQ_LOANER']);
  });
});

describe('control requests', () => {
  it('Action Intents want an intent: “Please select an intent”', () => {
    for (const input of [{}, { intent: '' }, { intent: '  ' }]) {
      const r = actionIntentSchema.safeParse(input);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('Please select an intent');
    }
    expect(actionIntentSchema.safeParse({ intent: 'MAYBE' }).error!.issues[0]!.message).toBe('Unknown intent');
    expect(actionIntentSchema.parse({ intent: ' NLO ' })).toEqual({ intent: 'NLO' });
  });

  it('the DT dialogue takes the spec’s fields', () => {
    expect(dtDialogResumeSchema.parse({ id: 5, lastMessage: ' hi ', dtDialogEnabled: true, manualBooking: true, isForced: true })).toEqual({
      id: 5, lastMessage: 'hi', dtDialogEnabled: true, manualBooking: true, isForced: true,
    });
    expect(dtDialogResumeSchema.parse({ id: 5, dtDialogEnabled: true })).toEqual({ id: 5, dtDialogEnabled: true, manualBooking: false });
    expect(dtDialogResumeSchema.safeParse({ id: 5, dtDialogEnabled: false }).success).toBe(false);
  });

  it('parameters and tracks are the spec’s codes', () => {
    expect(inboundAppointmentQuerySchema.safeParse({ 'future-service-interaction-id': '1', parameter: 'DT_DETECTED' }).success).toBe(true);
    expect(inboundAppointmentQuerySchema.safeParse({ 'future-service-interaction-id': '1', parameter: 'dt_detected' }).success).toBe(false);
    expect(workflowTrackQuerySchema.safeParse({ 'future-service-interaction-id': '1', track: 'LONG_FOLLOWUP', parameter: 'CQ', intentName: 'CC' }).success).toBe(true);
    expect(workflowTrackQuerySchema.safeParse({ 'future-service-interaction-id': '1', track: 'LONG_FOLLOWUP', parameter: 'XX' }).success).toBe(false);
  });
});
