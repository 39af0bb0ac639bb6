import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptRephrasing, createChatRephraser, rephraserFromEnv } from './llm';

type Seen = { method: string; url: string; authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[] } };

let server: Server;
let baseUrl: string;
let seen: Seen[];
let respond: (req: Seen, res: ServerResponse) => void;

const completion = (content: unknown) => JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const s: Seen = { method: req.method!, url: req.url!, authorization: req.headers.authorization, body: JSON.parse(raw || '{}') };
      seen.push(s);
      respond(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  seen = [];
  respond = (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(completion('Perfect — Thursday, Nov 26 at 3:00 PM works for us. Reply YES to confirm.'));
  };
});

const draft = 'Great — I can book you Thursday, Nov 26 at 3:00 PM. Reply YES to confirm.';
const keep = ['Thursday, Nov 26 at 3:00 PM', 'YES'];

describe('the chat-completions rephraser', () => {
  it('posts the draft to {baseUrl}/chat/completions and returns the answer that keeps the facts', async () => {
    const r = createChatRephraser({ baseUrl, apiKey: 'sk-local', model: 'tiny-model' });
    const text = await r.rephrase({ draft, customerMessage: 'thursday at 3?', keep });
    expect(text).toBe('Perfect — Thursday, Nov 26 at 3:00 PM works for us. Reply YES to confirm.');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions', authorization: 'Bearer sk-local' });
    expect(seen[0]!.body.model).toBe('tiny-model');
    expect(seen[0]!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(seen[0]!.body.messages[1]!.content).toBe(`Customer wrote: thursday at 3?\n\nDraft reply: ${draft}`);
  });

  it('sends no authorization without a key', async () => {
    await createChatRephraser({ baseUrl, model: 'm' }).rephrase({ draft, customerMessage: null, keep });
    expect(seen[0]!.authorization).toBeUndefined();
  });

  it('gives nothing when the answer loses a fact, holds a merge field, or runs long', async () => {
    const r = createChatRephraser({ baseUrl, model: 'm' });
    for (const content of ['See you Thursday! Reply YES to confirm.', 'Hi ${customer.firstName}, Thursday, Nov 26 at 3:00 PM? Reply YES', `Thursday, Nov 26 at 3:00 PM YES ${'very '.repeat(100)}`]) {
      respond = (_q, res) => res.end(completion(content));
      expect(await r.rephrase({ draft, customerMessage: null, keep })).toBeNull();
    }
  });

  it('gives nothing on an error status, a malformed answer or a timeout', async () => {
    const r = createChatRephraser({ baseUrl, model: 'm', timeoutMs: 200 });
    respond = (_q, res) => {
      res.statusCode = 500;
      res.end('{"error":"boom"}');
    };
    expect(await r.rephrase({ draft, customerMessage: null, keep })).toBeNull();
    respond = (_q, res) => res.end('not json');
    expect(await r.rephrase({ draft, customerMessage: null, keep })).toBeNull();
    respond = (_q, res) => res.end(JSON.stringify({ choices: [] }));
    expect(await r.rephrase({ draft, customerMessage: null, keep })).toBeNull();
    respond = (_q, res) => setTimeout(() => res.end(completion(draft)), 1_000);
    const started = Date.now();
    expect(await r.rephrase({ draft, customerMessage: null, keep })).toBeNull();
    expect(Date.now() - started).toBeLessThan(900);
  });
});

describe('acceptRephrasing', () => {
  it('strips quotes and spacing', () => {
    expect(acceptRephrasing('  "Thursday, Nov 26 at 3:00 PM works.  Reply YES."  ', draft, keep)).toBe('Thursday, Nov 26 at 3:00 PM works. Reply YES.');
  });
  it('refuses an empty answer', () => {
    expect(acceptRephrasing('   ', draft, [])).toBeNull();
  });
});

describe('rephraserFromEnv', () => {
  it('is off unless both the base URL and the model are set', () => {
    expect(rephraserFromEnv({})).toBeNull();
    expect(rephraserFromEnv({ ASSISTANT_LLM_BASE_URL: baseUrl })).toBeNull();
    expect(rephraserFromEnv({ ASSISTANT_LLM_MODEL: 'm' })).toBeNull();
    expect(rephraserFromEnv({ ASSISTANT_LLM_BASE_URL: baseUrl, ASSISTANT_LLM_MODEL: 'm', ASSISTANT_LLM_API_KEY: 'k' })).not.toBeNull();
  });
});
