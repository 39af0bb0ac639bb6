import { describe, expect, it } from 'vitest';
import { MESSAGE_STATUSES } from '../../../codes';
import { isStatusAdvance, normalizeStatus, STATUS_RANK, statusIcon } from './status-icon';

const out = (messageStatus: string | null, extra: { errors?: string[] | null; mediaUrls?: string[] | null } = {}) =>
  statusIcon({ direction: 'SENT', messageStatus, ...extra });

describe('statusIcon', () => {
  it('gives inbound messages no icon, whatever their status', () => {
    for (const s of ['received', 'failed', 'RESTRICTED', null]) {
      expect(statusIcon({ direction: 'RECEIVED', messageStatus: s, errors: ['x'] })).toEqual({ icon: null, title: '', danger: false });
    }
  });

  it('treats SEND like SENT', () => {
    expect(statusIcon({ direction: 'SEND', messageStatus: 'queued' }).icon).toBe('single-tick');
  });

  it('shows a ban on a red background for RESTRICTED', () => {
    expect(out('RESTRICTED')).toEqual({ icon: 'ban', title: 'Restricted', danger: true });
    expect(out('RESTRICTED', { errors: ['Customer opted out'] })).toEqual({ icon: 'ban', title: 'Customer opted out', danger: true });
  });

  it('matches RESTRICTED only as written', () => {
    expect(out('restricted')).toEqual({ icon: 'question', title: 'Unknown status', danger: false });
  });

  it.each(['failed', 'undelivered', 'FAILED', 'Undelivered'])('shows a red cross with the first error for %s', (s) => {
    expect(out(s, { errors: ['30007: Carrier filtered', 'second'] })).toEqual({ icon: 'cross', title: '30007: Carrier filtered', danger: false });
  });

  it('falls back to Unknown error when there is no usable error', () => {
    expect(out('failed').title).toBe('Unknown error');
    expect(out('failed', { errors: null }).title).toBe('Unknown error');
    expect(out('failed', { errors: [] }).title).toBe('Unknown error');
    expect(out('undelivered', { errors: ['  '] }).title).toBe('Unknown error');
  });

  it.each(['delivered', 'received', 'DELIVERED', ' Received '])('shows two ticks for %j', (s) => {
    expect(out(s).icon).toBe('double-tick');
  });

  it('shows two ticks for receiving only when the message has no media', () => {
    expect(out('receiving')).toEqual({ icon: 'double-tick', title: 'Receiving', danger: false });
    expect(out('receiving', { mediaUrls: [] }).icon).toBe('double-tick');
    expect(out('receiving', { mediaUrls: null }).icon).toBe('double-tick');
    expect(out('receiving', { mediaUrls: ['https://media.example/1.jpg'] })).toEqual({ icon: 'question', title: 'Unknown status', danger: false });
  });

  it.each([
    ['sent', 'Sent'],
    ['sending', 'Sending'],
    ['accepted', 'Accepted'],
    ['queued', 'Queued'],
    ['QUEUED', 'Queued'],
  ])('shows one tick for %s', (s, title) => {
    expect(out(s)).toEqual({ icon: 'single-tick', title, danger: false });
  });

  it('shows a question mark titled with the error or Unknown status for anything else', () => {
    expect(out('read')).toEqual({ icon: 'question', title: 'Unknown status', danger: false });
    expect(out(null)).toEqual({ icon: 'question', title: 'Unknown status', danger: false });
    expect(out('')).toEqual({ icon: 'question', title: 'Unknown status', danger: false });
    expect(out('scheduled', { errors: ['Pending'] })).toEqual({ icon: 'question', title: 'Pending', danger: false });
  });
});

describe('normalizeStatus', () => {
  it('lower-cases carrier statuses and keeps RESTRICTED', () => {
    expect(normalizeStatus(' Delivered ')).toBe('delivered');
    expect(normalizeStatus('RESTRICTED')).toBe('RESTRICTED');
  });
});

describe('STATUS_RANK', () => {
  it('ranks every status of the code list', () => {
    expect(Object.keys(STATUS_RANK).sort()).toEqual([...MESSAGE_STATUSES].sort());
  });

  it('orders the outbound chain', () => {
    const chain = ['accepted', 'queued', 'sending', 'sent', 'delivered', 'read'] as const;
    for (let i = 1; i < chain.length; i += 1) expect(STATUS_RANK[chain[i]!]).toBeGreaterThan(STATUS_RANK[chain[i - 1]!]);
  });
});

describe('isStatusAdvance', () => {
  it('accepts any status when none is stored', () => {
    expect(isStatusAdvance(null, 'queued')).toBe(true);
    expect(isStatusAdvance(undefined, 'delivered')).toBe(true);
    expect(isStatusAdvance('', 'scheduled')).toBe(true);
  });

  it.each([
    ['accepted', 'queued'],
    ['queued', 'sending'],
    ['queued', 'sent'],
    ['sending', 'sent'],
    ['sent', 'delivered'],
    ['sent', 'undelivered'],
    ['sent', 'failed'],
    ['queued', 'delivered'],
    ['sent', 'read'],
    ['delivered', 'read'],
    ['receiving', 'received'],
    ['queued', 'RESTRICTED'],
    ['Sent', 'DELIVERED'],
  ])('%s -> %s moves forward', (from, to) => {
    expect(isStatusAdvance(from, to)).toBe(true);
  });

  it.each([
    ['sent', 'sending'],
    ['delivered', 'sent'],
    ['sent', 'queued'],
    ['queued', 'accepted'],
    ['read', 'delivered'],
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['received', 'receiving'],
  ])('%s -> %s never moves backwards or stays', (from, to) => {
    expect(isStatusAdvance(from, to)).toBe(false);
  });

  it.each([
    ['delivered', 'failed'],
    ['delivered', 'undelivered'],
    ['failed', 'delivered'],
    ['undelivered', 'delivered'],
    ['failed', 'undelivered'],
    ['failed', 'read'],
    ['undelivered', 'read'],
    ['RESTRICTED', 'read'],
    ['received', 'read'],
  ])('final %s never becomes %s', (from, to) => {
    expect(isStatusAdvance(from, to)).toBe(false);
  });

  it('never lets an unknown status replace a known one', () => {
    expect(isStatusAdvance('queued', 'scheduled')).toBe(false);
    expect(isStatusAdvance('delivered', 'restricted')).toBe(false);
  });

  it('lets a known status replace an unknown one', () => {
    expect(isStatusAdvance('scheduled', 'queued')).toBe(true);
    expect(isStatusAdvance('scheduled', 'canceled')).toBe(false);
  });
});
