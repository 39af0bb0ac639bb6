import type { UserData } from '@drivebay/shared';
import { inboxDocName } from '@drivebay/shared/docs';
import { scopePins } from '../../../features/org';
import { collabManager } from '../../../lib/collab';
import { getSession, setSelection } from '../../../lib/session/session-store';

/** How long the sign-in holds the inbox open for the screen to take it over. */
const HOLD_MS = 15_000;

/**
 * Right after the password check, for a user whose scope is one store: takes the selection the
 * scope pins (as the org selectors would a moment later) and opens the store's inbox document, so
 * the socket, its authentication and the first sync run while the app's screens render rather
 * than after them. The inbox screen opens the same document (counted by reference) and shows its
 * rows as they arrive; the sign-in lets go of it after a while.
 */
export function warmInbox(user: UserData): void {
  const pins = scopePins(user);
  if (pins.storeId === null || getSession().user?.userMasterId !== user.userMasterId) return;
  if (getSession().selection.storeId === null) setSelection(pins);
  const handle = collabManager().open(inboxDocName(pins.storeId));
  setTimeout(() => handle.release(), HOLD_MS);
}
