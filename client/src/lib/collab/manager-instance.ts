import { endSessionAfterUnauthorized } from '../api-client';
import { getAuthToken, getSession, subscribeSession } from '../session/session-store';
import { collabUrl } from './collab-url';
import { CollabManager } from './connection-manager';
import { reportSocketState } from './connection-status';


let manager: CollabManager | null = null;
let managerUserId: number | null = null;

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
      url: collabUrl(getSession().selection.storeId),
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
