import type { Logger } from '../../lib/logger';

/**
 * Rewords a templated reply so it reads less canned. Optional: without it the templates go out
 * as written. Returns null when it has nothing usable, and the template is sent instead.
 */
export type Rephraser = {
  rephrase(input: { draft: string; customerMessage: string | null; keep: readonly string[] }): Promise<string | null>;
};

/** The settings that turn the rephraser on (see docs/assistant.md "Rephrasing"). */
export type AssistantLlmEnv = {
  ASSISTANT_LLM_BASE_URL?: string | undefined;
  ASSISTANT_LLM_API_KEY?: string | undefined;
  ASSISTANT_LLM_MODEL?: string | undefined;
};

/** Texts stay short: a rephrasing may not grow past this, nor past twice the template. */
const MAX_REPHRASED = 480;
const DEFAULT_TIMEOUT_MS = 4000;

const SYSTEM_PROMPT = [
  'You reword text messages a car dealership service assistant sends to customers.',
  'Rewrite the draft so it sounds natural and friendly, in one or two short sentences.',
  'Keep its meaning exactly. Keep every date, time, address and the word YES exactly as written.',
  'Do not add facts, prices, links, promises or questions that are not in the draft.',
  'Answer with the message text only.',
].join(' ');

type ChatCompletion = { choices?: { message?: { content?: unknown } }[] };

/**
 * A rephraser for any OpenAI-compatible chat-completions endpoint (`{baseUrl}/chat/completions`).
 * Its answer is used only when it keeps every fact of the draft word for word (times, choices,
 * hours, "YES"), holds no unfilled merge field and stays short; otherwise, on an error or after
 * the timeout, the template is sent unchanged.
 */
export function createChatRephraser(o: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  logger?: Logger | undefined;
}): Rephraser {
  const url = `${o.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = o.fetch ?? fetch;
  return {
    async rephrase({ draft, customerMessage, keep }) {
      const user = customerMessage
        ? `Customer wrote: ${customerMessage}\n\nDraft reply: ${draft}`
        : `Draft message: ${draft}`;
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
          body: JSON.stringify({
            model: o.model,
            temperature: 0.3,
            max_tokens: 200,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: user },
            ],
          }),
          signal: AbortSignal.timeout(o.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
        if (!res.ok) {
          o.logger?.warn({ status: res.status }, 'rephrasing endpoint refused; the template is sent');
          return null;
        }
        const body = (await res.json()) as ChatCompletion;
        const content = body.choices?.[0]?.message?.content;
        return typeof content === 'string' ? acceptRephrasing(content, draft, keep) : null;
      } catch (err) {
        o.logger?.warn({ err }, 'rephrasing failed; the template is sent');
        return null;
      }
    },
  };
}

/** The rephrased text when it is safe to send in place of the draft, else null. */
export function acceptRephrasing(content: string, draft: string, keep: readonly string[]): string | null {
  const text = content.trim().replace(/^["“']+|["”']+$/g, '').replace(/\s+/g, ' ').trim();
  if (!text || text.includes('${')) return null;
  if (text.length > Math.min(MAX_REPHRASED, Math.max(160, draft.length * 2))) return null;
  if (!keep.every((fact) => text.includes(fact))) return null;
  return text;
}

/** The rephraser the settings ask for, or null when ASSISTANT_LLM_BASE_URL or ASSISTANT_LLM_MODEL is not set. */
export function rephraserFromEnv(env: AssistantLlmEnv, logger?: Logger): Rephraser | null {
  if (!env.ASSISTANT_LLM_BASE_URL || !env.ASSISTANT_LLM_MODEL) return null;
  return createChatRephraser({ baseUrl: env.ASSISTANT_LLM_BASE_URL, apiKey: env.ASSISTANT_LLM_API_KEY, model: env.ASSISTANT_LLM_MODEL, logger });
}
