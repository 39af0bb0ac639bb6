// Test support: the conversation harness with the assistant listening and its controls mounted.
import { assistantControlRoutes } from '../../routes/assistant-controls';
import { WEBHOOK_PATHS } from '../../routes/webhooks';
import { startConversationHarness, waitFor, type ConversationHarness } from '../../testing/conversation-harness';
import { onInboundCommitted } from '../conversations/inbound-events';
import type { Rephraser } from './llm';
import { createAssistantLoop, type AssistantLoop } from './loop';

export const STORE_1_NUMBER = '+17185550101';

export type AssistantHarness = {
  h: ConversationHarness;
  loop: AssistantLoop;
  /** Pins the clock the assistant judges slots and quiet hours by; null is the real time. */
  setNow: (now: Date | null) => void;
  /** Stops and starts answering (a process that is down between a message's commit and its turn). */
  listen: (on: boolean) => void;
  /** A customer's text through the real Twilio webhook; resolves with the stored message's id. */
  text: (from: string, body: string, messageSid?: string) => Promise<number>;
  /** Waits until the assistant has finished with a message and returns its turn. */
  turnOf: (messageId: number) => Promise<{ id: number; action: string; replyMessageId: number | null; replyText: string | null; intent: string | null }>;
  close: () => Promise<void>;
};

let sidCounter = 0;
export const newSid = () => `SM${String(Date.now()).padStart(16, '0')}${String(++sidCounter).padStart(16, '0')}`;

export async function startAssistantHarness(o: { rephraser?: Rephraser | null } = {}): Promise<AssistantHarness> {
  const h = await startConversationHarness({ logLevel: 'error' });
  let pinned: Date | null = null;
  const clock = () => pinned ?? new Date();
  h.app.route('/', assistantControlRoutes({ ...h.deps, clock, rephraser: o.rephraser ?? null }));
  // The harness replaces its worker on restart, so the waker is looked up on each call.
  const outbox = { wake: () => h.deps.outbox?.wake() };
  const loop = createAssistantLoop({ sql: h.db.sql, notifier: h.deps.notifier, outbox, clock, rephraser: o.rephraser ?? null });
  let remove: (() => void) | null = null;
  const listen = (on: boolean) => {
    remove?.();
    remove = on ? onInboundCommitted.add(async (e) => void (await loop.handle(e))) : null;
  };
  listen(true);

  const text: AssistantHarness['text'] = async (from, body, messageSid = newSid()) => {
    const res = await h.twilioPost(WEBHOOK_PATHS.twilioSms, {
      MessageSid: messageSid, AccountSid: 'AC00000000000000000000000000000000', From: from, To: STORE_1_NUMBER, Body: body, NumMedia: '0',
    });
    if (res.status !== 200) throw new Error(`webhook ${res.status}: ${await res.text()}`);
    const [m] = await h.db.sql<{ id: number }[]>`select id from message_instance where carrier_message_id = ${messageSid}`;
    return m!.id;
  };

  const turnOf: AssistantHarness['turnOf'] = (messageId) =>
    waitFor(async () => {
      const [t] = await h.db.sql<{ id: number; action: string; replyMessageId: number | null; replyText: string | null; intent: string | null }[]>`
        select id, action, reply_message_id, reply_text, intent from assistant_turn
        where message_instance_id = ${messageId} and kind = 'INBOUND' and action <> 'CLAIMED'`;
      return t;
    }, 10_000, `the assistant's turn for message ${messageId}`);

  return {
    h,
    loop,
    setNow: (now) => void (pinned = now),
    listen,
    text,
    turnOf,
    close: async () => {
      remove?.();
      await loop.idle();
      await h.close();
    },
  };
}
