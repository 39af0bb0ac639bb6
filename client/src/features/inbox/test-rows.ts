import type { InboxRow } from '@drivebay/shared/docs';

/** An inbox row for tests, newest-message fields given by `latest`. */
export function inboxRow(id: number, overrides: Partial<InboxRow> = {}, latest: Partial<NonNullable<InboxRow['latestMessage']>> | null = {}): InboxRow {
  return {
    interactionId: id,
    storeId: 1,
    serviceType: 'OIL_CHANGE',
    customer: { id: 100 + id, firstName: `First${id}`, lastName: 'Last', cellular: `+1718555${String(id).padStart(4, '0')}`, email: null, custno: `C${id}` },
    vehicle: { id: 200 + id, make: 'Toyota', model: 'Camry', year: 2020, vin: `VIN${id}` },
    latestMessage:
      latest === null
        ? null
        : {
            id: 1000 + id,
            content: 'hello',
            createdOn: '2024-07-01T12:00:00.000Z',
            direction: 'RECEIVED',
            messageType: 'SMS',
            messageStatus: null,
            ...latest,
          },
    lastMessageReceivedDate: null,
    totalInboundCount: 1,
    totalUnreadCount: 1,
    responseReqd: true,
    aiEnabled: true,
    marks: [],
    convClosed: false,
    appointmentSet: false,
    updatedOn: '2024-07-01T12:00:00.000Z',
    ...overrides,
  };
}
