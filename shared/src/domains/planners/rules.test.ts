import { describe, expect, it } from 'vitest';
import { PLANNERS, PLANNER_CODES } from './constants';
import {
  dayMileageReached,
  estimateMileage,
  formatPlannerDate,
  leftOutReason,
  parsePlannerDate,
  predictDue,
  readingsAndRate,
  resolvePlanner,
  stateOfAddress,
  type VehicleFacts,
} from './rules';
import { plannerRunParamsSchema } from './schemas';
import { plannerCsv, whyText } from './display';

const facts = (over: Partial<VehicleFacts> = {}): VehicleFacts => ({
  make: 'Toyota',
  model: 'Camry',
  soldDate: '2025-11-01',
  dealType: 'New',
  readings: [],
  deliveryReading: null,
  lastMatchingService: null,
  lastRepairOrder: null,
  latestAlert: null,
  openInteraction: false,
  recentlyContacted: false,
  optedOut: false,
  blocked: false,
  hasMobile: true,
  marks: [],
  ...over,
});
const at = (code: (typeof PLANNER_CODES)[number], state: string | null = 'NY', enterpriseId = 1) => resolvePlanner(code, { state, enterpriseId });
const window = (plannerDate: string, minimumDays = -30, maximumDays = 30) => ({ plannerDate, minimumDays, maximumDays });

