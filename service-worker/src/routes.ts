/**
 * What the worker decides about a request, kept apart from sw.ts (which registers routes as it is
 * loaded) so it can be tested on its own.
 */

/** Runtime caches start with this; the page deletes them by it too (features/offline). */
export const RUNTIME_CACHE_PREFIX = 'drivebay-runtime';
/** The message the page sends when the session ends. */
export const CLEAR_RUNTIME_CACHES = 'CLEAR_RUNTIME_CACHES';

/**
 * Paths the server answers itself: never the app's page, also when the network is down. Mirrors
 * SERVER_PREFIXES in api/src/app.ts (`/leadmanager/get…` are API calls, the rest of
 * `/leadmanager` is the app; `/templates` is a page, `/template/…` the API).
 */
export const SERVER_PATHS: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/user(\/|$)/,
  /^\/collab(\/|$)/,
  /^\/bridge(\/|$)/,
  /^\/leadmanager\/get/,
  /^\/servicedealroom\//,
  /^\/template(\/|Custom|DynamicParts\/)/,
];

/** The reads the offline screens make: the inbox's org selectors, the user, a conversation and its thread. */
export function isOfflineRead(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  const path = url.pathname;
  return (
    path === '/api/future-service-interaction' ||
    path === '/api/svc-message-instance/conversation-history' ||
    path === '/user/me' ||
    path === '/api/enterprise' ||
    path.startsWith('/api/enterprise/')
  );
}

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The cache key of an API answer: its URL (query included) and a hash of the session token that
 * asked for it, so one session never reads another's answers even if a sign-out's clearing was
 * missed (a crash, a page closed mid-way). The token itself is not stored.
 */
export async function sessionCacheKey(url: string, authorization: string | null): Promise<string> {
  const key = new URL(url);
  const session = authorization ? hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization))).slice(0, 32) : 'none';
  key.searchParams.set('__session', session);
  return key.href;
}
