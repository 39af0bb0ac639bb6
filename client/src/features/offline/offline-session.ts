// The socket's state only: the sync client itself loads with the screens that open documents.
import { getCollabConnection, subscribeCollabConnection } from '../../lib/collab/connection-status';
import { getSession, subscribeSession } from '../../lib/session/session-store';
import { beforeIdleSignOut } from '../../lib/before-idle-sign-out';
import { MemoryDb } from './db/memory-db';
import { KEY_PATHS, OfflineDb, offlineDbName, type KeyValueDb } from './db/offline-db';
import { fetchDraft, storeDraft } from './drafts/drafts-api';
import { Drafts } from './drafts/drafts';
import { browserOutbox } from './outbox/browser-outbox';
import type { Outbox } from './outbox/outbox';
import { clearRuntimeCaches } from './service-worker/runtime-caches';

/** The signed-in user's outbox and drafts in this tab. */
export type OfflineSession = { userId: number; outbox: Outbox; drafts: Drafts };

let current: (OfflineSession & { db: KeyValueDb; stop: () => void }) | null = null;
let currentUserId: number | null = getSession().user?.userMasterId ?? null;
const listeners = new Set<() => void>();

function openDb(userId: number): KeyValueDb {
  if (typeof indexedDB !== 'undefined') return new OfflineDb(offlineDbName(userId));
  console.info('This browser offers no IndexedDB: unsent messages and drafts are kept only while this tab is open.');
  return new MemoryDb(KEY_PATHS);
}

function start(userId: number): OfflineSession & { db: KeyValueDb; stop: () => void } {
  const db = openDb(userId);
  const outbox = browserOutbox(userId, db);
  const drafts = new Drafts(db, { fetch: (id) => fetchDraft(id), store: (draft) => storeDraft(draft) });
  // Everything that says "the network may be back" sends what waits, without waiting out backoff.
  const catchUp = () => {
    void outbox.flush({ force: true });
    drafts.syncPending().catch((error: unknown) => console.error('Sending the drafts failed', error));
  };
  let reconnects = getCollabConnection().reconnects;
  const stopCollab = subscribeCollabConnection(() => {
    const now = getCollabConnection();
    if (now.reconnects !== reconnects) {
      reconnects = now.reconnects;
      catchUp();
    }
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void outbox.flush();
  };
  window.addEventListener('online', catchUp);
  document.addEventListener('visibilitychange', onVisible);
  // Before an idle sign-out wipes the device, whatever can still be sent is sent.
  const stopIdle = beforeIdleSignOut(() => outbox.flush({ force: true }));
  // The app started (or this user signed in): send what an earlier session left.
  catchUp();
  return {
    userId,
    outbox,
    drafts,
    db,
    stop: () => {
      stopCollab();
      stopIdle();
      window.removeEventListener('online', catchUp);
      document.removeEventListener('visibilitychange', onVisible);
      outbox.close();
      drafts.close();
      db.close();
    },
  };
}

/** The signed-in user's offline session, started on first use; null when nobody is signed in. */
export function offlineSession(): OfflineSession | null {
  const userId = getSession().user?.userMasterId ?? null;
  if (userId === null) return null;
  if (current && current.userId !== userId) {
    current.stop();
    current = null;
  }
  current ??= start(userId);
  return current;
}

/** Told when the session's user changes (signed out, or someone else signed in). */
export function subscribeOfflineSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Signing out (by hand, at idle, on a 401, or in another tab) ends this user's offline session
// and forgets the API answers the worker kept for offline reading.
subscribeSession(() => {
  const userId = getSession().user?.userMasterId ?? null;
  if (userId === currentUserId) return;
  const previous = currentUserId;
  currentUserId = userId;
  if (current && current.userId !== userId) {
    current.stop();
    current = null;
  }
  if (previous !== null) void clearRuntimeCaches().catch((error: unknown) => console.error('Clearing the offline caches failed', error));
  for (const listener of [...listeners]) listener();
});
