/**
 * Malformed variants of a request, derived from an operation of the OpenAPI document: wrong
 * types, missing and extra fields, text PostgreSQL refuses, values past every integer range,
 * broken JSON. Deterministic, so a failure names a variant that can be replayed.
 */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
};

export type Variant = { name: string; path: string; query: string; body?: string | undefined };

const WEIRD_SCALARS: unknown[] = [
  '',
  'x',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(20_000),
  '<script>alert(1)</script>',
  "1' or '1'='1",
  -1,
  0,
  1.5,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -2_147_483_649,
  1e308,
  true,
  null,
  [],
  {},
  '2026-02-30T25:61:00Z',
  '+1555',
];

const WEIRD_PARAMS = ['abc', '-1', '0', '1.5', '2147483648', '99999999999999999999', '%00', "1'", '%E0%A4%A', ' ', 'null'];

/** A value that fits the schema's type, so the other fields of a variant get past validation. */
export function plausible(schema: Schema | undefined, resolve: (s: Schema) => Schema, depth = 0): unknown {
  const s = schema ? resolve(schema) : {};
  if (s.enum?.length) return s.enum[0];
  const choice = s.anyOf ?? s.oneOf;
  if (choice?.length) return plausible(choice.find((c) => resolve(c).type !== 'null') ?? choice[0], resolve, depth);
  if (s.allOf?.length) return plausible(s.allOf[0], resolve, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [plausible(s.items, resolve, depth + 1)];
    case 'object': {
      if (depth > 3) return {};
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(v, resolve, depth + 1);
      return out;
    }
    default:
      return 'text';
  }
}

/** Every variant of one operation: its path and query with weird values, and its body broken in turn. */
export function variantsOf(op: {
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema?: Schema }[];
  body?: Schema | undefined;
  resolve: (s: Schema) => Schema;
}): Variant[] {
  const fillPath = (value: (name: string) => string) => op.path.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));
  const goodPath = fillPath(() => '1');
  const goodQuery = new URLSearchParams(op.queryParams.map((q) => [q.name, String(plausible(q.schema, op.resolve))])).toString();
  const goodBody = op.body ? plausible(op.body, op.resolve) : undefined;
  const body = (v: unknown) => (op.body ? JSON.stringify(v) : undefined);
  const out: Variant[] = [];
  for (const p of WEIRD_PARAMS) {
    if (op.pathParams.length) out.push({ name: `path=${p}`, path: fillPath(() => p), query: goodQuery, body: body(goodBody) });
  }
  for (const q of op.queryParams) {
    for (const p of WEIRD_PARAMS) {
      const params = new URLSearchParams(goodQuery);
      params.set(q.name, decodeURIComponentSafe(p));
      out.push({ name: `query.${q.name}=${p}`, path: goodPath, query: params.toString(), body: body(goodBody) });
    }
  }
  if (op.body) {
    out.push({ name: 'body=broken JSON', path: goodPath, query: goodQuery, body: '{"a":' });
    out.push({ name: 'body=empty', path: goodPath, query: goodQuery, body: '' });
    for (const whole of [null, [], 'text', 12, { unexpected: true }]) {
      out.push({ name: `body=${JSON.stringify(whole)}`, path: goodPath, query: goodQuery, body: JSON.stringify(whole) });
    }
    const shape = op.resolve(op.body);
    if (goodBody && typeof goodBody === 'object' && !Array.isArray(goodBody)) {
      for (const field of Object.keys(shape.properties ?? {})) {
        for (const weird of WEIRD_SCALARS) {
          out.push({
            name: `body.${field}=${JSON.stringify(weird)?.slice(0, 30)}`,
            path: goodPath,
            query: goodQuery,
            body: JSON.stringify({ ...goodBody, [field]: weird }),
          });
        }
      }
    }
  }
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
