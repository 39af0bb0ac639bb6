import { describe, expect, it } from 'vitest';
import { toE164 } from '../conversations/rules/phone';
import { canManageDataSync, isLagging, missingRequired, parseImportDate, readImportRow, rememberingPhoneReader, suggestMapping } from './rules';

describe('parseImportDate', () => {
  it('reads the formats dealer exports use and refuses days that do not exist', () => {
    expect(parseImportDate('2026-02-03')).toBe('2026-02-03');
    expect(parseImportDate('2/3/2026')).toBe('2026-02-03');
    expect(parseImportDate('03.02.2026')).toBe('2026-02-03');
    expect(parseImportDate(new Date(Date.UTC(2026, 1, 3)))).toBe('2026-02-03');
    expect(parseImportDate('2026-02-30')).toBeNull();
    expect(parseImportDate('31/31/2026')).toBeNull();
    expect(parseImportDate('soon')).toBeNull();
  });
});

describe('suggestMapping', () => {
  it('maps headers by their words, each column once', () => {
    expect(suggestMapping('RECALL', ['Vehicle VIN', 'Campaign Code', 'Recall Description', 'Notification Date'])).toEqual({
      vin: 'Vehicle VIN',
      code: 'Campaign Code',
      description: 'Recall Description',
      alertDate: 'Notification Date',
    });
    const m = suggestMapping('CUSTOMER_VEHICLE', ['Cust #', 'Last Name', 'Cell Phone', 'VIN', 'Make', 'Model', 'Model Year', 'Mileage']);
    expect(m).toMatchObject({ custno: 'Cust #', lastName: 'Last Name', phone: 'Cell Phone', year: 'Model Year', odometer: 'Mileage' });
    expect(missingRequired('CUSTOMER_VEHICLE', m, ['Cust #', 'Last Name', 'Cell Phone', 'VIN', 'Make', 'Model', 'Model Year', 'Mileage'])).toEqual([]);
    expect(missingRequired('RECALL', {}, [])).toEqual(['vin', 'code', 'alertDate']);
  });
});

describe('readImportRow', () => {
  const mapping = { vin: 'VIN', code: 'Code', alertDate: 'Date', odometer: 'Miles', phone: 'Phone' } as const;
  const read = (values: Record<string, unknown>) => readImportRow('HEA_ALERT', mapping, (h) => values[h], '2026-11-23');

  it('normalises a good row', () => {
    expect(read({ VIN: ' jtdkb20u093123456 ', Code: 'P0420', Date: '11/01/2026', Miles: '61,234', Phone: '(212) 555-0134' })).toEqual({
      row: expect.objectContaining({ vin: 'JTDKB20U093123456', code: 'P0420', alertDate: '2026-11-01', odometer: 61234, phone: '+12125550134' }),
      problems: [],
    });
  });

  it('names each field that is wrong', () => {
    const { problems } = read({ VIN: 'JTDKB20U0O3123456', Code: '', Date: '2026-12-30', Miles: '-5', Phone: '123' });
    expect(problems.map((p) => p.field)).toEqual(['code', 'vin', 'phone', 'odometer', 'alertDate']);
  });

  it('drops the NUL character PostgreSQL cannot keep', () => {
    expect(read({ VIN: 'JTDKB20U093123456', Code: 'P\u00000420', Date: '2026-01-01' }).row.code).toBe('P0420');
  });
});

describe('isLagging and canManageDataSync', () => {
  it('counts a feed lagging after its days without data', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isLagging({ lastDataOn: '2026-11-22T12:00:00Z', lastSyncOn: null, lagDays: 2, createdOn: '2026-01-01T00:00:00Z' }, now)).toBe(false);
    expect(isLagging({ lastDataOn: '2026-11-20T12:00:00Z', lastSyncOn: null, lagDays: 2, createdOn: '2026-01-01T00:00:00Z' }, now)).toBe(true);
    expect(isLagging({ lastDataOn: null, lastSyncOn: null, lagDays: 2, createdOn: '2026-11-23T00:00:00Z' }, now)).toBe(false);
  });
  it('lets managers and administrators change data-sync settings, not advisors', () => {
    expect(canManageDataSync(['OFFICE_MANAGER'])).toBe(true);
    expect(canManageDataSync(['SALES_REP', 'OFFICE_USER'])).toBe(false);
  });
});

describe('rememberingPhoneReader', () => {
  it('answers as toE164 does, for numbers seen again and after it has forgotten', () => {
    const read = rememberingPhoneReader(2);
    for (const input of ['(201) 555-0123', '123-456-7890', '(201) 555-0123', '+1 718 555 0101', 'not a number', '(201) 555-0123']) {
      expect(read(input)).toBe(toE164(input));
    }
    expect(read('(201) 555-0123')).toBe('+12015550123');
    expect(read('123-456-7890')).toBeNull();
  });
});
