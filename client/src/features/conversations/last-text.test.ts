import { describe, expect, it } from 'vitest';
import { lastTextFailed } from './last-text';

const sms = (direction: 'SEND' | 'SENT' | 'RECEIVED', messageStatus: string | null, archived = false) => ({ direction, messageType: 'SMS' as const, messageStatus, archived });

describe('lastTextFailed', () => {
  it('is true when the newest text to the customer failed or was undelivered', () => {
    expect(lastTextFailed([sms('SEND', 'delivered'), sms('SEND', 'failed')])).toBe(true);
    expect(lastTextFailed([sms('SEND', 'undelivered'), sms('RECEIVED', null)])).toBe(true);
  });
  it('is false when a later text got through, when none was sent, and ignores notes and archived texts', () => {
    expect(lastTextFailed([sms('SEND', 'failed'), sms('SEND', 'delivered')])).toBe(false);
    expect(lastTextFailed([sms('RECEIVED', null)])).toBe(false);
    expect(lastTextFailed([sms('SEND', 'delivered'), sms('SEND', 'failed', true)])).toBe(false);
    expect(lastTextFailed([sms('SEND', 'failed'), { direction: 'SEND', messageType: 'INTERNAL_NOTES', messageStatus: null, archived: false }])).toBe(true);
  });
});
