import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { BUSINESS_TIME_ZONE } from '@drivebay/shared';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm A';

/**
 * An instant shown on the wall clock of a store's office. A missing or unknown zone falls back to
 * the business clock, as the specification's default zone does.
 */
export function formatInTimeZone(
  iso: string | null | undefined,
  zone: string | null | undefined,
  pattern: string = DATE_TIME_FORMAT,
): string {
  if (!iso) return '';
  const instant = dayjs(iso);
  if (!instant.isValid()) return '';
  try {
    return instant.tz(zone || BUSINESS_TIME_ZONE).format(pattern);
  } catch {
    return instant.tz(BUSINESS_TIME_ZONE).format(pattern);
  }
}
