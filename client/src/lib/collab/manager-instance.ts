import { PATHS } from '@drivebay/shared';
import { UNAUTHORIZED_RELOAD_DELAY_MS } from '../../config/constants';
import { replacePage } from '../browser';
import { getAuthToken, getSession, signOutLocally, subscribeSession } from '../session/session-store';
import { CollabManager } from './connection-manager';

/** The sync server's WebSocket path on this origin. */
export const COLLAB_PATH = '/collab';

let manager: CollabManager | null = null;
let managerUserId: number | null = null;
let ending = false;

function collabUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${COLLAB_PATH}`;
}

/**
 * The sync server refused the token: the session is over, handled as the API client handles a
 * 401 (spec §8): local storage cleared, /login, a fresh page after 300 ms.
 */
function endSession(): void {
  if (ending) return;
  ending = true;
  signOutLocally();
  setTimeout(() => {
    ending = false;
    replacePage(PATHS.login);
  }, UNAUTHORIZED_RELOAD_DELAY_MS);
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
      onUnauthorized: endSession,
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
