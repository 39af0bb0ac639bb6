import { z } from 'zod';
import { MESSAGE_DIRECTIONS, MESSAGE_TYPES, NOTIFICATION_TYPES } from '../../codes';

const positiveId = z.coerce.number().int().positive();
const optionalText = z.string().max(1000).nullish();

/** Channels the send call accepts; calendar invites and the rest are created by other flows. */
export const SEND_MESSAGE_TYPES = ['SMS', 'EMAIL', 'INTERNAL_NOTES'] as const;
export type SendMessageType = (typeof SEND_MESSAGE_TYPES)[number];

/**
 * The body of `POST /api/svc-message-instance/svc-send-message` (spec §7), plus `clientMessageId`:
 * the client's id for this send, which makes a retry, a second tab or a second device a no-op.
 * Presence of subject and content is checked by the service so the spec's own messages come back.
 */
export const sendMessageSchema = z.object({
  /** The customer's id. */
  id: positiveId,
  jaguarFutureServiceInteractionId: positiveId,
  content: z.string().max(100_000).nullish(),
  subject: z.string().max(998).nullish(),
  from: optionalText,
  fromName: optionalText,
  to: optionalText,
  toName: optionalText,
  direction: z.literal('SEND').default('SEND'),
  startTime: z.string().max(64).nullish(),
  messageType: z.enum(SEND_MESSAGE_TYPES),
  notificationType: z.enum(['MESSAGE_TO_CUSTOMER', 'INTERNAL_NOTES']).default('MESSAGE_TO_CUSTOMER'),
  /** Pictures for an MMS: public http(s) addresses the carrier fetches. */
  mediaUrls: z.array(z.url({ protocol: /^https?$/ })).max(10).optional(),
  clientMessageId: z.uuid().optional(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** Every field of the spec's message instance (§3), as the thread and the send call return it. */
export const messageInstanceSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  subject: z.string().nullable(),
  from: z.string().nullable(),
  fromName: z.string().nullable(),
  to: z.string().nullable(),
  toName: z.string().nullable(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  messageType: z.enum(MESSAGE_TYPES),
  notificationType: z.enum(NOTIFICATION_TYPES).nullable(),
  createdOn: z.string(),
  timestamp: z.string().nullable(),
  archived: z.boolean(),
  /** The message before this one in the thread (null for the first). */
  lastMessageId: z.number().int().nullable(),
  messageStatus: z.string().nullable(),
  errors: z.array(z.string()),
  mediaUrls: z.array(z.string()),
  /** The first of mediaUrls, for views that show one picture. */
  mediaUrl: z.string().nullable(),
  messageResponseTime: z.string().nullable(),
  /** Seconds from the customer's message to the response (see Set Response Time). */
  mrt: z.number().int().nullable(),
  messageSentBy: z.string().nullable(),
  translationContent: z.string().nullable(),
  jaguarFutureServiceInteractionId: z.number().int(),
  responseReqd: z.boolean(),
  readStatus: z.boolean(),
  validLogMode: z.boolean().nullable(),
  isLogModeToBeSent: z.boolean(),
  appointmentId: z.number().int().nullable(),
  startTime: z.string().nullable(),
  doerProxyUserId: z.number().int().nullable(),
  title: z.string().nullable(),
  clientMessageId: z.string().nullable(),
  /** A call's length, for the call card. */
  callDurationSeconds: z.number().int().nullable().default(null),
  /** A call's recording (audio/mpeg), when one was kept. */
  recordingUrl: z.string().nullable().default(null),
});
export type MessageInstanceDto = z.infer<typeof messageInstanceSchema>;

/** The send call's answer: the notice and the message as stored (once per clientMessageId). */
export const sendMessageResponseSchema = z.object({ message: z.string(), messageInstance: messageInstanceSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** Body of the read marker and of its idle variant. */
export const readMarkerSchema = z.object({
  futureInteractionId: positiveId,
  lastMessageId: positiveId,
});
export type ReadMarker = z.infer<typeof readMarkerSchema>;

/** Body of `PUT /api/svc-message-instance/message-response-time`; presence checked by the service. */
export const messageResponseTimeSchema = z.object({
  id: positiveId,
  msgDateTime: z.string().max(32).nullish(),
});

/** A bare acknowledgement: the server's message, e.g. 'Successfully Updated'. */
export const successSchema = z.object({ message: z.string() });

/** The read marker's answer: where the user's reading now stands. */
export const readMarkerResultSchema = successSchema.extend({
  lastReadMessageId: z.number().int(),
  totalUnreadCount: z.number().int(),
});
export type ReadMarkerResult = z.infer<typeof readMarkerResultSchema>;

/** The answer of `PUT /api/svc-message-instance/message-response-time`: the time now on record. */
export const messageResponseTimeResultSchema = successSchema.extend({
  messageResponseTime: z.string(),
  mrt: z.number().int().nullable(),
});
