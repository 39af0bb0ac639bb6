import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../codes';
import { canSeeMessage, canUseDealRoomOptions, messageOptions, type OptionFields, showsResponseTimeBadges } from './visibility';

const others = ROLES.filter((r) => r !== 'SUPER_DATA_ADMIN' && r !== 'SUPER_USER');
const sees = (m: Parameters<typeof canSeeMessage>[1]) => ROLES.filter((r) => canSeeMessage([r], m));

describe('canSeeMessage', () => {
  it('shows ordinary customer messages to every role', () => {
    expect(sees({ archived: false, messageType: 'SMS', notificationType: 'MESSAGE_FROM_CUSTOMER' })).toEqual([...ROLES]);
    expect(sees({ messageType: 'EMAIL', notificationType: null })).toEqual([...ROLES]);
  });

  it('shows archived messages only to SUPER_DATA_ADMIN, whatever else they are', () => {
    expect(sees({ archived: true, messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER' })).toEqual(['SUPER_DATA_ADMIN']);
    expect(sees({ archived: true, messageType: 'INTERNAL_NOTES', notificationType: null })).toEqual(['SUPER_DATA_ADMIN']);
    expect(sees({ archived: null, messageType: 'SMS', notificationType: null })).toEqual([...ROLES]);
  });

  it('shows internal notes, by either code, only to SUPER_DATA_ADMIN and SUPER_USER', () => {
    expect(sees({ messageType: 'INTERNAL_NOTES', notificationType: null })).toEqual(['SUPER_DATA_ADMIN', 'SUPER_USER']);
    expect(sees({ messageType: 'SMS', notificationType: 'INTERNAL_NOTES' })).toEqual(['SUPER_DATA_ADMIN', 'SUPER_USER']);
  });

  it('shows internal notifications to all', () => {
    expect(sees({ messageType: 'SMS', notificationType: 'INTERNAL_NOTIFICATION' })).toEqual([...ROLES]);
    expect(sees({ messageType: 'SMS', notificationType: 'INTERNAL_NOTIFICATION_GM' })).toEqual([...ROLES]);
    expect(sees({ messageType: 'EMAIL', notificationType: 'INTERNAL_NOTIFICATION' })).toEqual([...ROLES]);
  });

  it('keeps INTERNAL-type notifications and GM notification emails for SUPER_DATA_ADMIN', () => {
    expect(sees({ messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION' })).toEqual(['SUPER_DATA_ADMIN']);
    expect(sees({ messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION_GM' })).toEqual(['SUPER_DATA_ADMIN']);
    expect(sees({ messageType: 'EMAIL', notificationType: 'INTERNAL_NOTIFICATION_GM' })).toEqual(['SUPER_DATA_ADMIN']);
  });

  it('shows calls (CALL with type INTERNAL) and other INTERNAL messages to all', () => {
    expect(sees({ messageType: 'INTERNAL', notificationType: 'CALL' })).toEqual([...ROLES]);
    expect(sees({ messageType: 'INTERNAL', notificationType: 'SCHEDULE_INTERNAL_TASK' })).toEqual([...ROLES]);
  });

  it('lets any one qualifying role of several decide, and no roles see only the plain', () => {
    expect(canSeeMessage(['ENTERPRISE_USER', 'SUPER_USER'], { messageType: 'INTERNAL_NOTES' })).toBe(true);
    expect(canSeeMessage([], { messageType: 'INTERNAL_NOTES' })).toBe(false);
    expect(canSeeMessage([], { messageType: 'SMS' })).toBe(true);
  });
});

const fromCustomer: OptionFields = { direction: 'RECEIVED', messageType: 'SMS', notificationType: 'MESSAGE_FROM_CUSTOMER' };
const toCustomer: OptionFields = { direction: 'SENT', messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER' };
const handoff: OptionFields = { direction: 'SENT', messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION_GM' };
const on = { assistant: true };
const off = { assistant: false };

describe('messageOptions', () => {
  it('offers nothing to roles other than SUPER_DATA_ADMIN and SUPER_USER', () => {
    for (const r of others) {
      for (const m of [fromCustomer, toCustomer, handoff, { ...toCustomer, hasNote: true }]) expect(messageOptions([r], m, on)).toEqual([]);
    }
  });

  it('offers the full customer-message menu with the assistant on', () => {
    expect(messageOptions(['SUPER_USER'], fromCustomer, on)).toEqual(['ARCHIVE', 'LOG_MODE', 'SHOW_INTENTS', 'DT', 'ACTION_INTENTS', 'DEFAULT_ACTION_INTENTS']);
    expect(messageOptions(['SUPER_DATA_ADMIN'], { direction: 'RECEIVED', messageType: 'EMAIL' }, on)).toContain('LOG_MODE');
  });

  it('offers only Archive on customer messages with the assistant off', () => {
    expect(messageOptions(['SUPER_DATA_ADMIN'], fromCustomer, off)).toEqual(['ARCHIVE']);
  });

  it('keeps DT for every user who gets the menu: a super role always passes the deal-room rule', () => {
    expect(messageOptions(['SUPER_USER', 'ENTERPRISE_USER'], fromCustomer, on)).toContain('DT');
    expect(messageOptions(['SUPER_DATA_ADMIN', 'OFFICE_USER'], fromCustomer, on)).toContain('DT');
  });

  it('offers Archive and Set Response Time on messages to customers', () => {
    expect(messageOptions(['SUPER_USER'], toCustomer, on)).toEqual(['ARCHIVE', 'SET_RESPONSE_TIME']);
    expect(messageOptions(['SUPER_USER'], toCustomer, off)).toEqual(['ARCHIVE', 'SET_RESPONSE_TIME']);
    expect(messageOptions(['SUPER_USER'], { direction: 'SEND', messageType: 'EMAIL', notificationType: null }, off)).toEqual(['ARCHIVE', 'SET_RESPONSE_TIME']);
  });

  it('offers Archive on handoff bubbles, notes and messages with a note', () => {
    expect(messageOptions(['SUPER_USER'], handoff, off)).toEqual(['ARCHIVE']);
    expect(messageOptions(['SUPER_USER'], { ...handoff, notificationType: 'INTERNAL_NOTIFICATION' }, off)).toEqual(['ARCHIVE']);
    expect(messageOptions(['SUPER_USER'], { direction: 'SENT', messageType: 'INTERNAL_NOTES', notificationType: null }, off)).toEqual(['ARCHIVE']);
    expect(messageOptions(['SUPER_USER'], { direction: 'SENT', messageType: 'CALENDAR_INVITE', notificationType: 'SCHEDULE_APPOINTMENT', hasNote: true }, off)).toEqual(['ARCHIVE']);
  });

  it('offers nothing on other messages', () => {
    expect(messageOptions(['SUPER_USER'], { direction: 'RECEIVED', messageType: 'INTERNAL', notificationType: 'CALL' }, on)).toEqual([]);
    expect(messageOptions(['SUPER_USER'], { direction: 'SENT', messageType: 'CALENDAR_INVITE', notificationType: 'SCHEDULE_APPOINTMENT' }, on)).toEqual([]);
  });

  it('never repeats an option', () => {
    const menu = messageOptions(['SUPER_USER', 'SUPER_DATA_ADMIN'], { ...fromCustomer, hasNote: true }, on);
    expect(new Set(menu).size).toBe(menu.length);
  });
});

describe('canUseDealRoomOptions', () => {
  it.each<[Role[], boolean]>([
    [['ENTERPRISE_USER'], false],
    [['OFFICE_USER'], false],
    [[], false],
    [['ENTERPRISE_USER', 'ENTERPRISE_USER'], false],
    [['OFFICE_MANAGER'], true],
    [['ENTERPRISE_ADMIN'], true],
    [['SUPER_USER'], true],
    [['ENTERPRISE_USER', 'SALES_REP'], true],
    [['OFFICE_USER', 'SALES_REP'], true],
    [['ENTERPRISE_USER', 'OFFICE_USER'], true],
  ])('%j -> %s', (roles, expected) => {
    expect(canUseDealRoomOptions(roles)).toBe(expected);
  });
});

describe('showsResponseTimeBadges', () => {
  it('is on for everyone on the global inbox and max-response-time pages', () => {
    for (const path of ['/leadmanager/globalinbox', '/leadmanager/max-response-time', '/leadmanager/globalinbox/42']) {
      expect(showsResponseTimeBadges(['ENTERPRISE_USER'], path)).toBe(true);
      expect(showsResponseTimeBadges([], path)).toBe(true);
    }
  });

  it('does not match pages that only share a prefix', () => {
    expect(showsResponseTimeBadges(['OFFICE_USER'], '/leadmanager/globalinboxes')).toBe(false);
    expect(showsResponseTimeBadges(['OFFICE_USER'], '/leadmanager')).toBe(false);
  });

  it('elsewhere shows them only to users with no enterprise or office role', () => {
    const path = '/leadmanager';
    expect(ROLES.filter((r) => showsResponseTimeBadges([r], path))).toEqual([
      'DIVISION_MANAGER',
      'SALES_REP',
      'CORPORATE_ADMIN',
      'SUPER_DATA_ADMIN',
      'SUPER_ADMIN',
      'SUPER_USER',
    ]);
    expect(showsResponseTimeBadges(['SUPER_USER', 'OFFICE_MANAGER'], path)).toBe(false);
    expect(showsResponseTimeBadges([], path)).toBe(false);
  });
});
