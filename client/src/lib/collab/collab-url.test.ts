import { describe, expect, it } from 'vitest';
import { collabUrl } from './collab-url';

describe('collabUrl', () => {
  it('names the store for the proxy, on the page’s own host and scheme', () => {
    expect(collabUrl(7, { protocol: 'https:', host: 'drive.example.com' })).toBe('wss://drive.example.com/collab?store=7');
    expect(collabUrl(null, { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/collab');
  });
});
