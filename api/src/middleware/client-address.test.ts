import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestDatabase } from '../db/testing';
import type { Database } from '../db/database';
import { createLogger } from '../lib/logger';
import { FREE_FAILURES_PER_IP } from '../services/auth/login';
import { startHttpServer, type RunningServer } from '../server';
import { compileProxyTrust, type ProxyTrust } from './client-address';

let db: Database;
const servers: RunningServer[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await db?.close();
});

async function serveWith(proxyTrust?: ProxyTrust) {
  const running = await startHttpServer({ app: createApp({ sql: db.sql, logger: createLogger('silent'), proxyTrust }), port: 0, host: '127.0.0.1' });
  servers.push(running);
  return (username: string, forwardedFor: string) =>
    fetch(`http://127.0.0.1:${running.port}/user/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ username, password: 'wrong' }),
    });
}

const recordedAddress = async (username: string) =>
  (await db.sql<{ ip: string }[]>`select ip from login_attempt where username = ${username}`)[0]?.ip;

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For unless the peer is a trusted proxy', async () => {
    const login = await serveWith();
    expect((await login('addr-untrusted', '203.0.113.9')).status).toBe(401);
    expect(await recordedAddress('addr-untrusted')).toMatch(/127\.0\.0\.1$/);
  });

  it('takes the nearest untrusted hop of the chain from a trusted proxy, not what the client wrote first', async () => {
    const login = await serveWith(compileProxyTrust(['loopback']));
    expect((await login('addr-trusted', '198.51.100.1, 203.0.113.9')).status).toBe(401);
    expect(await recordedAddress('addr-trusted')).toBe('203.0.113.9');
  });

  it('does not let a client dodge the per-address login limit by naming other addresses', async () => {
    const login = await serveWith();
    const statuses: number[] = [];
    for (let i = 0; i <= FREE_FAILURES_PER_IP; i++) statuses.push((await login(`dodge-${i}`, `192.0.2.${i + 1}`)).status);
    // Earlier tests' failures came from the same loopback address, so the limit may bite sooner.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(FREE_FAILURES_PER_IP);
  }, 60_000);
});

describe('bodies over the limit', () => {
  it('answers 413 in the error shape and leaves the client a usable connection', async () => {
    const app = createApp({ sql: db.sql, logger: createLogger('silent') });
    // A route that reads its body itself, after every middleware, and says what it read.
    app.post('/test/echo-length', async (c) => c.json({ length: (await c.req.text()).length }));
    const running = await startHttpServer({ app, port: 0, host: '127.0.0.1' });
    servers.push(running);
    const base = `http://127.0.0.1:${running.port}`;
    const big = await fetch(`${base}/user/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'demo' }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'body' }] });
    // The next request (the same keep-alive pool) must get a real answer.
    const next = await fetch(`${base}/api/health`);
    expect(next.status).toBe(200);

    // A streamed body declares no length: it is counted as it arrives.
    const chunks = [JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'demo' })];
    const streamed = await fetch(`${base}/user/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({ pull: (c) => (chunks.length ? c.enqueue(new TextEncoder().encode(chunks.shift())) : c.close()) }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'body' }] });

    // Under the limit, with or without a declared length, the route reads the whole body itself.
    const small = JSON.stringify({ note: 'y'.repeat(900 * 1024) });
    const declared = await fetch(`${base}/test/echo-length`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: small });
    const smallChunks = [small.slice(0, 1000), small.slice(1000)];
    const undeclared = await fetch(`${base}/test/echo-length`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({ pull: (c) => (smallChunks.length ? c.enqueue(new TextEncoder().encode(smallChunks.shift())) : c.close()) }),
      duplex: 'half',
    } as RequestInit);
    expect([declared.status, undeclared.status]).toEqual([200, 200]);
    expect([await declared.json(), await undeclared.json()]).toEqual([{ length: small.length }, { length: small.length }]);
  });
});
