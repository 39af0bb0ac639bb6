import { MAIL_CONFIRMATION_TEXT, type MailConfirmation } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { InboxNotifier } from '../conversations/notifier';
import { openCustomerLink } from './link-access';
import type { LinkSecretSource } from './link-tokens';

type Upcoming = { id: number; title: string | null; startDate: Date; zone: string; apptStatus: string };

async function upcoming(sql: Sql, interactionId: number): Promise<Upcoming | null> {
  const [a] = await sql<Upcoming[]>`
    select a.id, a.title, a.start_date, s.office_time_zone as zone, a.appt_status
    from appointment a join store s on s.id = a.store_id
    where a.future_service_interaction_id = ${interactionId} and a.start_date > now()
      and a.appt_status in ('BOOKED', 'CONFIRMED')
    order by a.start_date limit 1`;
  return a ?? null;
}

async function summary(sql: Sql, interaction: { customerId: number; storeId: number }) {
  const [row] = await sql<{ firstName: string; storeName: string }[]>`
    select c.first_name, s.store_name from customer c, store s where c.id = ${interaction.customerId} and s.id = ${interaction.storeId}`;
  return { customerFirstName: row?.firstName ?? '', storeName: row?.storeName ?? '' };
}

const shape = (a: Upcoming | null): MailConfirmation['appointment'] =>
  a ? { id: a.id, title: a.title, startTime: a.startDate.toISOString(), timeZone: a.zone, status: a.apptStatus } : null;

/**
 * The /mailconfirmation page: the customer's next appointment of the interaction their link names.
 * Opening the page only reads (mail scanners open links); the customer confirms with a button.
 */
export async function loadMailConfirmation(sql: Sql, secrets: LinkSecretSource, token: string): Promise<MailConfirmation> {
  const { interaction } = await openCustomerLink(sql, secrets, 'MAIL_CONFIRMATION', token);
  return { ...(await summary(sql, interaction)), appointment: shape(await upcoming(sql, interaction.id)) };
}

/** The customer confirms: the next booked appointment becomes CONFIRMED (confirming twice is fine). */
export async function confirmByMail(
  deps: { sql: Sql; notifier?: InboxNotifier | undefined },
  secrets: LinkSecretSource,
  token: string,
): Promise<MailConfirmation & { message: string }> {
  const { sql } = deps;
  const { interaction } = await openCustomerLink(sql, secrets, 'MAIL_CONFIRMATION', token);
  const next = await upcoming(sql, interaction.id);
  if (next?.apptStatus === 'BOOKED') {
    await sql`update appointment set appt_status = 'CONFIRMED', updated_on = now() where id = ${next.id} and appt_status = 'BOOKED'`;
    next.apptStatus = 'CONFIRMED';
    deps.notifier?.interactionsChanged(interaction.storeId, [interaction.id]);
  }
  return {
    ...(await summary(sql, interaction)),
    appointment: shape(next),
    message: next ? MAIL_CONFIRMATION_TEXT.confirmed : MAIL_CONFIRMATION_TEXT.nothingToConfirm,
  };
}
