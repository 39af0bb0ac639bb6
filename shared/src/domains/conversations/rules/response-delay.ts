/**
 * How long the latest message of a conversation has been waiting for the dealership, as a style
 * on the conversation's list row.
 */
import type { MessageDirection, MessageType, NotificationType } from '../../../codes';
import { businessInstant } from './business-clock';
import { isInternalNote } from './message-kind';

/** Waits from this long are shown as a three-minute delay (inclusive). */
export const THREE_MINUTES_MS = 3 * 60_000;
/** Waits longer than this are shown as a five-minute delay; exactly five is still three. */
export const FIVE_MINUTES_MS = 5 * 60_000;

/** The two delay styles, as the class names the list uses. */
export type ResponseDelayStyle = 'three-minutes-delay' | 'five-minutes-delay';

/** The latest-message fields the delay depends on. */
export type DelayMessage = {
  direction: MessageDirection;
  messageType: MessageType;
  notificationType?: NotificationType | null;
  createdOn: string;
};

/**
 * The delay style of a conversation by its latest message. Only a message awaiting the
 * dealership counts: one the customer sent (direction RECEIVED) or an internal note (a note
 * asks a colleague to act). Under 3 minutes no style, 3 to 5 minutes inclusive the three-minute
 * style, over 5 minutes the five-minute style. Times are read on the New York business clock
 * (see {@link businessInstant}); a timestamp that cannot be read, or one in the future, has no
 * style.
 */
export function responseDelayStyle(latest: DelayMessage | null, now: Date): ResponseDelayStyle | null {
  if (!latest) return null;
  if (latest.direction !== 'RECEIVED' && !isInternalNote(latest)) return null;
  const at = businessInstant(latest.createdOn);
  if (at === null) return null;
  const waited = now.getTime() - at;
  if (waited > FIVE_MINUTES_MS) return 'five-minutes-delay';
  if (waited >= THREE_MINUTES_MS) return 'three-minutes-delay';
  return null;
}
