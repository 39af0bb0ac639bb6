import type { Extension, onAwarenessUpdatePayload } from '@hocuspocus/server';
import { removeAwarenessStates } from 'y-protocols/awareness';
import { presenceName } from '@drivebay/shared/docs';
import type { SyncContext } from '../context';
import { createConsoleLogger, type Logger } from '../logger';

/**
 * Presence (who has a conversation open, who is typing) travels in awareness, which clients write.
 * A state that names a person must name the one signed in on the connection that sent it: one that
 * claims someone else is removed for everyone, so nobody can appear as a colleague.
 */
export class PresenceGuard implements Extension<SyncContext> {
  private readonly logger: Logger;

  constructor(options: { logger?: Logger } = {}) {
    this.logger = options.logger ?? createConsoleLogger('warn');
  }

  async onAwarenessUpdate({ connection, awareness, added, updated, documentName }: onAwarenessUpdatePayload<SyncContext>): Promise<void> {
    const user = connection?.context?.user;
    if (!user) return;
    const expected = { id: user.userId, name: presenceName(user) };
    const forged: number[] = [];
    for (const clientId of [...added, ...updated]) {
      const state = awareness.getStates().get(clientId) as { user?: { id?: unknown; name?: unknown } } | undefined;
      const claimed = state?.user;
      if (claimed === undefined) continue;
      if (claimed?.id !== expected.id || claimed?.name !== expected.name) forged.push(clientId);
    }
    if (forged.length === 0) return;
    this.logger.warn({ documentName, userId: user.userId, clientIds: forged }, 'removed presence claiming another person');
    removeAwarenessStates(awareness, forged, 'presence-guard');
  }
}
