import { successSchema, type ReadMarker } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** PUT archive: answers 'Successfully Archived'. */
export function archiveMessage(messageId: number) {
  return apiRequest('/api/svc-message-instance/archive', {
    method: 'PUT',
    query: { message_instance_id: messageId },
    schema: successSchema,
  });
}

/** Sets when a message to the customer was really answered; `msgDateTime` is DD-MM-YYYY HH:mm:ss. */
export function setMessageResponseTime(messageId: number, msgDateTime: string) {
  return apiRequest('/api/svc-message-instance/message-response-time', {
    method: 'PUT',
    body: { id: messageId, msgDateTime },
    schema: successSchema,
  });
}

/**
 * The user has read the conversation up to `lastMessageId`. It runs in the background on opening a
 * conversation, so a failure is logged rather than shown.
 */
export function postReadMarker(marker: ReadMarker) {
  return apiRequest('/api/svc-message-instance/read-marker', {
    method: 'POST',
    body: marker,
    schema: successSchema,
    notify: false,
  });
}

/** At idle, the open conversation's responses are reported read before the session ends. */
export function postUnreadResponsesRead(marker: ReadMarker) {
  return apiRequest('/api/svc-message-instance/mark-unread-responses-read', {
    method: 'POST',
    body: marker,
    schema: successSchema,
    notify: false,
  });
}

/** Closes a conversation (it leaves the live inbox) or reopens it; answers 'Successfully Updated'. */
export function setConversationClosed(interactionId: number, convClosed: boolean) {
  return apiRequest('/api/future-service-interaction/update-conv-closed', {
    method: 'POST',
    query: { 'future-service-interaction-id': interactionId, convClosed: String(convClosed) },
    schema: successSchema,
  });
}
