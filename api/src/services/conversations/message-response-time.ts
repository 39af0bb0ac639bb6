import { AppError, BUSINESS_TIME_ZONE, instantOf, type WallTime } from '@drivebay/shared';
import type { SessionUser } from '../auth/sessions';
import { assertMessageOptions } from './archive-message';
import type { ServiceDeps } from './deps';
import { loadMessageForUser } from './interaction-access';

export const RESPONSE_TIME_SUCCESS = 'Message Response Successfully Updated';
export const RESPONSE_TIME_REQUIRED = 'Please Enter Response date and time';

const FORMAT = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * 'DD-MM-YYYY HH:mm:ss' (spec §5) as a wall time plus seconds, or null when the text is not one
 * or names a day that does not exist (31-02-2026).
 */
export function parseResponseDateTime(text: string): { wall: WallTime; seconds: number } | null {
  const m = FORMAT.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy, hh, mi, ss] = m.map(Number) as [number, number, number, number, number, number, number];
  const probe = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (probe.getUTCFullYear() !== yyyy || probe.getUTCMonth() !== mm - 1 || probe.getUTCDate() !== dd || hh > 23 || mi > 59 || ss > 59) {
    return null;
  }
  return { wall: { year: yyyy, month: mm, day: dd, hour: hh, minute: mi }, seconds: ss };
}

/**
 * Sets when a message to the customer was really answered. The picker shows the store's clock,
 * so the time is read in the store's office time zone.
 * `mrt` becomes the seconds from the customer's latest message before it to that time.
 */
export async function updateMessageResponseTime(
  deps: ServiceDeps,
  user: SessionUser,
  input: { id: number; msgDateTime?: string | null | undefined },
): Promise<{ message: string; messageResponseTime: string; mrt: number | null }> {
  const { sql } = deps;
  if (!input.msgDateTime?.trim()) {
    throw new AppError('VALIDATION_FAILED', RESPONSE_TIME_REQUIRED, [{ field: 'body.msgDateTime', message: RESPONSE_TIME_REQUIRED }]);
  }
  const local = parseResponseDateTime(input.msgDateTime);
  if (!local) {
    throw new AppError('VALIDATION_FAILED', 'The response date and time must be DD-MM-YYYY HH:mm:ss', [
      { field: 'body.msgDateTime', message: 'expected DD-MM-YYYY HH:mm:ss' },
    ]);
  }
  assertMessageOptions(user);
  const m = await loadMessageForUser(sql, user, input.id, 'body.id');
  if (m.direction === 'RECEIVED') {
    throw new AppError('VALIDATION_FAILED', 'A response time is set on a message to the customer', [
      { field: 'body.id', message: 'message is from the customer' },
    ]);
  }
  const [store] = await sql<{ officeTimeZone: string | null }[]>`select office_time_zone from store where id = ${m.storeId}`;
  // A zone offset never changes within a minute, so the seconds are added after the conversion.
  const at = new Date(instantOf(local.wall, store?.officeTimeZone || BUSINESS_TIME_ZONE).getTime() + local.seconds * 1000);
  const [row] = await sql<{ messageResponseTime: Date; mrt: number | null }[]>`
    update message_instance mi set
      message_response_time = ${at},
      mrt = (
        select greatest(0, extract(epoch from ${at}::timestamptz - c.created_on))::int from message_instance c
        where c.future_service_interaction_id = mi.future_service_interaction_id and c.direction = 'RECEIVED'
          and (c.created_on, c.id) < (mi.created_on, mi.id)
        order by c.created_on desc, c.id desc limit 1)
    where mi.id = ${m.id}
    returning mi.message_response_time, mi.mrt`;
  deps.notifier.interactionsChanged(m.storeId, [m.futureServiceInteractionId]);
  return { message: RESPONSE_TIME_SUCCESS, messageResponseTime: row!.messageResponseTime.toISOString(), mrt: row!.mrt };
}
