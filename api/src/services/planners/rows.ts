import { LEFT_OUT_REASONS, plannerServiceType, type LeftOutCounts, type PlannerRow, type ResolvedPlanner } from '@drivebay/shared';
import type postgres from 'postgres';

/** The columns of a classified vehicle a planner row shows, dates as `YYYY-MM-DD` text. */
export const ROW_COLUMNS = `vehicle_id, customer_id, custno, first_name, last_name, cellular, vin, make, model, year,
  sold_date::text as sold_date, deal_type, due_date::text as due_date, mileage_due::text as mileage_due, time_due::text as time_due,
  anchor_date::text as anchor_date, l_on::text as l_on, l_odo, p_on::text as p_on, p_odo, own_rate, rate_miles, rate_days,
  target_odo, lm_on::text as lm_on, lm_ro`;

type Raw = {
  vehicleId: number;
  customerId: number;
  custno: string;
  firstName: string;
  lastName: string;
  cellular: string | null;
  vin: string;
  make: string;
  model: string;
  year: number;
  soldDate: string;
  dealType: string;
  dueDate: string;
  mileageDue: string | null;
  timeDue: string | null;
  anchorDate: string;
  lOn: string | null;
  lOdo: number | null;
  pOn: string | null;
  pOdo: number | null;
  ownRate: boolean;
  rateMiles: number;
  rateDays: number;
  targetOdo: number | null;
  lmOn: string | null;
  lmRo: string | null;
};

/** A due vehicle as the list shows it, with the why of its due date. */
export function toPlannerRow(planner: ResolvedPlanner, plannerDate: string, row: postgres.Row): PlannerRow {
  const r = row as Raw;
  const rateMiles = Number(r.rateMiles);
  const rateDays = Number(r.rateDays);
  const lastReading = r.lOn !== null && r.lOdo !== null ? { readOn: r.lOn, odometer: Number(r.lOdo) } : null;
  const days = lastReading ? Math.round((Date.parse(plannerDate) - Date.parse(lastReading.readOn)) / 86_400_000) : 0;
  return {
    serviceVehicleId: Number(r.vehicleId),
    customerId: Number(r.customerId),
    custNo: r.custno,
    firstName: r.firstName,
    lastName: r.lastName,
    cellular: r.cellular,
    vin: r.vin,
    make: r.make,
    model: r.model,
    year: Number(r.year),
    soldDate: r.soldDate,
    dealType: r.dealType,
    serviceType: plannerServiceType(planner, r.make),
    dueDate: r.dueDate,
    dueBy: r.mileageDue !== null && r.mileageDue === r.dueDate ? 'MILEAGE' : 'TIME',
    estimatedMileage: lastReading ? lastReading.odometer + Math.floor((days * rateMiles) / rateDays) : null,
    dailyMiles: Math.round((rateMiles * 10) / rateDays) / 10,
    rateSource: r.ownRate ? 'VEHICLE' : 'FALLBACK',
    lastReading,
    previousReading: r.ownRate && r.pOn !== null && r.pOdo !== null ? { readOn: r.pOn, odometer: Number(r.pOdo) } : null,
    targetOdometer: r.targetOdo === null ? null : Number(r.targetOdo),
    mileageDueDate: r.mileageDue,
    timeDueDate: r.timeDue,
    anchorDate: r.anchorDate,
    lastServiceDate: r.lmOn,
    lastServiceRo: r.lmRo,
  };
}

/** Counts per reason from `{reason, n}` rows (reason null: due). */
export function countsOf(rows: readonly { reason: string | null; n: number | string }[]): { due: number; leftOut: LeftOutCounts } {
  const leftOut = Object.fromEntries(LEFT_OUT_REASONS.map((r) => [r, 0])) as LeftOutCounts;
  let due = 0;
  for (const row of rows) {
    if (row.reason === null) due += Number(row.n);
    else if (row.reason in leftOut) leftOut[row.reason as keyof LeftOutCounts] += Number(row.n);
  }
  return { due, leftOut };
}
