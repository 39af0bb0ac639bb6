import { describe, expect, it } from 'vitest';
import { isFromCustomer, isHandoffNotification, isInternalNote, isOutbound, isToCustomer } from './message-kind';

describe('isOutbound', () => {
  it('is true for SEND and SENT only', () => {
    expect(isOutbound({ direction: 'SEND' })).toBe(true);
    expect(isOutbound({ direction: 'SENT' })).toBe(true);
    expect(isOutbound({ direction: 'RECEIVED' })).toBe(false);
  });
});

describe('isInternalNote', () => {
  it('recognises the note by message type or by notification type', () => {
    expect(isInternalNote({ messageType: 'INTERNAL_NOTES', notificationType: null })).toBe(true);
    expect(isInternalNote({ messageType: 'SMS', notificationType: 'INTERNAL_NOTES' })).toBe(true);
    expect(isInternalNote({ messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION' })).toBe(false);
  });
});

describe('isHandoffNotification', () => {
  it('covers both internal notification types and nothing else', () => {
    expect(isHandoffNotification({ notificationType: 'INTERNAL_NOTIFICATION' })).toBe(true);
    expect(isHandoffNotification({ notificationType: 'INTERNAL_NOTIFICATION_GM' })).toBe(true);
    expect(isHandoffNotification({ notificationType: 'CALL' })).toBe(false);
    expect(isHandoffNotification({ notificationType: null })).toBe(false);
  });
});

describe('isFromCustomer / isToCustomer', () => {
  it('follow the notification type when there is one', () => {
    const from = { direction: 'RECEIVED', messageType: 'SMS', notificationType: 'MESSAGE_FROM_CUSTOMER' } as const;
    const to = { direction: 'SENT', messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER' } as const;
    expect([isFromCustomer(from), isToCustomer(from)]).toEqual([true, false]);
    expect([isFromCustomer(to), isToCustomer(to)]).toEqual([false, true]);
  });

  it('do not count a GM notification email or a received call', () => {
    const gm = { direction: 'SENT', messageType: 'EMAIL', notificationType: 'INTERNAL_NOTIFICATION_GM' } as const;
    const call = { direction: 'RECEIVED', messageType: 'INTERNAL', notificationType: 'CALL' } as const;
    expect([isFromCustomer(gm), isToCustomer(gm)]).toEqual([false, false]);
    expect([isFromCustomer(call), isToCustomer(call)]).toEqual([false, false]);
  });

  it('fall back to direction and channel when the notification type is missing', () => {
    expect(isFromCustomer({ direction: 'RECEIVED', messageType: 'EMAIL' })).toBe(true);
    expect(isFromCustomer({ direction: 'RECEIVED', messageType: 'INTERNAL', notificationType: null })).toBe(false);
    expect(isToCustomer({ direction: 'SEND', messageType: 'SMS', notificationType: null })).toBe(true);
    expect(isToCustomer({ direction: 'SENT', messageType: 'INTERNAL_NOTES' })).toBe(false);
  });
});
