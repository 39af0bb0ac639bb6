import { describe, expect, it } from 'vitest';
import { callInviteKind } from './public-pages';

describe('callInviteKind', () => {
  it('lists notifications by their notification type before their channel, and leaves notes out', () => {
    expect(callInviteKind({ messageType: 'EMAIL', notificationType: 'INTERNAL_NOTIFICATION_GM' })).toBe('INTERNAL_NOTIFICATION');
    expect(callInviteKind({ messageType: 'EMAIL', notificationType: 'MESSAGE_TO_CUSTOMER' })).toBe('EMAIL');
    expect(callInviteKind({ messageType: 'INTERNAL', notificationType: 'CALL' })).toBe('CALL');
    expect(callInviteKind({ messageType: 'CALENDAR_INVITE', notificationType: null })).toBe('SCHEDULED_APPOINTMENT');
    expect(callInviteKind({ messageType: 'INTERNAL', notificationType: 'USER_INVITE' })).toBe('USER_INVITE');
    expect(callInviteKind({ messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES' })).toBeNull();
  });
});
