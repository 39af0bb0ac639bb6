import type { Sql } from '../../db/database';
import { REPLY_WINDOW_HOURS, quietHoursRelease } from '../conversations/quiet-hours';

/**
 * When a text the dealership starts (not an answer to the customer) must wait for the end of the
 * customer's quiet hours (21:00–08:00 on their clock, see conversations/quiet-hours.ts), the
 * instant it may leave; null when it may go now. A text within a day of the customer's own
 * message answers them and goes at any hour.
 */
export function outreachHold(o: { now: Date; zone: string; lastCustomerMessageAt: Date | null }): Date | null {
  const last = o.lastCustomerMessageAt;
  if (last && last.getTime() <= o.now.getTime() && o.now.getTime() - last.getTime() < REPLY_WINDOW_HOURS * 3_600_000) return null;
  return quietHoursRelease(o.now, o.zone);
}

/** When the customer last wrote to the store (any of their conversations), or null. */
export async function lastCustomerMessageAt(sql: Sql, customerId: number): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    select max(created_on) as at from message_instance where customer_id = ${customerId} and direction = 'RECEIVED'`;
  return row?.at ?? null;
}

/** Keeps a queued text in the outbox until `until`; the worker picks it up then. */
export async function holdInOutbox(sql: Sql, messageId: number, until: Date): Promise<void> {
  await sql`update message_outbox set next_attempt_at = ${until}, last_error = ${`Held for quiet hours until ${until.toISOString()}`}, updated_on = now()
    where message_instance_id = ${messageId} and status = 'pending'`;
}
