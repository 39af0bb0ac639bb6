import { describe, expect, it } from 'vitest';
import type { LeadListRow } from '@drivebay/shared';
import type { InboxRow } from '@drivebay/shared/docs';
import { applyLiveChanges, changedRows, liveKey } from './live-rows';

const row = (id: number, over: Partial<LeadListRow> = {}): LeadListRow => ({
  id, storeId: 1, storeName: 'S', serviceType: 'OIL_CHANGE', aiEnabled: true, appointmentSet: false, convClosed: false, conversationInitiated: true,
  responseReqd: false, totalInboundCount: 1, totalUnreadCount: 0, lastMessageReceivedDate: null, createdOn: '2026-01-01T00:00:00.000Z',
  responseInsight: null, leadStage: null, leadReason: null, userFollowup: null, contactLaterOn: null, followUpDue: null, blockSms: false,
  latestMessage: { id: id * 10, content: 'old', direction: 'SENT', messageType: 'SMS', createdOn: '2026-01-01T00:00:00.000Z' },
  customerMaster: { id, firstName: 'A', lastName: 'B', cellular: null, email: null, custno: 'C', customerType: 'INDIVIDUAL' },
  serviceVehicle: null, ...over,
});
const live = (id: number, over: Partial<InboxRow> = {}): InboxRow => ({
  interactionId: id, storeId: 1, serviceType: 'OIL_CHANGE', customer: { id, firstName: 'A', lastName: 'B', cellular: null, email: null, custno: 'C' },
  vehicle: null, latestMessage: { id: id * 10 + 1, content: 'new', createdOn: '2026-01-02T00:00:00.000Z', direction: 'RECEIVED', messageType: 'SMS', messageStatus: null },
  lastMessageReceivedDate: '2026-01-02T00:00:00.000Z', totalInboundCount: 2, totalUnreadCount: 1, responseReqd: true, aiEnabled: true, marks: [],
  convClosed: false, appointmentSet: false, updatedOn: '2026-01-02T00:00:00.000Z', ...over,
} as InboxRow);

describe('live list updates', () => {
  it('moves the conversation with a new message to the top with its message and counters', () => {
    const { rows, missing } = applyLiveChanges([row(1), row(2), row(3)], [live(3)], null);
    expect(rows.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(rows[0]).toMatchObject({ totalInboundCount: 2, totalUnreadCount: 1, responseReqd: true, latestMessage: { content: 'new' } });
    expect(missing).toEqual([]);
  });

  it('keeps the latest message for an INTERNAL one, unread 0 for the open chat, and never below zero', () => {
    const internal = live(2, { totalUnreadCount: -3, latestMessage: { id: 99, content: 'note', createdOn: '2026-01-02T00:00:00.000Z', direction: 'SEND', messageType: 'INTERNAL', messageStatus: null } } as Partial<InboxRow>);
    const { rows } = applyLiveChanges([row(1), row(2)], [internal], null);
    expect(rows[0]).toMatchObject({ id: 2, totalUnreadCount: 0, latestMessage: { content: 'old' } });
    expect(applyLiveChanges([row(1)], [live(1)], 1).rows[0]!.totalUnreadCount).toBe(0);
  });

  it('reports conversations not on the page once, and adds nothing itself', () => {
    const { rows, missing } = applyLiveChanges([row(1)], [live(5), live(5)], null);
    expect(rows.map((r) => r.id)).toEqual([1]);
    expect(missing).toEqual([5]);
  });

  it('finds changes between snapshots, none on the first', () => {
    const a = live(1);
    expect(changedRows(null, [a])).toEqual([]);
    expect(changedRows(new Map([[1, liveKey(a)]]), [a])).toEqual([]);
    expect(changedRows(new Map([[1, 'x']]), [a])).toEqual([a]);
  });
});
