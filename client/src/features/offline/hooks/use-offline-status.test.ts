// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../outbox/outbox-machine';
import { indicatorText } from '../components/connection-indicator';
import { connectionView } from './use-offline-status';

const entry = (state: OutboxEntry['state']) => ({ state }) as OutboxEntry;

describe('connectionView', () => {
  it('is offline when the browser or the sync socket says so, whatever waits', () => {
    expect(connectionView({ networkOnline: false, socket: 'connected', entries: [] })).toEqual({ state: 'offline', pending: 0, refused: 0 });
    expect(connectionView({ networkOnline: true, socket: 'disconnected', entries: [entry('queued')] })).toEqual({ state: 'offline', pending: 1, refused: 0 });
  });

  it('is syncing while connecting or while the outbox has something to send', () => {
    expect(connectionView({ networkOnline: true, socket: 'connecting', entries: [] }).state).toBe('syncing');
    expect(connectionView({ networkOnline: true, socket: 'connected', entries: [entry('sending')] }).state).toBe('syncing');
    // A screen without live documents has no socket: the outbox alone decides.
    expect(connectionView({ networkOnline: true, socket: 'idle', entries: [entry('queued')] }).state).toBe('syncing');
  });

  it('is online when connected and only refused messages (waiting for the user) remain', () => {
    expect(connectionView({ networkOnline: true, socket: 'connected', entries: [entry('refused')] })).toEqual({ state: 'online', pending: 1, refused: 1 });
    expect(connectionView({ networkOnline: true, socket: 'idle', entries: [] }).state).toBe('online');
  });
});

describe('indicatorText', () => {
  it('counts what waits to be sent and what the server refused', () => {
    expect(indicatorText({ state: 'offline', pending: 5, refused: 0 }).label).toBe('Offline · 5 to send');
    expect(indicatorText({ state: 'online', pending: 2, refused: 2 }).label).toBe('Online · 2 not sent');
    expect(indicatorText({ state: 'syncing', pending: 3, refused: 1 }).label).toBe('Syncing · 2 to send · 1 not sent');
    expect(indicatorText({ state: 'online', pending: 0, refused: 0 })).toEqual({ label: 'Online', title: 'Connected; everything on this device has reached the server.' });
  });
});
