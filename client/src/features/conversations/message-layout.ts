import { isInternalNote, type MessageType, type NotificationType } from '@drivebay/shared';

/** Which view a message of the thread is drawn with (spec §2 "Message views"). */
export type BubbleKind = 'note' | 'handoff' | 'task' | 'invite' | 'calendar' | 'call' | 'email' | 'sms';

type Kinded = { messageType: MessageType; notificationType: NotificationType | null };

/** The view of a message: the notification type decides, then the channel. */
export function bubbleKind(m: Kinded): BubbleKind {
  if (isInternalNote(m)) return 'note';
  switch (m.notificationType) {
    case 'INTERNAL_NOTIFICATION':
    case 'INTERNAL_NOTIFICATION_GM':
      return 'handoff';
    case 'SCHEDULE_INTERNAL_TASK':
      return 'task';
    case 'USER_INVITE':
    case 'DEALROOM_MESSAGE_RESPONSE':
      return 'invite';
    case 'SCHEDULE_APPOINTMENT':
      return 'calendar';
    case 'CALL':
    case 'VOICEMAIL_LEFT':
      return 'call';
    default:
      break;
  }
  if (m.messageType === 'CALENDAR_INVITE') return 'calendar';
  if (m.messageType === 'DEALROOM_MESSAGE_RESPONSE') return 'invite';
  return m.messageType === 'EMAIL' ? 'email' : 'sms';
}

/** The handoff titles the product writes on its notices. */
export const HANDOFF_TITLES = ['GM HANDOFF', 'GM HANDOFF II', 'MD HANDOFF', 'Customer HANDOFF'] as const;

/**
 * A handoff bubble's title: the message's own title when it carries one, else by kind (a GM
 * notification is a GM handoff; any other handoff was asked for by the customer).
 */
export function handoffTitle(m: { title: string | null; notificationType: NotificationType | null }): string {
  const title = m.title?.trim();
  if (title) return title;
  return m.notificationType === 'INTERNAL_NOTIFICATION_GM' ? 'GM HANDOFF' : 'Customer HANDOFF';
}

/** A call's duration as hours, minutes and seconds: '45s', '2m 05s', '1h 00m 12s'. */
export function formatCallDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}
