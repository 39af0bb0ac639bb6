import { describe, expect, it } from 'vitest';
import { interactionRecordSchema, type InteractionRecord } from './interaction';

const record: InteractionRecord = {
  id: 7, aiEnabled: true, dtDialogEnabled: false, isDTGotItsChance: false, plannedServiceType: null, plannedDate: null,
  appointmentSet: false, estimatedDueDate: null, vin: null, respondedToAI: false, workflowReqd: false, type: null,
  conversationInitiated: true, convClosed: false, serviceType: 'OIL_CHANGE', statusCode: null, companyId: 1,
  totalInboundCount: 2, totalUnreadCount: 1, lastMessageReceivedDate: '2026-03-10T14:05:00.000Z', responseInsight: null,
  responseReqd: true, toyotaCare: false, manualBooking: false, leadResponseStatus: null, metadata: {},
  futureServiceInteractionMarks: [], customerMarks: [{ intentType: 'SMS_OPT_OUT', value: 'true', futureServiceInteractionId: 7 }],
  serviceVehicleMarks: [], jaguarServiceAlertDTO: null,
  customerMaster: {
    id: 3, firstName: 'Ada', lastName: 'Lee', first_name: 'Ada', last_name: 'Lee', cellular: '+15551234567', email: null,
    custno: 'C1', blockSms: true, block_sms: true, aiEnabled: true,
  },
  storeMaster: {
    id: 1, store_id: 'BK1', store_name: 'Brooklyn',
    officeMasterVO: { timezoneDisplay: 'Eastern Time (ET)', officeTimeZone: 'America/New_York' }, officeMasterTimezone: 'America/New_York',
  },
  bocMaster: { id: 1, bocId: 'MTG', bocName: 'Metro Toyota Group' },
  serviceVehicle: null,
  salesDto: null,
};

describe('interactionRecordSchema', () => {
  it('reads a record, keeping its free-form alert and metadata objects', () => {
    const alert = { alertType: 'RECALL', nested: { code: 1 } };
    expect(interactionRecordSchema.parse({ ...record, jaguarServiceAlertDTO: alert }).jaguarServiceAlertDTO).toEqual(alert);
  });

  it('refuses a field of the wrong type and an unknown service type', () => {
    expect(interactionRecordSchema.safeParse({ ...record, aiEnabled: 'yes' }).success).toBe(false);
    expect(interactionRecordSchema.safeParse({ ...record, serviceType: 'CAR_WASH' }).success).toBe(false);
    expect(interactionRecordSchema.safeParse({ ...record, metadata: 'x' }).success).toBe(false);
  });

  it('drops keys it does not know, so a legacy field on the wire does no harm', () => {
    expect(interactionRecordSchema.parse({ ...record, legacyFlag: 1 })).not.toHaveProperty('legacyFlag');
  });
});
