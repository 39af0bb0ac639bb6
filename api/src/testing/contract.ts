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
