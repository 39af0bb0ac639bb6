import type { Sql } from '@drivebay/api';
import type { MessageDirection, MessageType, ServiceType } from '@drivebay/shared';
import { htmlToSmsText } from '@drivebay/shared';
import { inboxRowSchema, messagePreview, type InboxRow } from '@drivebay/shared/docs';

/** What the list shows for a conversation whose latest message is an internal note. */
export const INTERNAL_NOTE_PREVIEW = 'Internal note';
import type { Logger } from '../logger';

type InboxRecord = {
  interactionId: number;
  storeId: number;
  serviceType: ServiceType;
  totalInboundCount: number;
  totalUnreadCount: number;
  responseReqd: boolean;
  aiEnabled: boolean;
  convClosed: boolean;
  appointmentSet: boolean;
  lastMessageReceivedDate: Date | null;
  updatedOn: Date;
  customerId: number;
  firstName: string;
  lastName: string;
  cellular: string | null;
  email: string | null;
  custno: string;
  vehicleId: number | null;
  make: string | null;
  model: string | null;
  year: number | null;
  vin: string | null;
  messageId: number | null;
  messageContent: string | null;
  messageCreatedOn: Date | null;
  messageDirection: MessageDirection | null;
  messageType: MessageType | null;
  messageStatus: string | null;
  marks: string[];
};

// Enough text for any preview; the full body of a long e-mail is not worth reading here.
const CONTENT_READ_LIMIT = 2000;

/**
 * The text of a message body. Only a body with markup or entities goes through the HTML
 * converter, which costs tens of microseconds a row against next to nothing for the test: most
 * bodies are texts, and the inbox of a store is recomputed whenever it loads.
 */
function plainText(content: string): string {
  return /[<&]/.test(content) ? htmlToSmsText(content) : content;
}

function toRow(r: InboxRecord): unknown {
  return {
    interactionId: r.interactionId,
    storeId: r.storeId,
    serviceType: r.serviceType,
    customer: {
      id: r.customerId,
      firstName: r.firstName,
      lastName: r.lastName,
      cellular: r.cellular,
      email: r.email,
      custno: r.custno,
    },
    vehicle: r.vehicleId === null ? null : { id: r.vehicleId, make: r.make, model: r.model, year: r.year, vin: r.vin },
    latestMessage:
      r.messageId === null
        ? null
        : {
            id: r.messageId,
            // Every user of the store receives the row, so an internal note shows as such, not
            // its text (only some roles may read notes); email and notes are HTML.
            content:
              r.messageType === 'INTERNAL_NOTES' ? INTERNAL_NOTE_PREVIEW : messagePreview(plainText(r.messageContent ?? '')),
            createdOn: r.messageCreatedOn?.toISOString(),
            direction: r.messageDirection,
            messageType: r.messageType,
            messageStatus: r.messageStatus ?? null,
          },
    lastMessageReceivedDate: r.lastMessageReceivedDate?.toISOString() ?? null,
    totalInboundCount: r.totalInboundCount,
    totalUnreadCount: r.totalUnreadCount,
    responseReqd: r.responseReqd,
    aiEnabled: r.aiEnabled,
    marks: r.marks,
    convClosed: r.convClosed,
    appointmentSet: r.appointmentSet,
    updatedOn: r.updatedOn.toISOString(),
  };
}

/**
 * Inbox rows of one store, computed from PostgreSQL: every active interaction, or, when
 * `interactionIds` is given, exactly those interactions of the store whether active or closed (so
 * the caller can drop the closed ones). The latest message is the newest one a customer could
 * see: INTERNAL messages never surface in the list.
 *
 * A record that does not make a valid row is logged and left out rather than failing the whole
 * inbox: one odd row must not keep a store's advisors from opening their inbox.
 */
export async function queryInboxRows(
  sql: Sql,
  opts: { storeId: number; interactionIds?: readonly number[]; logger: Logger },
): Promise<InboxRow[]> {
  const { storeId, interactionIds, logger } = opts;
  if (interactionIds && interactionIds.length === 0) return [];
  // One statement text whatever the number of ids, so it is prepared once.
  const which = interactionIds ? sql`f.id = any(${[...interactionIds]}::bigint[])` : sql`not f.conv_closed`;
  const records = await sql<InboxRecord[]>`
    select f.id as interaction_id, f.store_id, f.service_type, f.total_inbound_count, f.total_unread_count,
      f.response_reqd, f.ai_enabled, f.conv_closed, f.appointment_set, f.last_message_received_date, f.updated_on,
      c.id as customer_id, c.first_name, c.last_name, c.cellular, c.email, c.custno,
      v.id as vehicle_id, v.make, v.model, v.year, v.vin,
      m.id as message_id, m.content as message_content, m.created_on as message_created_on,
      m.direction as message_direction, m.message_type, m.message_status,
      coalesce((
        select array_agg(k.intent_type order by k.intent_type) from mark k
        where k.target = 'FUTURE_SERVICE_INTERACTION' and k.future_service_interaction_id = f.id
      ), '{}') as marks
    from future_service_interaction f
    join customer c on c.id = f.customer_id
    left join service_vehicle v on v.id = f.service_vehicle_id
    left join lateral (
      select mi.id, left(mi.content, ${CONTENT_READ_LIMIT}) as content, mi.created_on, mi.direction, mi.message_type,
        mi.message_status
      from message_instance mi
      where mi.future_service_interaction_id = f.id and mi.message_type <> 'INTERNAL' and not mi.archived
      order by mi.created_on desc, mi.id desc
      limit 1
    ) m on true
    where f.store_id = ${storeId} and ${which}`;
  const rows: InboxRow[] = [];
  for (const record of records) {
    const parsed = inboxRowSchema.safeParse(toRow(record));
    if (parsed.success) rows.push(parsed.data);
    else logger.error({ storeId, interactionId: record.interactionId, issues: parsed.error.issues }, 'interaction does not make a valid inbox row');
  }
  return rows;
}
