import {
  AppError,
  SALES_APPOINTMENT_MINUTES,
  SALES_APPOINTMENT_TEXT,
  instantOf,
  parseTwelveHourTime,
  salesAppointmentSchema,
  type SalesAppointmentResult,
} from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import type { InboxNotifier } from '../conversations/notifier';
import { loadInteractionForUser } from '../conversations/interaction-access';
import { inMessageTx, writeCalendarCard } from '../conversations/messages';
import { absoluteUrl, linkPath } from '../landing/create-link';
import { linkSecret, signLink, type LinkSecretSource } from '../landing/link-tokens';

type Input = z.output<typeof salesAppointmentSchema>;

/**
 * The sales appointment form's Save (and Schedule, when the appointment exists): the appointment
 * at the chosen wall-clock time in the store's zone, and a CALENDAR_INVITE message in the lead's
 * conversation announcing it, in one transaction. The conversation is marked as having an
 * appointment. The answer carries a signed link to the meeting page for the sales rep.
 */
export async function scheduleSalesAppointment(
  deps: { sql: Sql; notifier?: InboxNotifier | undefined },
  user: SessionUser,
  input: Input,
  links: { secrets: LinkSecretSource; publicUrl?: string | undefined },
): Promise<SalesAppointmentResult> {
  const { sql } = deps;
  const f = await loadInteractionForUser(sql, user, input.contactId, 'body.contactId');
  const [ctx] = await sql<{ zone: string; firstName: string; lastName: string; email: string | null; cellular: string | null }[]>`
    select s.office_time_zone as zone, c.first_name, c.last_name, c.email, c.cellular
    from store s, customer c where s.id = ${f.storeId} and c.id = ${f.customerId}`;
  const time = parseTwelveHourTime(input.startTime)!;
  const [year, month, day] = input.startDate.split('-').map(Number) as [number, number, number];
  const start = instantOf({ year, month, day, hour: time.hour, minute: time.minute }, ctx!.zone);
  const end = new Date(start.getTime() + SALES_APPOINTMENT_MINUTES * 60_000);
  const rep = input.salesRepName?.trim() || `${user.firstName} ${user.lastName}`.trim() || user.username;
  const guest = input.customerName?.trim() || `${ctx!.firstName} ${ctx!.lastName}`.trim();
  const rescheduling = input.appointmentId !== null && input.appointmentId !== undefined;

  const saved = await inMessageTx(deps, async (m) => {
    const { tx } = m;
    let appointmentId: number;
    if (rescheduling) {
      const [row] = await tx<{ id: number }[]>`
        update sales_appointment set title = ${input.title}, start_date = ${start}, end_date = ${end}, sales_rep_user_id = ${user.userId},
          sales_rep_name = ${rep}, updated_on = now()
        where id = ${input.appointmentId!} and future_service_interaction_id = ${f.id}
        returning id`;
      if (!row) throw new AppError('NOT_FOUND', `Appointment ${input.appointmentId} is not one of this lead`, [{ field: 'body.appointmentId', message: 'unknown appointment' }]);
      appointmentId = row.id;
    } else {
      const [row] = await tx<{ id: number }[]>`
        insert into sales_appointment (store_id, future_service_interaction_id, customer_id, title, start_date, end_date, sales_rep_user_id, sales_rep_name)
        values (${f.storeId}, ${f.id}, ${f.customerId}, ${input.title}, ${start}, ${end}, ${user.userId}, ${rep})
        returning id`;
      appointmentId = row!.id;
    }
    const content = input.msgBody?.trim() || `${rescheduling ? 'Rescheduled: ' : ''}${input.title} with ${rep}`;
    const messageId = await writeCalendarCard(m, {
      interactionId: f.id, storeId: f.storeId, customerId: f.customerId, content, subject: input.subject?.trim() || input.title,
      title: input.title, fromName: rep, toAddress: ctx!.email ?? ctx!.cellular, toName: guest, startTime: start, messageSentBy: rep,
      sentByUserId: user.userId,
    });
    await tx`update sales_appointment set message_instance_id = ${messageId} where id = ${appointmentId}`;
    await tx`update future_service_interaction set appointment_set = true, lead_stage = 'APPOINTMENT_SET', updated_on = now() where id = ${f.id}`;
    return { appointmentId, messageId };
  });

  const { token } = signLink(await linkSecret(sql, links.secrets), 'MEETING', { interactionId: f.id, subjectId: user.userId });
  const meetingUrl = absoluteUrl(linkPath('MEETING', f, user.userId, token, saved.messageId), links.publicUrl);
  return {
    message: SALES_APPOINTMENT_TEXT.saved,
    appointmentId: saved.appointmentId,
    messageId: saved.messageId,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    meetingUrl,
  };
}
