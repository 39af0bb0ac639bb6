import { z } from 'zod';

/**
 * Checks a response body against its shared contract, the schema the client parses it with, and
 * returns the parsed value. A mismatch fails with every offending path, so a test names the field
 * the client would have choked on rather than a later assertion's symptom.
 */
export function expectContract<T extends z.ZodType>(schema: T, body: unknown, label = 'response body'): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`${label} does not match its contract:\n${z.prettifyError(parsed.error)}\n${JSON.stringify(body, null, 2).slice(0, 2000)}`);
  }
  return parsed.data;
}

/**
 * Reads a response that should have `status` and checks its JSON against the contract. A wrong
 * status fails with the body (usually the API error), which says more than the status alone.
 */
export async function readContract<T extends z.ZodType>(res: Response, schema: T, status = 200): Promise<z.output<T>> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected status ${status}, got ${res.status}: ${text.slice(0, 2000)}`);
  return expectContract(schema, JSON.parse(text) as unknown, `${res.status} response`);
}

/** An app whose routes are registered with `@hono/zod-openapi` (sub-apps' routes merge into it). */
type OpenApiApp = { openAPIRegistry: { definitions: readonly unknown[] } };
/** The part of a registered route definition read here. */
type RouteDefinition = {
  type: string;
  route?: { method: string; path: string; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
};

const isSchema = (value: unknown): value is z.ZodType => typeof (value as { safeParse?: unknown } | undefined)?.safeParse === 'function';
const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/**
 * The JSON schema a route documents for a status (its `createRoute(... responses)`), found by
 * method and path in the app's OpenAPI registry; null when the route documents none.
 */
export function documentedSchema(app: OpenApiApp, method: string, url: string, status: number): z.ZodType | null {
  const path = new URL(url, 'http://localhost').pathname;
  for (const def of app.openAPIRegistry.definitions as readonly RouteDefinition[]) {
    const route = def.type === 'route' ? def.route : undefined;
    if (!route || route.method !== method.toLowerCase()) continue;
    if (!new RegExp(`^${escape(route.path).replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path)) continue;
    const schema = route.responses?.[String(status)]?.content?.['application/json']?.schema;
    return isSchema(schema) ? schema : null;
  }
  return null;
}

/**
 * Reads a response's JSON and checks it against the schema its route documents for that status,
 * which for what the client reads is the shared contract. A success without a documented schema
 * fails too: the client could not parse it. Returns the body as sent (legacy keys included), so
 * tests can still look at fields the contract leaves out.
 */
export async function readDocumented(app: OpenApiApp, method: string, url: string, res: Response): Promise<unknown> {
  const body = (await res.json()) as unknown;
  const schema = documentedSchema(app, method, url, res.status);
  if (schema) expectContract(schema, body, `${method.toUpperCase()} ${url} ${res.status}`);
  else if (res.ok) throw new Error(`${method.toUpperCase()} ${url} answered ${res.status} but its route documents no JSON schema for it`);
  return body;
}

/**
 * The harnesses' check on every answer: a JSON answer whose route documents a schema for its
 * status must match it. Reads a clone, so the test still reads the response itself.
 */
export async function checkDocumented(app: OpenApiApp, method: string, url: string, res: Response): Promise<void> {
  if (!res.headers.get('content-type')?.includes('application/json')) return;
  const schema = documentedSchema(app, method, url, res.status);
  if (schema) expectContract(schema, await res.clone().json(), `${method.toUpperCase()} ${url} ${res.status}`);
}
