import dayjs, { type Dayjs } from 'dayjs';
import { isoDay, type CalendarDay, type ClockTime } from '@drivebay/shared';

/*
 * The MUI date and time pickers (AdapterDayjs) hold Dayjs values; everywhere else the client works
 * with `YYYY-MM-DD` days, calendar days and clock times, and zones go through @drivebay/shared. These
 * are the only conversions between the two. A picker's value is a date or a time as the user picked
 * it, with no zone: only its calendar fields are read.
 */

/** The picker value for a `YYYY-MM-DD` day. */
export function dayToPicker(day: string): Dayjs {
  return dayjs(day);
}

/** The calendar day a date picker holds, or null while it holds none or an unfinished one. */
export function pickerToCalendarDay(value: Dayjs | null): CalendarDay | null {
  return value?.isValid() ? { year: value.year(), month: value.month() + 1, day: value.date() } : null;
}

/** The `YYYY-MM-DD` day a date picker holds, or null. */
export function pickerToDay(value: Dayjs | null): string | null {
  const day = pickerToCalendarDay(value);
  return day ? isoDay(day) : null;
}

/** The time of day a time picker holds, or null. */
export function pickerToClockTime(value: Dayjs | null): ClockTime | null {
  return value?.isValid() ? { hour: value.hour(), minute: value.minute() } : null;
}
