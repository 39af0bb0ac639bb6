/**
 * Response time (seconds from a customer's message to the dealership's answer) as text.
 */

type Unit = { seconds: number; below: number; decimals: number; one: string; many: string };

// Each unit is used while its rounded value stays below `below`, so 59.96 minutes reads
// "1.0 hr" rather than "60.0 min".
const UNITS: readonly Unit[] = [
  { seconds: 1, below: 60, decimals: 0, one: 'sec', many: 'sec' },
  { seconds: 60, below: 60, decimals: 1, one: 'min', many: 'min' },
  { seconds: 3_600, below: 24, decimals: 1, one: 'hr', many: 'hrs' },
  { seconds: 86_400, below: Infinity, decimals: 1, one: 'day', many: 'days' },
];

/**
 * Response time in the largest fitting unit: whole seconds under a minute ('45 sec'), then
 * minutes, hours and days with one decimal ('2.5 min', '1.2 hrs', '3.1 days'). 'hr' and 'day' are
 * singular only at exactly '1.0'. Negative times (clock skew) read '0 sec'; a value that is not
 * a finite number gives ''.
 */
export function formatResponseTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  const s = Math.max(0, seconds);
  for (const unit of UNITS) {
    const factor = 10 ** unit.decimals;
    const value = Math.round((s / unit.seconds) * factor) / factor;
    if (value < unit.below) return `${value.toFixed(unit.decimals)} ${value === 1 ? unit.one : unit.many}`;
  }
  return '';
}

/**
 * The compact response-time badge: the two largest whole units, 'RT: Xd Yh', 'RT: Xh Ym',
 * 'RT: Xm Ys', or 'RT: Xs' under a minute. Parts are truncated, never rounded up, so a badge
 * never claims a longer wait than the real one. Negative times read 'RT: 0s'; a value that is not
 * a finite number gives ''.
 */
export function responseTimeBadge(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  const s = Math.floor(Math.max(0, seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const secs = s % 60;
  if (days > 0) return `RT: ${days}d ${hours}h`;
  if (hours > 0) return `RT: ${hours}h ${minutes}m`;
  if (minutes > 0) return `RT: ${minutes}m ${secs}s`;
  return `RT: ${secs}s`;
}
