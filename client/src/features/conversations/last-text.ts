import type { ThreadMessage } from './api';

const FAILED = new Set(['failed', 'undelivered']);

/**
 * Whether the newest text the store sent the customer failed (the carrier refused it or could not
 * deliver it). The customer's own later texts do not change that: the number still failed us.
 */
export function lastTextFailed(messages: readonly Pick<ThreadMessage, 'direction' | 'messageType' | 'messageStatus' | 'archived'>[]): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.archived || m.messageType !== 'SMS' || m.direction === 'RECEIVED') continue;
    return FAILED.has(m.messageStatus ?? '');
  }
  return false;
}
