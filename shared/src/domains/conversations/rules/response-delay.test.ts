import { describe, expect, it } from 'vitest';
import { type DelayMessage, FIVE_MINUTES_MS, responseDelayStyle, THREE_MINUTES_MS } from './response-delay';

const now = new Date('2024-07-01T13:30:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const received = (createdOn: string): DelayMessage => ({ direction: 'RECEIVED', messageType: 'SMS', notificationType: 'MESSAGE_FROM_CUSTOMER', createdOn });

describe('responseDelayStyle', () => {
  it('has no style without a latest message', () => {
    expect(responseDelayStyle(null, now)).toBeNull();
  });

  it.each([
    [0, null],
    [THREE_MINUTES_MS - 1, null],
    [THREE_MINUTES_MS, 'three-minutes-delay'],
    [4 * 60_000, 'three-minutes-delay'],
    [FIVE_MINUTES_MS, 'three-minutes-delay'],
    [FIVE_MINUTES_MS + 1, 'five-minutes-delay'],
    [3 * 3_600_000, 'five-minutes-delay'],
  ])('a customer message waiting %i ms gets %s', (ms, style) => {
    expect(responseDelayStyle(received(ago(ms)), now)).toBe(style);
  });

  it('applies to internal notes, by either code', () => {
    const note = { direction: 'SENT', messageType: 'INTERNAL_NOTES', createdOn: ago(4 * 60_000) } as const;
    expect(responseDelayStyle(note, now)).toBe('three-minutes-delay');
    expect(responseDelayStyle({ ...note, messageType: 'SMS', notificationType: 'INTERNAL_NOTES' }, now)).toBe('three-minutes-delay');
  });

  it('does not apply to messages sent to the customer or to internal notifications', () => {
    const long = ago(60 * 60_000);
    expect(responseDelayStyle({ direction: 'SENT', messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER', createdOn: long }, now)).toBeNull();
    expect(responseDelayStyle({ direction: 'SEND', messageType: 'EMAIL', createdOn: long }, now)).toBeNull();
    expect(responseDelayStyle({ direction: 'SENT', messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION', createdOn: long }, now)).toBeNull();
  });

  it('compares instants, so the writer\'s offset does not matter', () => {
    // 09:26 in New York summer time is 13:26 UTC: four minutes before now.
    expect(responseDelayStyle(received('2024-07-01T09:26:00-04:00'), now)).toBe('three-minutes-delay');
    expect(responseDelayStyle(received('2024-07-01T22:56:00+09:30'), now)).toBe('three-minutes-delay');
  });

  it('reads a zoneless timestamp on the New York clock', () => {
    expect(responseDelayStyle(received('2024-07-01 09:28:30'), now)).toBeNull();
    expect(responseDelayStyle(received('2024-07-01 09:26:00'), now)).toBe('three-minutes-delay');
    expect(responseDelayStyle(received('2024-07-01 09:20:00'), now)).toBe('five-minutes-delay');
  });

  it('has no style for an unreadable or future timestamp', () => {
    expect(responseDelayStyle(received('yesterday'), now)).toBeNull();
    expect(responseDelayStyle(received(ago(-10 * 60_000)), now)).toBeNull();
  });
});
