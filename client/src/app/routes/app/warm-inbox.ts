import type { UserData } from '@drivebay/shared';
import { inboxDocName } from '@drivebay/shared/docs';
import { prefetchOrgScope, scopePins } from '../../../features/org';
import { collabManager } from '../../../lib/collab';
import { getSession, setSelection } from '../../../lib/session/session-store';

/** How long the sign-in holds the inbox open for the screen to take it over. */
const HOLD_MS = 15_000;

/**
 * Right after the password check: starts loading the app bar's enterprise, BOC and store lists, and
 * for a user whose scope is one store takes the selection the scope pins (as the org selectors
 * would a moment later) and opens the store's inbox document. The lists, the socket, its
 * authentication and the first sync so run while the app's screens load rather than after their
 * first render. The inbox screen opens the same document (counted by reference) and shows its rows
 * as they arrive; the sign-in lets go of it after a while.
 */
export function warmInbox(user: UserData): void {
  if (getSession().user?.userMasterId !== user.userMasterId) return;
  const pins = scopePins(user);
  if (pins.storeId !== null && getSession().selection.storeId === null) setSelection(pins);
  prefetchOrgScope(user, getSession().selection);
  if (pins.storeId === null) return;
  const handle = collabManager().open(inboxDocName(pins.storeId));
  setTimeout(() => handle.release(), HOLD_MS);
}
