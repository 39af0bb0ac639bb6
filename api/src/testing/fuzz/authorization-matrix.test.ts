import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app';
import { createLogger } from '../../lib/logger';
import { TRUST_ANY_PROXY } from '../../middleware/client-address';
import { startConversationHarness, type ConversationHarness } from '../conversation-harness';
import { createForeignRecords, FOREIGN_MARK, foreignIdFor, foreignState, type ForeignRecords } from './foreign-records';
import { plausible, type Schema } from './variants';

/**
 * Every operation of the OpenAPI document that takes an id, called by each role with the ids of
 * another enterprise's records: nothing of that enterprise may come back, and nothing of it may
 * change. Super roles, whose scope includes it, show the calls do reach those records.
 */
type Param = { name: string; in: string; schema?: Schema };
type Operation = { method: string; path: string; parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

let h: ConversationHarness;
let app: App;
let foreign: ForeignRecords;
let doc: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>; components?: { schemas?: Record<string, Schema> } };

beforeAll(async () => {
  h = await startConversationHarness({ logLevel: 'silent' });
  app = createApp({ sql: h.db.sql, logger: createLogger('silent'), conversations: h.deps, proxyTrust: TRUST_ANY_PROXY });
  foreign = await createForeignRecords(h.db.sql);
  doc = await (await app.request('/api/openapi.json')).json();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const resolve = (s: Schema): Schema => {
  let cur = s;
  for (let i = 0; cur.$ref && i < 10; i++) cur = doc.components?.schemas?.[cur.$ref.split('/').pop()!] ?? {};
  return cur;
};

// Ending the session would leave the rest of the run signed out.
const SKIPPED = ['POST /user/logout'];

/** Each operation that names an id, as a request aimed at the other enterprise's records. */
function foreignRequests() {
  const out: { label: string; method: string; url: string; body?: string; headers: Record<string, string> }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/simulator/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (SKIPPED.includes(`${method.toUpperCase()} ${path}`)) continue;
      const params = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const bodyShape = schema ? resolve(schema) : undefined;
      const idOf = (name: string) => foreignIdFor(name, path, foreign);
      const names = [...params.map((p) => p.name), ...Object.keys(bodyShape?.properties ?? {})];
      if (!names.some((n) => idOf(n) !== null)) continue;
      const value = (p: Param) => String(idOf(p.name) ?? plausible(p.schema, resolve));
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => value(params.find((p) => p.name === name) ?? { name, in: 'path' }));
      const query = new URLSearchParams(params.filter((p) => p.in === 'query').map((p) => [p.name, value(p)])).toString();
      const headers: Record<string, string> = Object.fromEntries(params.filter((p) => p.in === 'header').map((p) => [p.name, value(p)]));
      let body: string | undefined;
      if (bodyShape) {
        const b = plausible(bodyShape, resolve) as Record<string, unknown>;
        for (const k of Object.keys(b ?? {})) if (idOf(k) !== null) b[k] = idOf(k);
        body = JSON.stringify(b);
        headers['content-type'] = 'application/json';
      }
      out.push({ label: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), url: query ? `${url}?${query}` : url, body, headers });
    }
  }
  return out;
}

async function run(username: string) {
  const token = await h.login(username);
  const results: { label: string; status: number; leaked: boolean }[] = [];
  for (const r of foreignRequests()) {
    const res = await app.request(r.url, { method: r.method, headers: { ...r.headers, authorization: `Bearer ${token}` }, body: r.body });
    const text = await res.text();
    results.push({ label: r.label, status: res.status, leaked: res.status < 300 && text.includes(FOREIGN_MARK) });
  }
  return results;
}

const OUT_OF_SCOPE = ['office_manager', 'office_user', 'sales_rep', 'division_manager', 'corporate_admin', 'enterprise_admin', 'enterprise_user'];

describe('the authorization matrix over every operation that takes an id', () => {
  it('finds the operations', () => {
    expect(foreignRequests().length).toBeGreaterThan(40);
  });

  it.each(OUT_OF_SCOPE)('%s reaches nothing of another enterprise', async (username) => {
    const before = await foreignState(h.db.sql, foreign);
    const results = await run(username);
    expect(results.filter((r) => r.status >= 500).map((r) => `${r.label} -> ${r.status}`)).toEqual([]);
    expect(results.filter((r) => r.leaked).map((r) => r.label)).toEqual([]);
    expect(await foreignState(h.db.sql, foreign)).toEqual(before);
  }, 120_000);

  it('a super user, whose scope has that enterprise, does reach its records through the same calls', async () => {
    const results = await run('super_user');
    expect(results.filter((r) => r.status >= 500).map((r) => `${r.label} -> ${r.status}`)).toEqual([]);
    expect(results.filter((r) => r.leaked).length).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
