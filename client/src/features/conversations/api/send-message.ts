import { sendMessageResponseSchema, type SendMessage } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * Sends an SMS or e-mail, or stores an internal note. The caller shows the failure (spec §8 "Send
 * failure"), so the API client's generic notice is turned off here.
 */
export function sendMessage(body: SendMessage) {
  return apiRequest('/api/svc-message-instance/svc-send-message', {
    method: 'POST',
    body,
    schema: sendMessageResponseSchema,
    notify: false,
  });
}
