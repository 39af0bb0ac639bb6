import { describe, expect, it } from 'vitest';
import { bubbleKind, formatCallDuration, handoffTitle } from './message-layout';

describe('bubbleKind', () => {
  it('picks the view by notification type first', () => {
    expect(bubbleKind({ messageType: 'SMS', notificationType: 'INTERNAL_NOTES' })).toBe('note');
    expect(bubbleKind({ messageType: 'INTERNAL_NOTES', notificationType: null })).toBe('note');
    expect(bubbleKind({ messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION_GM' })).toBe('handoff');
    expect(bubbleKind({ messageType: 'EMAIL', notificationType: 'INTERNAL_NOTIFICATION' })).toBe('handoff');
    expect(bubbleKind({ messageType: 'INTERNAL', notificationType: 'SCHEDULE_INTERNAL_TASK' })).toBe('task');
    expect(bubbleKind({ messageType: 'INTERNAL', notificationType: 'USER_INVITE' })).toBe('invite');
    expect(bubbleKind({ messageType: 'CALENDAR_INVITE', notificationType: 'SCHEDULE_APPOINTMENT' })).toBe('calendar');
    expect(bubbleKind({ messageType: 'INTERNAL', notificationType: 'CALL' })).toBe('call');
    expect(bubbleKind({ messageType: 'INTERNAL', notificationType: 'VOICEMAIL_LEFT' })).toBe('call');
  });

  it('falls back to the channel', () => {
    expect(bubbleKind({ messageType: 'EMAIL', notificationType: 'MESSAGE_TO_CUSTOMER' })).toBe('email');
    expect(bubbleKind({ messageType: 'SMS', notificationType: 'MESSAGE_FROM_CUSTOMER' })).toBe('sms');
    expect(bubbleKind({ messageType: 'CALENDAR_INVITE', notificationType: null })).toBe('calendar');
    expect(bubbleKind({ messageType: 'DEALROOM_MESSAGE_RESPONSE', notificationType: null })).toBe('invite');
  });
});

describe('handoffTitle', () => {
  it('uses the title the message carries', () => {
    for (const title of ['GM HANDOFF', 'GM HANDOFF II', 'MD HANDOFF', 'Customer HANDOFF']) {
      expect(handoffTitle({ title, notificationType: 'INTERNAL_NOTIFICATION' })).toBe(title);
    }
  });

  it('names an untitled handoff by its kind', () => {
    expect(handoffTitle({ title: null, notificationType: 'INTERNAL_NOTIFICATION_GM' })).toBe('GM HANDOFF');
    expect(handoffTitle({ title: '  ', notificationType: 'INTERNAL_NOTIFICATION' })).toBe('Customer HANDOFF');
  });
});

describe('formatCallDuration', () => {
  it('shows hours, minutes and seconds as far as needed', () => {
    expect(formatCallDuration(45)).toBe('45s');
    expect(formatCallDuration(125)).toBe('2m 05s');
    expect(formatCallDuration(3612)).toBe('1h 00m 12s');
    expect(formatCallDuration(0)).toBe('0s');
    expect(formatCallDuration(-3)).toBe('0s');
    expect(formatCallDuration(59.9)).toBe('59s');
  });
});
