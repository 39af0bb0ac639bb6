import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../types';
import { formParams } from './webhooks';

// formParams decodes a carrier's form itself; it must read every form exactly as Hono's
// parseBody({ all: true }) (the Fetch FormData rules) reads it.
const app = new Hono<AppEnv>();
app.post('/ours', async (c) => c.json({ ...(await formParams(c)) }));
app.post('/fetch', async (c) => c.json(await c.req.parseBody({ all: true })));

const bodies = [
  'MessageSid=SM1&From=%2B15555550123&To=%2B15555550100&Body=Hello+there%21&NumMedia=0',
  'Body=caf%C3%A9+%E2%9C%93+%F0%9F%9A%97&From=+1555',
  'MediaUrl0=https%3A%2F%2Fexample.com%2Fa%3Fx%3D1%26y%3D2&MediaUrl0=second&MediaUrl0=third',
  'Body=&Empty&=novalue&a%5B%5D=1&a%5B%5D=2&semi=a;b&plus=%2B+%2B',
  'Body=100%25+sure&broken=%E0%A4%A&odd=%zz',
  '',
];

describe('carrier form fields', () => {
  it.each(bodies)('reads %j as FormData does', async (body) => {
    const send = async (path: string): Promise<unknown> => {
      const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body });
      return res.json();
    };
    const [ours, fetched] = await Promise.all([send('/ours'), send('/fetch')]);
    expect(ours).toEqual(fetched);
  });
});
