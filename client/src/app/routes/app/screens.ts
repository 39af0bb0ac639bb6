// The signed-in app's first screens, loaded on demand. The login page starts loading them as soon
// as someone begins to sign in, so the inbox is ready when the password check answers.
export const loadAppRoot = () => import('../../app-root');
export const loadAppLayout = () => import('./app-layout');
export const loadLeadManager = () => import('./lead-manager');

let started = false;

/**
 * Fetches the app (its router and routes), the layout and the lead manager (where most roles land)
 * once; failures wait for the real load.
 */
export function preloadSignedInApp(): void {
  if (started) return;
  started = true;
  for (const load of [loadAppRoot, loadAppLayout, loadLeadManager]) load().catch(() => (started = false));
}
