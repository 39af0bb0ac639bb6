import { dealRoomTarget, homePathFor, type UserData } from '@drivebay/shared';

/**
 * The history state /login is opened with when a logged-out visitor is sent there: the query of the
 * address they asked for, and the app address itself when it was one behind the login. History state
 * survives a reload of the login page and stays with that one history entry, so the address is
 * resumed after this login and never after a later one.
 */
export type LoginRedirectState = { resume: string; from?: string };

export function loginRedirectState(search: string, from?: string): LoginRedirectState | undefined {
  if (from && isSameAppPath(from)) return { resume: search, from };
  return search ? { resume: search } : undefined;
}

// Only a path of this app may be resumed: an address like '//elsewhere' or 'https:' would lead away.
function isSameAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

function resumedSearch(state: unknown): string {
  if (state && typeof state === 'object' && 'resume' in state && typeof state.resume === 'string') return state.resume;
  return '';
}

function resumedPath(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' && isSameAppPath(state.from)) return state.from;
  return null;
}

/**
 * Where a signed-in user belongs when they land on a page that is not theirs (/login, /, /layout):
 * a deal-room link in the address, or in the address that sent them to /login, wins; then the app
 * address they asked for before signing in; a plain login goes to the home page of their first role.
 */
export function landingPathFor(user: UserData, search: string, historyState: unknown = null): string {
  return dealRoomTarget(search) ?? dealRoomTarget(resumedSearch(historyState)) ?? resumedPath(historyState) ?? homePathFor(user);
}
