import { useSyncExternalStore } from 'react';

/**
 * The tab's sync socket as the app bar and the conversation screen see it. `idle`: no live
 * document is open, so there is no socket (a screen without an inbox or board).
 */
export type SocketState = 'idle' | 'connecting' | 'connected' | 'disconnected';

export type CollabConnection = {
  state: SocketState;
  /**
   * How often the socket came back after it had been connected and dropped. A screen that must
   * not act on stale data (the composer) waits for its own refetch when this changes.
   */
  reconnects: number;
};

type Listener = () => void;

let current: CollabConnection = { state: 'idle', reconnects: 0 };
let wasConnected = false;
const listeners = new Set<Listener>();

/** Records a change of the socket's state; called by the connection manager. */
export function reportSocketState(state: SocketState): void {
  if (state === current.state) return;
  const back = state === 'connected' && wasConnected;
  if (state === 'connected') wasConnected = true;
  // A socket closed on purpose (last document released, sign-out) starts a new life.
  if (state === 'idle') wasConnected = false;
  current = { state, reconnects: current.reconnects + (back ? 1 : 0) };
  for (const listener of [...listeners]) listener();
}

export function getCollabConnection(): CollabConnection {
  return current;
}

export function subscribeCollabConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The sync socket's state and its reconnect count, re-rendering on every change. */
export function useCollabConnection(): CollabConnection {
  return useSyncExternalStore(subscribeCollabConnection, getCollabConnection);
}
