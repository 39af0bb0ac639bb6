import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@drivebay/shared';
import { createApp, type App } from '../../app';
import { createLogger } from '../../lib/logger';
import { TRUST_ANY_PROXY } from '../../middleware/client-address';
import { startConversationHarness, type ConversationHarness } from '../conversation-harness';
import { variantsOf, type Schema } from './variants';

/**
 * Sends malformed variants of every operation in the OpenAPI document, signed in and not, and
 * fails on any 5xx and on any refusal that is not the one error shape.
 */
type Operation = {
  method: string;
  path: string;
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

let h: ConversationHarness;
let sent = 0;
let app: App;
let doc: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>; components?: { schemas?: Record<string, Schema> } };

beforeAll(async () => {
  h = await startConversationHarness({ logLevel: 'silent' });
  app = createApp({ sql: h.db.sql, logger: createLogger('silent'), conversations: h.deps, proxyTrust: TRUST_ANY_PROXY });
  doc = await (await app.request('/api/openapi.json')).json();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

// Ending the session mid-run would turn every later call into a 401 and hide what it should test.
const SKIPPED = new Set(['POST /user/logout']);
// The simulated carrier answers in Twilio's own error shape, as the real one does.
const CARRIER_PROTOCOL = '/api/simulator/twilio/';

function operations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      if (SKIPPED.has(`${method.toUpperCase()} ${path}`) || path.startsWith(CARRIER_PROTOCOL)) continue;
      ops.push({ method: method.toUpperCase(), path, ...op });
    }
  }
  return ops;
}

const resolve = (s: Schema): Schema => {
  let cur = s;
  for (let i = 0; cur.$ref && i < 10; i++) cur = doc.components?.schemas?.[cur.$ref.split('/').pop()!] ?? {};
  return cur;
};

async function check(op: Operation, token: string | null): Promise<string[]> {
  const body = op.requestBody?.content?.['application/json']?.schema;
  const variants = variantsOf({
    path: op.path,
    pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
    queryParams: (op.parameters ?? []).filter((p) => p.in === 'query'),
    body,
    resolve,
  });
  const problems: string[] = [];
  for (const v of variants) {
    const headers: Record<string, string> = { 'x-forwarded-for': `10.77.${problems.length % 250}.${variants.indexOf(v) % 250}` };
    if (token) headers.authorization = `Bearer ${token}`;
    if (v.body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(`${v.path}${v.query ? `?${v.query}` : ''}`, { method: op.method, headers, body: v.body });
    const text = await res.text();
    sent++;
    const label = `${op.method} ${op.path} [${v.name}] ${token ? 'signed in' : 'anonymous'} -> ${res.status}`;
    if (res.status >= 500) problems.push(`${label}: ${text.slice(0, 200)}`);
    else if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json')) {
      const parsed = apiErrorSchema.safeParse(safeJson(text));
      if (!parsed.success) problems.push(`${label}: not the error shape: ${text.slice(0, 200)}`);
    } else if (res.status >= 400) problems.push(`${label}: refusal without a JSON body`);
  }
  return problems;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('every operation of the OpenAPI document under malformed input', () => {
  it('never answers 5xx and always refuses in the one error shape', async () => {
    const token = await h.login('super_user');
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const op of ops) {
      problems.push(...(await check(op, token)));
      problems.push(...(await check(op, null)));
    }
    // Thousands of variants, not a handful: a refactor that empties the document must not pass quietly.
    expect(sent).toBeGreaterThan(5_000);
    expect(problems).toEqual([]);
  }, 600_000);
});
