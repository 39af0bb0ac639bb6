import {
  CALL_INVITE_ITEM_LABELS,
  callInviteKind,
  canSeeMessage,
  htmlToSmsText,
  type CallInvite,
  type CallInviteItem,
  type MessageDirection,
  type MessageType,
  type NotificationType,
  type SignedLinkQuery,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { openStaffLink } from './link-access';
import type { LinkSecretSource } from './link-tokens';

type Row = {
  id: number;
  content: string;
  title: string | null;
  direction: MessageDirection;
  messageType: MessageType;
  notificationType: NotificationType | null;
  archived: boolean;
  fromName: string | null;
  toName: string | null;
  createdOn: Date;
  startTime: Date | null;
  callDurationSeconds: number | null;
};

/**
 * The CUSTOMER CALL INVITE page: the customer, and the history of the conversation as the invited
 * user may see it, reduced to the kinds of item the page lists (internal notes stay out).
 */
export async function loadCallInvite(sql: Sql, secrets: LinkSecretSource, q: SignedLinkQuery): Promise<CallInvite> {
  const { interaction, user } = await openStaffLink(sql, secrets, 'CALL_INVITE', q);
  const [head] = await sql<{ firstName: string; lastName: string; cellular: string | null; storeName: string; storePhone: string | null; zone: string }[]>`
    select c.first_name, c.last_name, c.cellular, s.store_name, s.phone_number as store_phone, s.office_time_zone as zone
    from customer c, store s where c.id = ${interaction.customerId} and s.id = ${interaction.storeId}`;
  const rows = await sql<Row[]>`
    select id, content, title, direction, message_type, notification_type, archived, from_name, to_name, created_on, start_time,
      call_duration_seconds
    from message_instance where future_service_interaction_id = ${interaction.id}
    order by created_on desc, id desc`;
  const items: CallInviteItem[] = [];
  for (const m of rows) {
    const kind = callInviteKind(m);
    if (!kind || !canSeeMessage(user.roles, m)) continue;
    items.push({
      id: m.id,
      kind,
      label: CALL_INVITE_ITEM_LABELS[kind],
      title: m.title,
      text: htmlToSmsText(m.content),
      direction: m.direction,
      fromName: m.fromName,
      toName: m.toName,
      createdOn: m.createdOn.toISOString(),
      startTime: m.startTime?.toISOString() ?? null,
      durationSeconds: m.callDurationSeconds,
    });
  }
  const name = `${head?.firstName ?? ''} ${head?.lastName ?? ''}`.trim();
  return {
    interactionId: interaction.id,
    customerName: name || 'Customer',
    customerPhone: head?.cellular ?? null,
    storeName: head?.storeName ?? '',
    storePhone: head?.storePhone ?? null,
    timeZone: head?.zone ?? 'America/New_York',
    items,
  };
}
