import { endSessionAfterUnauthorized } from '../api-client';
import { getAuthToken, getSession, subscribeSession } from '../session/session-store';
import { CollabManager } from './connection-manager';
import { reportSocketState } from './connection-status';

/** The sync server's WebSocket path on this origin. */
export const COLLAB_PATH = '/collab';

let manager: CollabManager | null = null;
let managerUserId: number | null = null;

function collabUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${COLLAB_PATH}`;
}

/**
 * The tab's connection manager, for the signed-in user. Device copies are kept per user, so a
 * shared service-desk terminal never shows one person's cached inbox to the next.
 */
export function collabManager(): CollabManager {
  const userId = getSession().user?.userMasterId ?? null;
  if (manager && managerUserId !== userId) {
    manager.closeAll();
    manager = null;
  }
  if (!manager) {
    managerUserId = userId;
    manager = new CollabManager({
      url: collabUrl(),
      token: getAuthToken,
      storageName: (name) => (userId === null ? null : `drivebay:user:${userId}:${name}`),
      // The sync server refusing the token ends the session exactly as an API 401 does.
      onUnauthorized: endSessionAfterUnauthorized,
      onSocketState: reportSocketState,
    });
  }
  return manager;
}

// Signing out (or another user signing in) closes every document and the socket at once.
subscribeSession(() => {
  if (manager && (getSession().user?.userMasterId ?? null) !== managerUserId) {
    manager.closeAll();
    manager = null;
  }
});
