/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CLEAR_RUNTIME_CACHES, RUNTIME_CACHE_PREFIX, SERVER_PATHS, isOfflineRead, sessionCacheKey } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/**
 * Drivebay's service worker: the app shell from the precache (so the installed app starts without
 * a network), the API reads the offline screens need from a runtime cache, and page addresses
 * answered with the app's index.html. Messages are never sent from here: the outbox lives in the
 * page (IndexedDB + Web Lock), where it can show its state and hold a session.
 */

const API_CACHE = `${RUNTIME_CACHE_PREFIX}-api`;

// On flaky Wi-Fi a request can hang for a long time before it fails; past this the cached answer
// is shown and the network's answer, when it comes, refreshes the cache for next time.
const NETWORK_TIMEOUT_SECONDS = 5;
// Enough for the org selectors, the user and the recently opened conversations (record + thread).
const MAX_CACHED_ANSWERS = 300;
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once, so the reads of the first session are cached for
// an offline start. Later versions wait for the user's "Reload" (SKIP_WAITING below).
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...SERVER_PATHS] }));

// Each answer is kept per URL and per session (see sessionCacheKey).
const perSession: WorkboxPlugin = {
  cacheKeyWillBeUsed: ({ request }) => sessionCacheKey(request.url, request.headers.get('authorization')),
};

registerRoute(
  ({ url, request }) => request.method === 'GET' && isOfflineRead(url, self.location.origin),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [perSession, new ExpirationPlugin({ maxEntries: MAX_CACHED_ANSWERS, maxAgeSeconds: MAX_AGE_SECONDS, purgeOnQuotaError: true })],
  }),
);

async function clearRuntimeCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(RUNTIME_CACHE_PREFIX)).map((name) => caches.delete(name)));
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // workbox-window's messageSkipWaiting(): the user pressed "Reload" on the update prompt.
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Sign-out or idle clear-down in the page.
  if (type === CLEAR_RUNTIME_CACHES) event.waitUntil(clearRuntimeCaches());
});
