import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app';
import { createTestDatabase } from '../db/testing';
import type { Database } from '../db/database';
import { createLogger } from '../lib/logger';

let db: Database;
let app: App;
const script = `console.info(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  db = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'drivebay-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Drivebay</title>');
  writeFileSync(join(dir, 'assets', 'app-1.js'), script);
  writeFileSync(join(dir, 'assets', 'app-1.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'app-1.js.gz'), gzipSync(script));
  app = createApp({ sql: db.sql, logger: createLogger('silent'), clientDir: dir });
});
afterAll(async () => {
  await db?.close();
});

describe('the built app’s files', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('are sent compressed to a browser accepting %s', async (accept, encoding) => {
    const res = await app.request('/assets/app-1.js', { headers: { 'accept-encoding': accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(script.length / 10);
  });

  it('are sent plain to a client that accepts no compression', async () => {
    const res = await app.request('/assets/app-1.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(script);
  });
});
