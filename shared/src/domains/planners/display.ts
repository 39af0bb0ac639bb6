import { serviceTypeLabel } from '../../codes';
import { displayDate } from './rules';
import type { PlannerRow } from './schemas';

const miles = (n: number) => n.toLocaleString('en-US');

/** Why a vehicle is due, in one sentence a service manager reads: what the list and the CSV show. */
export function whyText(row: PlannerRow): string {
  const rate =
    row.rateSource === 'VEHICLE' && row.previousReading && row.lastReading
      ? `${row.dailyMiles} mi/day from readings ${miles(row.previousReading.odometer)} (${displayDate(row.previousReading.readOn)}) and ${miles(row.lastReading.odometer)} (${displayDate(row.lastReading.readOn)})`
      : `${row.dailyMiles} mi/day (average use${row.lastReading ? `, last reading ${miles(row.lastReading.odometer)} on ${displayDate(row.lastReading.readOn)}` : ''})`;
  const estimate = row.estimatedMileage === null ? '' : `; about ${miles(row.estimatedMileage)} mi today`;
  const done = row.lastServiceDate ? `; last ${serviceTypeLabel(row.serviceType)} ${displayDate(row.lastServiceDate)} (RO ${row.lastServiceRo})` : '';
  if (row.dueBy === 'MILEAGE') {
    return `Reaches ${miles(row.targetOdometer ?? 0)} mi on ${displayDate(row.mileageDueDate)} at ${rate}${estimate}${done}`;
  }
  return `Due by time on ${displayDate(row.timeDueDate)} (from ${displayDate(row.anchorDate)})${row.mileageDueDate ? `; by mileage ${displayDate(row.mileageDueDate)}` : ''}; ${rate}${estimate}${done}`;
}

/** The due list as CSV (RFC 4180 quoting), with the labels people read. */
export function plannerCsv(rows: readonly PlannerRow[]): string {
  const header = ['Customer no', 'First name', 'Last name', 'Mobile', 'VIN', 'Year', 'Make', 'Model', 'Sold', 'Service', 'Due date', 'Due by', 'Estimated mileage', 'Why'];
  const quote = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = rows.map((r) =>
    [r.custNo, r.firstName, r.lastName, r.cellular, r.vin, r.year, r.make, r.model, displayDate(r.soldDate), serviceTypeLabel(r.serviceType), displayDate(r.dueDate), r.dueBy === 'MILEAGE' ? 'Mileage' : 'Time', r.estimatedMileage, whyText(r)]
      .map(quote)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
