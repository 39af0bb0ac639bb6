import { AppError, type Role } from '@drivebay/shared';
import type { SessionUser } from '../auth/sessions';
import type { ServiceDeps } from './deps';
import { loadMessageForUser } from './interaction-access';

export const ARCHIVE_SUCCESS = 'Successfully Archived';

/** The per-message options menu (Archive, Set Response Time) belongs to these roles only (§6). */
export const MESSAGE_OPTION_ROLES: readonly Role[] = ['SUPER_DATA_ADMIN', 'SUPER_USER'];

export function assertMessageOptions(user: SessionUser): void {
  if (!user.roles.some((r) => MESSAGE_OPTION_ROLES.includes(r))) {
    throw new AppError('FORBIDDEN', 'Only a super data admin or a super user can change a message');
  }
}

/** Archives a message (idempotent: archiving an archived message succeeds again). */
export async function archiveMessage(deps: ServiceDeps, user: SessionUser, messageId: number): Promise<{ message: string }> {
  assertMessageOptions(user);
  const m = await loadMessageForUser(deps.sql, user, messageId, 'query.message_instance_id');
  await deps.sql`update message_instance set archived = true where id = ${m.id}`;
  deps.notifier.interactionsChanged(m.storeId, [m.futureServiceInteractionId]);
  return { message: ARCHIVE_SUCCESS };
}
