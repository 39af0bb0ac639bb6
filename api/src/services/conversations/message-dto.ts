import type { MessageDirection, MessageType, NotificationType } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { MessageInstanceDto } from './schemas';

/** A message_instance row as the queries below return it (camelCased by the driver). */
export type MessageRow = {
  id: number;
  futureServiceInteractionId: number;
  storeId: number;
  customerId: number | null;
  content: string;
  subject: string | null;
  fromAddress: string | null;
  fromName: string | null;
  toAddress: string | null;
  toName: string | null;
  direction: MessageDirection;
  messageType: MessageType;
  notificationType: NotificationType | null;
  createdOn: Date;
  timestamp: Date | null;
  archived: boolean;
  messageStatus: string | null;
  errors: unknown;
  mediaUrls: string[];
  messageResponseTime: Date | null;
  mrt: number | null;
  messageSentBy: string | null;
  translationContent: string | null;
  responseReqd: boolean;
  readStatus: boolean;
  validLogMode: boolean | null;
  isLogModeToBeSent: boolean;
  appointmentId: number | null;
  startTime: Date | null;
  doerProxyUserId: number | null;
  title: string | null;
  clientMessageId: string | null;
  callDurationSeconds: number | null;
  recordingUrl: string | null;
  carrierMessageId: string | null;
  lastMessageId: number | null;
};

/**
 * The columns of a message plus `last_message_id`, the message before it in its thread. Use as
 * `select ${messageColumns(sql)} from message_instance m where ...`. A query reading a whole thread
 * passes `thread: true` and gets it from a window over the rows it reads instead of one lookup each.
 */
export const messageColumns = (sql: Sql, opts: { thread?: boolean } = {}) => sql`
  m.id, m.future_service_interaction_id, m.store_id, m.customer_id, m.content, m.subject, m.from_address, m.from_name,
  m.to_address, m.to_name, m.direction, m.message_type, m.notification_type, m.created_on, m."timestamp", m.archived,
  m.message_status, m.errors, m.media_urls, m.message_response_time, m.mrt, m.message_sent_by, m.translation_content,
  m.response_reqd, m.read_status, m.valid_log_mode, m.is_log_mode_to_be_sent, m.appointment_id, m.start_time,
  m.doer_proxy_user_id, m.title, m.client_message_id, m.carrier_message_id, m.call_duration_seconds, m.recording_url,
  ${opts.thread ? sql`lag(m.id) over (partition by m.future_service_interaction_id order by m.created_on, m.id)` : sql`(
    select p.id from message_instance p
    where p.future_service_interaction_id = m.future_service_interaction_id
      and (p.created_on, p.id) < (m.created_on, m.id)
    order by p.created_on desc, p.id desc limit 1)`} as last_message_id`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Errors are stored as display texts; older rows may hold objects with a message. */
function errorTexts(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => (typeof e === 'string' ? e : typeof e === 'object' && e && 'message' in e ? String(e.message) : JSON.stringify(e)));
}

/** The wire shape of §3 "Message instance". */
export function toMessageDto(m: MessageRow): MessageInstanceDto {
  return {
    id: m.id,
    content: m.content,
    subject: m.subject,
    from: m.fromAddress,
    fromName: m.fromName,
    to: m.toAddress,
    toName: m.toName,
    direction: m.direction,
    messageType: m.messageType,
    notificationType: m.notificationType,
    createdOn: m.createdOn.toISOString(),
    timestamp: iso(m.timestamp),
    archived: m.archived,
    lastMessageId: m.lastMessageId,
    messageStatus: m.messageStatus,
    errors: errorTexts(m.errors),
    mediaUrls: m.mediaUrls ?? [],
    mediaUrl: m.mediaUrls?.[0] ?? null,
    messageResponseTime: iso(m.messageResponseTime),
    mrt: m.mrt,
    messageSentBy: m.messageSentBy,
    translationContent: m.translationContent,
    jaguarFutureServiceInteractionId: m.futureServiceInteractionId,
    responseReqd: m.responseReqd,
    readStatus: m.readStatus,
    validLogMode: m.validLogMode,
    isLogModeToBeSent: m.isLogModeToBeSent,
    appointmentId: m.appointmentId,
    startTime: iso(m.startTime),
    doerProxyUserId: m.doerProxyUserId,
    title: m.title,
    clientMessageId: m.clientMessageId,
    callDurationSeconds: m.callDurationSeconds,
    recordingUrl: m.recordingUrl,
  };
}
