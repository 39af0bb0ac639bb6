import { DEMO_REPORT_ENTERPRISE_IDS } from './constants';

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const isoDayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A range of report days, written YYYY-MM-DD, both ends included. */
export type ReportDays = { startDate: string; endDate: string };

/**
 * The default report range (spec §9): from the start of the day 7 days ago to the end of today,
 * both in UTC.
 */
export function defaultReportRange(now: Date): ReportDays {
  return { startDate: isoDayOf(new Date(now.getTime() - 7 * DAY_MS)), endDate: isoDayOf(now) };
}

/**
 * The instants a range of days covers: `from` is the first day's 00:00:00 UTC, `to` the instant
 * after the last day's end (exclusive), so a message at 23:59:59.999 of the last day counts.
 */
export function rangeInstants(days: ReportDays): { from: Date; to: Date } {
  return { from: new Date(`${days.startDate}T00:00:00Z`), to: new Date(new Date(`${days.endDate}T00:00:00Z`).getTime() + DAY_MS) };
}

/** A month's report range (spec §9): the first day 00:00:00 through the end of the last day. */
export function monthRange(year: number, month: number): ReportDays {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { startDate: `${year}-${mm}-01`, endDate: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Month label like "Jan, 2026" (spec §9: MMM, YYYY) of a YYYY-MM month. */
export function reportMonthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]}, ${y}`;
}

/** Every YYYY-MM month a range of days touches, in order. */
export function monthsOf(days: ReportDays): string[] {
  const out: string[] = [];
  let [y, m] = days.startDate.split('-').map(Number) as [number, number];
  const end = days.endDate.slice(0, 7);
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= end) break;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/** Dashboard type (spec §9): '1' is Type A, '2' Type B, anything else Type All. */
export function dashboardTypeLabel(type: string | null | undefined): 'Type A' | 'Type B' | 'Type All' {
  return type === '1' ? 'Type A' : type === '2' ? 'Type B' : 'Type All';
}

/** The customer type a dashboard type selects, or null for all. */
export function customerTypeOfDashboardType(type: string | null | undefined): 'A' | 'B' | null {
  return type === '1' ? 'A' : type === '2' ? 'B' : null;
}

/** Whether an enterprise's report calls carry the demo flag (spec §6). */
export function isDemoReportEnterprise(enterpriseId: number): boolean {
  return DEMO_REPORT_ENTERPRISE_IDS.includes(enterpriseId);
}

/** Buckets of "how soon the store answered", on the spec's delay thresholds of 3 and 5 minutes. */
export const RESPONSE_DELAY_BUCKETS = ['WITHIN_3_MIN', 'WITHIN_5_MIN', 'OVER_5_MIN', 'NOT_ANSWERED'] as const;
export type ResponseDelayBucket = (typeof RESPONSE_DELAY_BUCKETS)[number];
export const RESPONSE_DELAY_LABELS: Record<ResponseDelayBucket, string> = {
  WITHIN_3_MIN: 'Under 3 minutes',
  WITHIN_5_MIN: '3 to 5 minutes',
  OVER_5_MIN: 'Over 5 minutes',
  NOT_ANSWERED: 'Not answered',
};

/** The delay bucket of an answer after `seconds` (null: no answer). */
export function responseDelayBucket(seconds: number | null): ResponseDelayBucket {
  if (seconds === null) return 'NOT_ANSWERED';
  if (seconds < 180) return 'WITHIN_3_MIN';
  if (seconds <= 300) return 'WITHIN_5_MIN';
  return 'OVER_5_MIN';
}

/** The middle value (mean of the two middle ones for an even count), null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A code written for people: "APPOINTMENT_SET" reads "Appointment set". */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}
