import { AppError, DIVISIONS, INVALID_LINK_MESSAGE, SALES_APPOINTMENT_MINUTES, htmlToSmsText, type Meeting, type MeetingQuery } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { openStaffLink } from './link-access';
import type { LinkSecretSource } from './link-tokens';

/** Meeting kinds a link may name (type), in words; anything else is a plain meeting. */
const KINDS: Record<string, string> = {
  IN_PERSON: 'In-person meeting',
  VIRTUAL: 'Video meeting',
  PHONE: 'Phone call',
};

/**
 * The /landing meeting page: the calendar invite (messageId) of the conversation (contactId) the
 * link names, with its host, guest, time and where it happens. Any id of the query that does not
 * match the invite (company, office, division) refuses the link like a forged one.
 */
export async function loadMeeting(sql: Sql, secrets: LinkSecretSource, q: MeetingQuery): Promise<Meeting> {
  const { interaction } = await openStaffLink(sql, secrets, 'MEETING', {
    futureServiceInteractionId: q.contactId,
    userMasterId: q.userMasterId,
    token: q.token,
  });
  const [m] = await sql<
    {
      id: number; title: string | null; content: string; fromName: string | null; toName: string | null; startTime: Date | null;
      endDate: Date | null; zone: string; zoneDisplay: string; storeName: string; address: string | null; phone: string | null;
      firstName: string; lastName: string;
    }[]
  >`
    select m.id, m.title, m.content, m.from_name, m.to_name, m.start_time, sa.end_date, s.office_time_zone as zone,
      s.timezone_display as zone_display, s.store_name, s.address, s.phone_number as phone, c.first_name, c.last_name
    from message_instance m
    join store s on s.id = m.store_id
    join customer c on c.id = ${interaction.customerId}
    left join sales_appointment sa on sa.message_instance_id = m.id
    where m.id = ${q.messageId} and m.future_service_interaction_id = ${interaction.id} and m.message_type = 'CALENDAR_INVITE'`;
  const mismatch =
    (q.officeId !== undefined && q.officeId !== interaction.storeId) ||
    (q.companyId !== undefined && q.companyId !== interaction.companyId) ||
    (q.divisionId !== undefined && q.divisionId !== interaction.divisionId);
  if (!m || mismatch) throw new AppError('FORBIDDEN', INVALID_LINK_MESSAGE, [{ field: 'query.messageId', message: 'not this link’s meeting' }]);
  const end = m.endDate ?? (m.startTime ? new Date(m.startTime.getTime() + SALES_APPOINTMENT_MINUTES * 60_000) : null);
  return {
    messageId: m.id,
    title: m.title ?? (htmlToSmsText(m.content) || 'Appointment'),
    host: m.fromName ?? '',
    guest: m.toName ?? `${m.firstName} ${m.lastName}`.trim(),
    startTime: m.startTime?.toISOString() ?? null,
    endTime: end?.toISOString() ?? null,
    timeZone: m.zone,
    timezoneDisplay: m.zoneDisplay,
    storeName: m.storeName,
    storeAddress: m.address,
    storePhone: m.phone,
    divisionName: DIVISIONS.find((d) => d.id === interaction.divisionId)?.name ?? null,
    kind: KINDS[(q.type ?? '').toUpperCase()] ?? 'Meeting',
  };
}
