import { dealRoomTarget, homePathFor, type UserData } from '@drivebay/shared';

/**
 * The history state /login is opened with when a logged-out visitor is sent there: the query of the
 * address they asked for. History state survives a reload of the login page and stays with that one
 * history entry, so a deal-room link is resumed after this login and never after a later one.
 */
export type LoginRedirectState = { resume: string };

export function loginRedirectState(search: string): LoginRedirectState | undefined {
  return search ? { resume: search } : undefined;
}

function resumedSearch(state: unknown): string {
  if (state && typeof state === 'object' && 'resume' in state && typeof state.resume === 'string') return state.resume;
  return '';
}

/**
 * Where a signed-in user belongs when they land on a page that is not theirs (/login, /, /layout):
 * a deal-room link in the address, or in the address that sent them to /login, wins over the home
 * page of their first role.
 */
export function landingPathFor(user: UserData, search: string, historyState: unknown = null): string {
  return dealRoomTarget(search) ?? dealRoomTarget(resumedSearch(historyState)) ?? homePathFor(user);
}
