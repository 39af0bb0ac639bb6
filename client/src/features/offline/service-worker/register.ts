import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/** The worker's address; built by vite-plugin-pwa from service-worker/src/sw.ts into client/dist. */
export const SERVICE_WORKER_URL = '/sw.js';
// A long shift on one tab would otherwise never learn of a release.
const UPDATE_CHECK_INTERVAL_MS = 30 * 60_000;

type UpdateState = { waiting: boolean };
let state: UpdateState = { waiting: false };
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;
let started = false;
let reloadRequested = false;
// The new worker already controls this page (another tab let it take over first).
let takenOver = false;
// After the user asked, the page reloads even if the worker never reports taking over.
const RELOAD_FALLBACK_MS = 3_000;

function set(next: UpdateState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

/**
 * Registers the worker once per page, from the signed-in app only: the public lead forms never
 * load this code or the worker's precache of the whole app. A new worker waits until the user
 * agrees to reload (skipWaiting on consent), so a release never swaps code under a half-written
 * reply; the reply is safe in the drafts and the outbox anyway.
 */
export function registerServiceWorker(): void {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  // The development server builds no worker (vite-plugin-pwa's devOptions are off).
  if (!import.meta.env.PROD) return;
  void import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
      wb.addEventListener('waiting', () => set({ waiting: true }));
      wb.addEventListener('controlling', () => {
        takenOver = true;
        if (reloadRequested) window.location.reload();
      });
      workbox = wb;
      return wb.register().then(() => {
        const check = () => void wb.update().catch(() => {});
        setInterval(check, UPDATE_CHECK_INTERVAL_MS);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
      });
    })
    .catch((error: unknown) => console.info('The offline worker could not be registered; the app works online only', error));
}

/** Lets the waiting worker take over; the page reloads once it controls the page. */
export function applyUpdate(): void {
  reloadRequested = true;
  if (!workbox || takenOver) {
    window.location.reload();
    return;
  }
  workbox.messageSkipWaiting();
  setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
}

/** Whether a new version is installed and waiting for the user's go-ahead. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state.waiting,
  );
}