describe('DD.MM.YYYY', () => {
  it('reads a planner date and writes it back', () => {
    expect(parsePlannerDate('23.11.2026')).toBe('2026-11-23');
    expect(formatPlannerDate('2026-11-23')).toBe('23.11.2026');
    expect(parsePlannerDate(' 01.02.2024 ')).toBe('2024-02-01');
    expect(parsePlannerDate('29.02.2024')).toBe('2024-02-29');
  });

  it('refuses texts that name no day', () => {
    for (const t of ['29.02.2025', '31.04.2026', '1.2.2026', '2026-02-01', '00.01.2026', '12.13.2026', '']) expect(parsePlannerDate(t)).toBeNull();
  });

  it('names the field when the call carries a bad date', () => {
    const r = plannerRunParamsSchema.safeParse({ store_id: '1', plannerDate: '2026-11-23' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['plannerDate']);
    expect(plannerRunParamsSchema.parse({ store_id: '1', plannerDate: '23.11.2026', transfer: 'true' })).toMatchObject({ plannerDate: '2026-11-23', transfer: true, page: 0 });
  });
});

describe('estimated mileage', () => {
  it('uses the odometer change between the last two readings over the days between them', () => {
    const { last, previous, rate } = readingsAndRate({ readings: [{ readOn: '2026-06-01', odometer: 6000 }, { readOn: '2026-01-01', odometer: 1470 }], soldDate: '2025-12-01', dealType: 'New' });
    expect(previous).toEqual({ readOn: '2026-01-01', odometer: 1470 });
    expect(rate).toEqual({ miles: 4530, days: 151, source: 'VEHICLE' });
    expect(estimateMileage(last!, rate, '2026-07-01')).toBe(6000 + 900);
    expect(dayMileageReached(last!, rate, 9000)).toBe('2026-09-09');
  });

  it('counts a new vehicle’s sale as a reading of 0 miles when it has one reading', () => {
    const r = readingsAndRate({ readings: [{ readOn: '2026-03-02', odometer: 3000 }], soldDate: '2025-12-02', dealType: 'New' });
    expect(r.rate).toEqual({ miles: 3000, days: 90, source: 'VEHICLE' });
  });

  it('falls back to the average daily use with one reading, or readings that go backwards', () => {
    expect(readingsAndRate({ readings: [{ readOn: '2026-03-02', odometer: 30000 }], soldDate: '2025-12-02', dealType: 'Used' }).rate.source).toBe('FALLBACK');
    const back = readingsAndRate({ readings: [{ readOn: '2026-03-02', odometer: 100 }, { readOn: '2026-01-02', odometer: 900 }], soldDate: '2025-01-01', dealType: 'New' });
    expect(back.rate).toEqual({ miles: 37, days: 1, source: 'FALLBACK' });
    expect(back.previous).toBeNull();
  });
});

describe('the service-due rule per planner', () => {
  it('10K: due by mileage when the vehicle reaches 9,000 miles before its first year', () => {
    const p = predictDue(at('10K'), facts({ soldDate: '2026-01-01', readings: [{ readOn: '2026-07-01', odometer: 7000 }, { readOn: '2026-01-01', odometer: 10 }], deliveryReading: { readOn: '2026-01-01', odometer: 10 } }), window('2026-08-01'));
    expect(p.status).toBe('DUE');
    if (p.status !== 'DUE') return;
    expect(p.why.dueBy).toBe('MILEAGE');
    expect(p.why.targetOdometer).toBe(9010);
    expect(p.dueDate).toBe(p.why.mileageDueDate);
    expect(p.why.timeDueDate).toBe('2027-01-01');
  });

  it('10K: due by time a year after the sale when the vehicle is driven little', () => {
    const p = predictDue(at('10K'), facts({ soldDate: '2025-11-20', readings: [{ readOn: '2026-06-01', odometer: 2000 }, { readOn: '2025-11-20', odometer: 5 }] }), window('2026-11-23'));
    expect(p).toMatchObject({ status: 'DUE', dueDate: '2026-11-20', why: { dueBy: 'TIME' } });
  });

  it('a due date outside the window is not due; a vehicle of another deal type is not eligible', () => {
    expect(predictDue(at('10K'), facts({ soldDate: '2026-10-01' }), window('2026-11-23')).status).toBe('NOT_DUE');
    expect(predictDue(at('5K_CPO'), facts({ soldDate: '2026-05-25', dealType: 'New' }), window('2026-11-23')).status).toBe('NOT_ELIGIBLE');
    expect(predictDue(at('5K_CPO'), facts({ soldDate: '2026-05-25', dealType: 'Used' }), window('2026-11-23')).status).toBe('DUE');
  });

  it('work already done leaves the vehicle out as SERVICE_PERFORMED', () => {
    const slow = [{ readOn: '2026-06-01', odometer: 2000 }];
    const done = facts({ soldDate: '2025-11-20', readings: slow, lastMatchingService: { closedOn: '2026-10-30', roNumber: 'RO-1' } });
    expect(predictDue(at('10K'), done, window('2026-11-23'))).toMatchObject({ status: 'LEFT_OUT', reason: 'SERVICE_PERFORMED' });
    // A service before the sale is a previous owner's.
    const before = facts({ soldDate: '2025-11-20', readings: slow, lastMatchingService: { closedOn: '2025-10-30', roNumber: 'RO-0' } });
    expect(predictDue(at('10K'), before, window('2026-11-23')).status).toBe('DUE');
  });

  it('repeating planners take the cycle in the window and look for work done within it', () => {
    const p = predictDue(at('POST_30_MONTHS'), facts({ soldDate: '2023-01-01', dealType: 'Used' }), window('2026-12-20'));
    // 913 days after the sale (03.07.2025), then every 182: the first cycle not before 20.11.2026.
    expect(p).toMatchObject({ status: 'DUE', dueDate: '2026-12-30' });
    expect(predictDue(at('POST_30_MONTHS'), facts({ soldDate: '2023-01-01', dealType: 'Used' }), window('2026-11-23')).status).toBe('NOT_DUE');
    const serviced = predictDue(at('POST_30_MONTHS'), facts({ soldDate: '2023-01-01', dealType: 'Used', lastMatchingService: { closedOn: '2026-08-01', roNumber: 'R' } }), window('2026-12-20'));
    expect(serviced).toMatchObject({ status: 'LEFT_OUT', reason: 'SERVICE_PERFORMED' });
  });

  it('state inspection follows the store’s state: every year in New York, every two after eight in California', () => {
    expect(at('STATE_INSPECTION', 'NY')).toMatchObject({ firstDays: 365, repeatDays: 365, state: 'NY' });
    expect(at('STATE_INSPECTION', 'CA')).toMatchObject({ firstDays: 2920, repeatDays: 730 });
    expect(at('STATE_INSPECTION', 'FL').firstDays).toBeNull();
    expect(predictDue(at('STATE_INSPECTION', 'NY'), facts({ soldDate: '2024-11-30' }), window('2026-11-23')).status).toBe('DUE');
    expect(predictDue(at('STATE_INSPECTION', 'CA'), facts({ soldDate: '2024-11-30' }), window('2026-11-23')).status).toBe('NOT_DUE');
    expect(stateOfAddress('1200 Atlantic Ave, Brooklyn, NY 11216')).toBe('NY');
    expect(stateOfAddress('somewhere')).toBeNull();
  });

  it('30-day check-up counts from the last closed repair order', () => {
    expect(predictDue(at('CHECK_UP_30D'), facts(), window('2026-11-23')).status).toBe('NOT_ELIGIBLE');
    const p = predictDue(at('CHECK_UP_30D'), facts({ lastRepairOrder: { closedOn: '2026-10-20', roNumber: 'R' } }), window('2026-11-23', -7, 7));
    expect(p).toMatchObject({ status: 'DUE', dueDate: '2026-11-19' });
  });

  it('first service is for GM makes; Honda service pass for its eight models within two years', () => {
    expect(predictDue(at('FIRST_SERVICE'), facts({ make: 'Toyota', soldDate: '2025-11-25' }), window('2026-11-23')).status).toBe('NOT_ELIGIBLE');
    expect(predictDue(at('FIRST_SERVICE'), facts({ make: 'Chevrolet', model: 'Equinox', soldDate: '2025-11-25', readings: [{ readOn: '2026-06-01', odometer: 2000 }] }), window('2026-11-23')).status).toBe('DUE');
    expect(predictDue(at('HONDA_SERVICE_PASS'), facts({ make: 'Honda', model: 'Fit', soldDate: '2026-05-25' }), window('2026-11-23')).status).toBe('NOT_ELIGIBLE');
    expect(predictDue(at('HONDA_SERVICE_PASS'), facts({ make: 'Honda', model: 'CR-V', soldDate: '2026-05-25' }), window('2026-11-23')).status).toBe('DUE');
    // The third year is past the pass.
    expect(predictDue(at('HONDA_SERVICE_PASS'), facts({ make: 'Honda', model: 'CR-V', soldDate: '2024-05-25' }), window('2026-11-23')).status).toBe('NOT_ELIGIBLE');
  });

  it('Toyota error alert is due from the alert the vehicle reported', () => {
    const p = predictDue(at('TOYOTA_ERROR_ALERT'), facts({ latestAlert: { readOn: '2026-11-20', code: 'P0420' } }), window('2026-11-23', -30, 0));
    expect(p).toMatchObject({ status: 'DUE', dueDate: '2026-11-20' });
  });

  it('enterprise 29’s zero-k path thanks used-car buyers too', () => {
    const used = facts({ soldDate: '2026-11-20', dealType: 'Used' });
    expect(predictDue(at('0K'), used, window('2026-11-23', -7, 7)).status).toBe('NOT_ELIGIBLE');
    expect(predictDue(at('0K', 'NY', 29), used, window('2026-11-23', -7, 7)).status).toBe('DUE');
  });

  it('every tab has a service type, a path and a window', () => {
    for (const code of PLANNER_CODES) {
      expect(PLANNERS[code].call.path).toMatch(/^\/api\//);
      expect(PLANNERS[code].defaultWindow.minimumDays).toBeLessThanOrEqual(PLANNERS[code].defaultWindow.maximumDays);
    }
    expect(new Set(PLANNER_CODES.map((c) => `${PLANNERS[c].call.method} ${PLANNERS[c].call.path}`)).size).toBe(PLANNER_CODES.length);
  });
});

describe('left-out reasons', () => {
  const clean = { openInteraction: false, recentlyContacted: false, optedOut: false, blocked: false, hasMobile: true, marks: [] as string[] };
  it('counts the first reason that applies, in order', () => {
    expect(leftOutReason(clean, false)).toBeNull();
    expect(leftOutReason({ ...clean, optedOut: true, blocked: true }, false)).toBe('OPTED_OUT');
    expect(leftOutReason({ ...clean, hasMobile: false, marks: ['EMP'] }, false)).toBe('NO_MOBILE');
    expect(leftOutReason({ ...clean, marks: ['LD', 'WN'] }, false)).toBe('WRONG_NUMBER');
    expect(leftOutReason({ ...clean, openInteraction: true }, true)).toBe('SERVICE_PERFORMED');
    expect(leftOutReason({ ...clean, marks: ['NLO'] }, false)).toBe('NO_LONGER_OWN');
    expect(leftOutReason({ ...clean, marks: ['DD'] }, false)).toBe('DIFFERENT_DRIVER');
    expect(leftOutReason({ ...clean, marks: ['CL'] }, false)).toBeNull();
    expect(leftOutReason({ ...clean, recentlyContacted: true, optedOut: true }, false)).toBe('RECENTLY_CONTACTED');
    expect(leftOutReason({ ...clean, recentlyContacted: true, openInteraction: true }, false)).toBe('OPEN_INTERACTION');
  });
});

describe('the why of a row and the CSV', () => {
  const row = {
    serviceVehicleId: 1, customerId: 1, custNo: 'C-1', firstName: 'Ann', lastName: 'Lee, Jr.', cellular: '+12125550111', vin: 'V1', make: 'Toyota', model: 'Camry', year: 2025,
    soldDate: '2025-11-20', dealType: 'New', serviceType: 'OIL_CHANGE_10K' as const, dueDate: '2026-11-06', dueBy: 'MILEAGE' as const, estimatedMileage: 9610, dailyMiles: 25.7,
    rateSource: 'VEHICLE' as const, lastReading: { readOn: '2026-10-25', odometer: 8700 }, previousReading: { readOn: '2025-11-20', odometer: 0 }, targetOdometer: 9000,
    mileageDueDate: '2026-11-06', timeDueDate: '2026-11-20', anchorDate: '2025-11-20', lastServiceDate: null, lastServiceRo: null,
  };
  it('says which rule made it due and from which readings', () => {
    expect(whyText(row)).toBe('Reaches 9,000 mi on 06/11/2026 at 25.7 mi/day from readings 0 (20/11/2025) and 8,700 (25/10/2026); about 9,610 mi today');
    expect(whyText({ ...row, dueBy: 'TIME', dueDate: '2026-11-20' })).toMatch(/^Due by time on 20\/11\/2026 \(from 20\/11\/2025\); by mileage 06\/11\/2026/);
  });
  it('quotes fields with commas', () => {
    const csv = plannerCsv([row]);
    expect(csv.split('\r\n')[1]).toContain('"Lee, Jr."');
    expect(csv.split('\r\n')[1]).toContain('Oil change 10K');
  });
});
