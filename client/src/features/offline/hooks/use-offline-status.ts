import { useEffect, useSyncExternalStore } from 'react';
import { useCollabConnection } from '../../../lib/collab/connection-status';
import type { OutboxEntry } from '../outbox/outbox-machine';
import { offlineSession, subscribeOfflineSession } from '../offline-session';
import { registerServiceWorker } from '../service-worker/register';

const NO_ENTRIES: OutboxEntry[] = [];

function subscribeNetwork(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The browser's own idea of the network (false means surely offline; true only "maybe"). */
export function useNetworkOnline(): boolean {
  return useSyncExternalStore(subscribeNetwork, () => navigator.onLine);
}

/** Every message of the signed-in user still on this device. */
export function useOutboxEntries(): OutboxEntry[] {
  return useSyncExternalStore(
    (listener) => {
      let stop = offlineSession()?.outbox.subscribe(listener) ?? (() => {});
      const stopSession = subscribeOfflineSession(() => {
        stop();
        stop = offlineSession()?.outbox.subscribe(listener) ?? (() => {});
        listener();
      });
      return () => {
        stop();
        stopSession();
      };
    },
    () => offlineSession()?.outbox.entries() ?? NO_ENTRIES,
  );
}

/**
 * Starts the offline layer for the signed-in app: the worker (registered from here, never from
 * public pages) and the user's outbox, which sends what an earlier session left.
 */
export function useOfflineStartup(): void {
  useEffect(() => {
    registerServiceWorker();
    offlineSession();
  }, []);
}

/** What the app bar shows. */
export type ConnectionView = {
  state: 'online' | 'syncing' | 'offline';
  /** Messages not yet accepted by the server (refused ones included: they wait for the user). */
  pending: number;
  refused: number;
};

/**
 * Offline when the browser says so or the sync socket dropped; syncing while the socket connects
 * or the outbox has something to send; online otherwise.
 */
export function connectionView(input: { networkOnline: boolean; socket: ReturnType<typeof useCollabConnection>['state']; entries: readonly OutboxEntry[] }): ConnectionView {
  const pending = input.entries.length;
  const refused = input.entries.filter((e) => e.state === 'refused').length;
  if (!input.networkOnline || input.socket === 'disconnected') return { state: 'offline', pending, refused };
  if (input.socket === 'connecting' || input.entries.some((e) => e.state !== 'refused')) return { state: 'syncing', pending, refused };
  return { state: 'online', pending, refused };
}

export function useConnectionView(): ConnectionView {
  const networkOnline = useNetworkOnline();
  const { state: socket } = useCollabConnection();
  const entries = useOutboxEntries();
  return connectionView({ networkOnline, socket, entries });
}
