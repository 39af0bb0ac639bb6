// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyTemplate, rangeDaysOf } from './report-templates';

const current = { bocIds: [2], storeIds: [3], serviceTypes: ['OIL_CHANGE'], startDate: '2026-02-01', endDate: '2026-02-28' };

describe('report templates on the filter bar', () => {
  it('count both ends of a range', () => {
    expect(rangeDaysOf(current)).toBe(28);
    expect(rangeDaysOf({ startDate: '2026-03-01', endDate: '2026-03-01' })).toBe(1);
  });

  it('apply a rolling range ending today in UTC, across a month edge', () => {
    const f = applyTemplate(current, { storeIds: [8], rangeDays: 7 }, new Date('2026-03-03T23:30:00-05:00'));
    expect(f).toEqual({ bocIds: [], storeIds: [8], serviceTypes: [], startDate: '2026-02-26', endDate: '2026-03-04' });
  });

  it('keep the screen’s dates without a rolling range', () => {
    expect(applyTemplate(current, { serviceTypes: ['SALES_THANKS'] })).toEqual({ bocIds: [], storeIds: [], serviceTypes: ['SALES_THANKS'], startDate: '2026-02-01', endDate: '2026-02-28' });
  });
});
