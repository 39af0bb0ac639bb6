import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectContract, readContract } from './contract';

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
