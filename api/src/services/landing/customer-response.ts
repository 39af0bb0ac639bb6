import type { MessageType } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/** A customer's answer that reached the product through one of its pages rather than a carrier. */
export type CustomerResponse = {
  interactionId: number;
  storeId: number;
  customerId: number;
  messageType: Extract<MessageType, 'EMAIL' | 'DEALROOM_MESSAGE_RESPONSE'>;
  content: string;
  subject: string | null;
  from: string | null;
  fromName: string | null;
  to: string | null;
  toName: string | null;
  /** Whether somebody at the store should answer it (it then counts as waiting). */
  responseReqd: boolean;
  /** The same answer arriving twice (a reload, a second click) has the same id and is kept once. */
  clientMessageId: string;
};

/**
 * Stores the answer as a RECEIVED customer message and counts it the way an inbound text is
 * counted (inbound and unread counts, latest activity, reopening a closed conversation), inside
 * the caller's transaction. Returns null when this clientMessageId was already stored.
 */
export async function recordCustomerResponse(tx: Sql, r: CustomerResponse): Promise<number | null> {
  const [row] = await tx<{ id: number }[]>`
    with m as (
      insert into message_instance (future_service_interaction_id, store_id, customer_id, content, subject, from_address,
        from_name, to_address, to_name, direction, message_type, notification_type, "timestamp", message_status,
        client_message_id, response_reqd, read_status)
      values (${r.interactionId}, ${r.storeId}, ${r.customerId}, ${r.content}, ${r.subject}, ${r.from}, ${r.fromName},
        ${r.to}, ${r.toName}, 'RECEIVED', ${r.messageType}, 'MESSAGE_FROM_CUSTOMER', now(), 'received',
        ${r.clientMessageId}, ${r.responseReqd}, false)
      on conflict (client_message_id) do nothing
      returning id
    ), counted as (
      update future_service_interaction set
        total_inbound_count = total_inbound_count + 1,
        total_unread_count = total_unread_count + 1,
        last_message_received_date = now(),
        responded_to_ai = true,
        response_reqd = response_reqd or ${r.responseReqd},
        conv_closed = false,
        updated_on = now()
      where id = ${r.interactionId} and exists (select 1 from m)
    )
    select id from m`;
  return row?.id ?? null;
}

/** Plain text as an e-mail body: escaped, with its line breaks kept. */
export function textAsHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}
