import { describe, expect, it } from 'vitest';
import { getCollabConnection, reportSocketState, subscribeCollabConnection } from './connection-status';

describe('collab connection status', () => {
  it('counts a reconnect only when a socket that was connected comes back', () => {
    const seen: string[] = [];
    const stop = subscribeCollabConnection(() => seen.push(getCollabConnection().state));
    const start = getCollabConnection().reconnects;
    reportSocketState('connecting');
    reportSocketState('connected');
    expect(getCollabConnection().reconnects).toBe(start);
    reportSocketState('disconnected');
    reportSocketState('connecting');
    reportSocketState('connected');
    expect(getCollabConnection().reconnects).toBe(start + 1);
    // Closed on purpose, then opened afresh: a first connection, not a reconnect.
    reportSocketState('idle');
    reportSocketState('connecting');
    reportSocketState('connected');
    expect(getCollabConnection().reconnects).toBe(start + 1);
    reportSocketState('connected');
    stop();
    expect(seen).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected', 'idle', 'connecting', 'connected']);
  });
});
