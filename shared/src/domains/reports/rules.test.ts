import { describe, expect, it } from 'vitest';
import {
  customerTypeOfDashboardType,
  dashboardTypeLabel,
  defaultReportRange,
  humanizeCode,
  median,
  monthRange,
  monthsOf,
  rangeInstants,
  reportMonthLabel,
  responseDelayBucket,
} from './rules';

describe('report ranges', () => {
  it('default to the start of the day 7 days ago through the end of today, in UTC', () => {
    const days = defaultReportRange(new Date('2026-03-01T02:30:00Z'));
    expect(days).toEqual({ startDate: '2026-02-22', endDate: '2026-03-01' });
    expect(rangeInstants(days)).toEqual({ from: new Date('2026-02-22T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') });
  });

  it('run a month from the first day 00:00:00 to the end of its last day, leap years included', () => {
    expect(monthRange(2028, 2)).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(monthRange(2026, 2)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(rangeInstants(monthRange(2026, 12)).to).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('list the months a range touches, labelled MMM, YYYY', () => {
    expect(monthsOf({ startDate: '2025-11-20', endDate: '2026-02-03' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(reportMonthLabel('2026-01')).toBe('Jan, 2026');
  });
});

describe('dashboard type and delays', () => {
  it("maps '1' to Type A, '2' to Type B and anything else to Type All", () => {
    expect([dashboardTypeLabel('1'), dashboardTypeLabel('2'), dashboardTypeLabel(''), dashboardTypeLabel(undefined)]).toEqual(['Type A', 'Type B', 'Type All', 'Type All']);
    expect([customerTypeOfDashboardType('1'), customerTypeOfDashboardType('2'), customerTypeOfDashboardType('x')]).toEqual(['A', 'B', null]);
  });

  it('buckets answers on the 3 and 5 minute thresholds', () => {
    expect([179, 180, 300, 301, null].map(responseDelayBucket)).toEqual(['WITHIN_3_MIN', 'WITHIN_5_MIN', 'WITHIN_5_MIN', 'OVER_5_MIN', 'NOT_ANSWERED']);
  });

  it('takes medians and reads codes', () => {
    expect([median([]), median([3, 1, 2]), median([4, 1, 3, 2])]).toEqual([null, 2, 2.5]);
    expect(humanizeCode('APPOINTMENT_SET')).toBe('Appointment set');
  });
});
