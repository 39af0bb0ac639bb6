/**
 * The worker keeps API reads for offline screens in caches named with this prefix; the app
 * shell's precache is left alone: it holds no user data. Both names are the worker's
 * (service-worker/src/routes.ts), repeated here because the page does not import the worker.
 */
export const RUNTIME_CACHE_PREFIX = 'drivebay-runtime';
/** The message the worker answers by deleting its runtime caches. */
export const CLEAR_RUNTIME_CACHES = 'CLEAR_RUNTIME_CACHES';

/**
 * Forgets every API answer kept for offline reading: on sign-out, at idle and when another user
 * signs in, so the next person on a shared tablet never reads the last one's conversations. Done
 * from the page (Cache Storage is the same for both) and by the worker, which also drops answers
 * still on their way into the cache.
 */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
    for (const worker of [navigator.serviceWorker.controller, registration?.active, registration?.waiting]) worker?.postMessage({ type: CLEAR_RUNTIME_CACHES });
  }
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(RUNTIME_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
