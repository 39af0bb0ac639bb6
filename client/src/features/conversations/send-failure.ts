import { formatCalendarDay, formatClockTime, type CalendarDay, type ClockTime } from '@drivebay/shared';
import { ApiRequestError, firstErrorEntry } from '../../lib/api-client';

/** Spec §8 "Send failure": the first item of errors, else the message, else 'Server Error!'. */
export function sendFailureMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'Server Error!';
  return firstErrorEntry(error.body) ?? error.serverMessage ?? 'Server Error!';
}

/** The msgDateTime of Set Response Time: day-month-year and 24-hour time, seconds zero. */
export function responseDateTime(date: CalendarDay, time: ClockTime): string {
  return `${formatCalendarDay(date, 'DD-MM-YYYY')} ${formatClockTime(time, 'HH:mm')}:00`;
}
