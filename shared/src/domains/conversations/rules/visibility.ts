/**
 * Who sees which message and which per-message options (spec §6).
 */
import type { MessageDirection, MessageType, NotificationType, Role } from '../../../codes';
import { PATHS } from '../../auth/rules';
import { isFromCustomer, isHandoffNotification, isInternalNote, isToCustomer } from './message-kind';

const has = (roles: readonly Role[], role: Role) => roles.includes(role);
const isSuper = (roles: readonly Role[]) => has(roles, 'SUPER_DATA_ADMIN') || has(roles, 'SUPER_USER');

/** The message fields visibility depends on. */
export type VisibilityFields = {
  archived?: boolean | null;
  messageType: MessageType;
  notificationType?: NotificationType | null;
};

/**
 * Whether a user with `roles` sees a message in a conversation. Archived messages: only
 * SUPER_DATA_ADMIN. Internal notes: SUPER_DATA_ADMIN and SUPER_USER. Internal notifications
 * (INTERNAL_NOTIFICATION, INTERNAL_NOTIFICATION_GM): everyone, except INTERNAL-type ones and GM
 * notification emails, which only SUPER_DATA_ADMIN sees. Everything else, calls included
 * (CALL with type INTERNAL is not an internal notification), is visible to all.
 */
export function canSeeMessage(roles: readonly Role[], m: VisibilityFields): boolean {
  const dataAdmin = has(roles, 'SUPER_DATA_ADMIN');
  if (m.archived && !dataAdmin) return false;
  if (isInternalNote(m)) return isSuper(roles);
  if (isHandoffNotification(m)) {
    const gmEmail = m.notificationType === 'INTERNAL_NOTIFICATION_GM' && m.messageType === 'EMAIL';
    if (m.messageType === 'INTERNAL' || gmEmail) return dataAdmin;
  }
  return true;
}

/** Entries of the per-message options menu, in the order the menu lists them. */
export const MESSAGE_OPTIONS = [
  'ARCHIVE',
  'LOG_MODE',
  'SHOW_INTENTS',
  'DT',
  'ACTION_INTENTS',
  'DEFAULT_ACTION_INTENTS',
  'SET_RESPONSE_TIME',
] as const;
/** One entry of the per-message options menu. */
export type MessageOption = (typeof MESSAGE_OPTIONS)[number];

/** The message fields the options menu depends on; `hasNote` is true when a note is attached. */
export type OptionFields = {
  direction: MessageDirection;
  messageType: MessageType;
  notificationType?: NotificationType | null;
  hasNote?: boolean;
};

/**
 * The per-message options menu; empty unless the user is SUPER_DATA_ADMIN or SUPER_USER.
 * Handoff bubbles, notes and any message with a note attached offer Archive (notes can be
 * archived: archived notes get a grey header). Customer messages offer Archive
 * and, when the assistant feature is on, Log mode, Show Intents, DT (only for users allowed the
 * deal-room options), Action Intents and Default Action Intents (the intent forms belong
 * together). Messages to customers offer Archive and Set Response Time.
 */
export function messageOptions(roles: readonly Role[], m: OptionFields, features: { assistant: boolean }): MessageOption[] {
  if (!isSuper(roles)) return [];
  const options = new Set<MessageOption>();
  if (isHandoffNotification(m) || isInternalNote(m) || m.hasNote) options.add('ARCHIVE');
  if (isFromCustomer(m)) {
    options.add('ARCHIVE');
    if (features.assistant) {
      options.add('LOG_MODE').add('SHOW_INTENTS').add('ACTION_INTENTS').add('DEFAULT_ACTION_INTENTS');
      if (canUseDealRoomOptions(roles)) options.add('DT');
    }
  }
  if (isToCustomer(m)) options.add('ARCHIVE').add('SET_RESPONSE_TIME');
  return MESSAGE_OPTIONS.filter((o) => options.has(o));
}

/**
 * Whether the deal-room options (handoffs, DT) and the DT toggle show: the user must hold some
 * role other than ENTERPRISE_USER and some role other than OFFICE_USER. As written, a user
 * holding exactly those two roles passes (each is "another role" for the other check).
 */
export function canUseDealRoomOptions(roles: readonly Role[]): boolean {
  return roles.some((r) => r !== 'ENTERPRISE_USER') && roles.some((r) => r !== 'OFFICE_USER');
}

const RESPONSE_TIME_PATHS: readonly string[] = [PATHS.globalInbox, PATHS.maxResponseTime];

function onPage(pathname: string, page: string): boolean {
  return pathname === page || pathname.startsWith(`${page}/`);
}

/**
 * Whether response-time and sender-colour badges show. Always on the global inbox and the
 * max-response-time pages (and their sub-paths); elsewhere only for users holding no enterprise
 * role (ENTERPRISE_ADMIN, ENTERPRISE_USER) and no office role (OFFICE_MANAGER, OFFICE_USER), read
 * from the ENTERPRISE_ and OFFICE_ prefixes. A user with no roles at all gets none.
 */
export function showsResponseTimeBadges(roles: readonly Role[], pathname: string): boolean {
  if (RESPONSE_TIME_PATHS.some((page) => onPage(pathname, page))) return true;
  return roles.length > 0 && !roles.some((r) => r.startsWith('ENTERPRISE_') || r.startsWith('OFFICE_'));
}
