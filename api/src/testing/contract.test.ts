import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentedSchema, expectContract, readContract, readDocumented } from './contract';

const schema = z.object({ id: z.number().int(), name: z.string().nullable() });

describe('expectContract', () => {
  it('returns the parsed body when it matches', () => {
    expect(expectContract(schema, { id: 1, name: null, legacy: true })).toEqual({ id: 1, name: null });
  });

  it('names the field of the wrong type', () => {
    expect(() => expectContract(schema, { id: '1', name: 'x' })).toThrow(/does not match its contract[\s\S]*at id/);
  });
});

describe('readContract', () => {
  it('fails on an unexpected status with the body', async () => {
    const res = new Response(JSON.stringify({ code: 'FORBIDDEN' }), { status: 403 });
    await expect(readContract(res, schema)).rejects.toThrow(/expected status 200, got 403: .*FORBIDDEN/);
  });

  it('parses a matching body', async () => {
    await expect(readContract(new Response(JSON.stringify({ id: 2, name: 'a' })), schema)).resolves.toEqual({ id: 2, name: 'a' });
  });
});

describe('documentedSchema and readDocumented', () => {
  const app = new OpenAPIHono().openapi(
    createRoute({ method: 'get', path: '/things/{id}', responses: { 200: { description: 'OK', content: { 'application/json': { schema } } } } }),
    (c) => c.json({ id: Number(c.req.param('id')), name: null }, 200),
  );

  it('finds the schema a route documents, path parameters and query included', () => {
    expect(documentedSchema(app, 'GET', '/things/7?x=1', 200)).toBe(schema);
    expect(documentedSchema(app, 'GET', '/things/7', 404)).toBeNull();
    expect(documentedSchema(app, 'POST', '/things/7', 200)).toBeNull();
  });

  it('checks an answer against it and returns the body as sent', async () => {
    await expect(readDocumented(app, 'GET', '/things/3', await app.request('/things/3'))).resolves.toEqual({ id: 3, name: null });
    const wrong = new Response(JSON.stringify({ id: 'x' }));
    await expect(readDocumented(app, 'GET', '/things/3', wrong)).rejects.toThrow(/GET \/things\/3 200 does not match/);
    await expect(readDocumented(app, 'GET', '/other', new Response('{}'))).rejects.toThrow(/documents no JSON schema/);
  });
});
