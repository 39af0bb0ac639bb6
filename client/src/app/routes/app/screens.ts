import type { UserData } from '@drivebay/shared';
import { preloadable } from '../../../lib/preloadable';

// The signed-in app's first screens, loaded on demand. The login page starts loading them as soon
// as someone begins to sign in, so the inbox is ready when the password check answers.
export const appRootScreen = preloadable(() => import('../../app-root'));
export const appLayoutScreen = preloadable(() => import('./app-layout'));
export const leadManagerScreen = preloadable(() => import('./lead-manager'));
export const loadInboxWarmUp = () => import('./warm-inbox');

let started = false;

/**
 * Fetches the app (its router and routes), the layout, the lead manager (where most roles land)
 * and the inbox warm-up once; failures wait for the real load.
 */
export function preloadSignedInApp(): void {
  if (started) return;
  started = true;
  for (const load of [appRootScreen.preload, appLayoutScreen.preload, leadManagerScreen.preload, loadInboxWarmUp]) load().catch(() => (started = false));
}

/** After the password check: the inbox starts syncing while the app renders (see warm-inbox.ts). */
export function warmUpAfterSignIn(user: UserData): void {
  loadInboxWarmUp().then(
    (m) => m.warmInbox(user),
    () => undefined,
  );
}
