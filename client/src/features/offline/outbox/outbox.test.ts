// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MessageInstanceDto, SendMessage } from '@drivebay/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { Outbox, type OutboxBroadcast, type OutboxDeps, type OutboxStorage } from './outbox';
import type { OutboxEntry } from './outbox-machine';

/** One device's IndexedDB, shared by its tabs. */
function memoryStorage(): OutboxStorage & { map: Map<string, OutboxEntry> } {
  const map = new Map<string, OutboxEntry>();
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    map,
    all: async () => [...map.values()].map(clone),
    put: async (e) => void map.set(e.clientMessageId, clone(e)),
    delete: async (id) => void map.delete(id),
  };
}

/** A Web Lock: one holder at a time, the rest wait their turn. */
function mutex(): OutboxDeps['withLock'] {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task);
    tail = run.catch(() => {});
    return run;
  };
}

/** A BroadcastChannel between the tabs of one device. */
function bus() {
  const listeners = new Set<(m: OutboxBroadcast) => void>();
  return () => ({
    own: null as ((m: OutboxBroadcast) => void) | null,
    post(message: OutboxBroadcast) {
      for (const l of listeners) if (l !== this.own) queueMicrotask(() => l(structuredClone(message)));
    },
    listen(listener: (m: OutboxBroadcast) => void) {
      this.own = listener;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
}

/**
 * The API as far as the outbox sees it: inserts once per clientMessageId (unique in PostgreSQL)
 * and returns the existing message on a repeat; can lose the network, lose an answer after the
 * insert, or refuse a customer who opted out.
 */
function server() {
  const stored = new Map<string, MessageInstanceDto>();
  const s = {
    online: true,
    calls: 0,
    loseNextAnswer: false,
    optedOut: new Set<number>(),
    stored,
    async send(body: SendMessage): Promise<{ message: string; messageInstance: MessageInstanceDto }> {
      s.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (!s.online) throw new ApiRequestError('network', null, null);
      const id = body.clientMessageId!;
      let message = stored.get(id);
      if (!message) {
        if (s.optedOut.has(body.jaguarFutureServiceInteractionId)) {
          throw new ApiRequestError('http', 409, { code: 'CONFLICT', message: 'This customer has opted out of text messages', details: [] });
        }
        message = { id: stored.size + 1, content: body.content ?? '', clientMessageId: id, jaguarFutureServiceInteractionId: body.jaguarFutureServiceInteractionId, messageStatus: 'accepted' } as MessageInstanceDto;
        stored.set(id, message);
      }
      if (s.loseNextAnswer) {
        s.loseNextAnswer = false;
        throw new ApiRequestError('network', null, null);
      }
      return { message: 'Successfully Sent', messageInstance: message };
    },
  };
  return s;
}

let seq = 0;
function body(interactionId: number, content: string): SendMessage & { clientMessageId: string } {
  seq += 1;
  return {
    id: 50,
    jaguarFutureServiceInteractionId: interactionId,
    content,
    messageType: 'SMS',
    direction: 'SEND',
    notificationType: 'MESSAGE_TO_CUSTOMER',
    clientMessageId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  };
}

function device() {
  const storage = memoryStorage();
  const withLock = mutex();
  const channel = bus();
  const api = server();
  const tab = (options: { lock?: boolean } = {}) =>
    new Outbox({ storage, send: (b) => api.send(b), withLock: options.lock === false ? (task) => task() : withLock, channel: channel() });
  return { storage, api, tab };
}

const queue = (outbox: Outbox, interactionId: number, text: string) => outbox.enqueue({ userId: 1, body: body(interactionId, text), text });

describe('Outbox', () => {
  it('keeps five messages written offline across a reload and sends each exactly once when the network returns', async () => {
    const d = device();
    d.api.online = false;
    const before = d.tab();
    for (let i = 1; i <= 5; i++) {
      await queue(before, 7, `offline ${i}`);
      await before.flush();
    }
    expect(d.storage.map.size).toBe(5);
    // The first one tried and failed; the rest wait behind it rather than overtake it.
    expect(before.entries().map((e) => [e.text, e.state, e.attempts > 0])).toEqual([
      ['offline 1', 'queued', true],
      ['offline 2', 'queued', false],
      ['offline 3', 'queued', false],
      ['offline 4', 'queued', false],
      ['offline 5', 'queued', false],
    ]);
    expect(before.entries()[0]).toMatchObject({ attempts: 1, error: null });
    before.close();

    // The app starts again: nothing was lost, and going online sends them in the order written.
    const after = d.tab();
    const accepted: string[] = [];
    after.onAccepted(({ message }) => accepted.push(message.content));
    d.api.online = true;
    await after.flush({ force: true });
    expect(d.storage.map.size).toBe(0);
    expect(d.api.stored.size).toBe(5);
    expect(accepted).toEqual(['offline 1', 'offline 2', 'offline 3', 'offline 4', 'offline 5']);
    expect(after.entries()).toEqual([]);
    after.close();
  });

  it('never sends twice from two tabs flushing at once, and the server would catch it even without the lock', async () => {
    const d = device();
    d.api.online = false;
    const a = d.tab();
    const b = d.tab();
    for (let i = 0; i < 6; i++) {
      const tab = i % 2 ? a : b;
      await queue(tab, 3 + (i % 3), `two tabs ${i}`);
      await tab.flush();
    }
    d.api.online = true;
    d.api.calls = 0;
    await Promise.all([a.flush({ force: true }), b.flush({ force: true }), a.flush({ force: true }), b.flush({ force: true })]);
    expect(d.api.stored.size).toBe(6);
    // One request per message: the lock kept each tab from sending what the other had sent.
    expect(d.api.calls).toBe(6);
    a.close();
    b.close();

    const e = device();
    e.api.online = false;
    const c = e.tab({ lock: false });
    const f = e.tab({ lock: false });
    for (let i = 0; i < 4; i++) {
      await queue(c, 3, `no lock ${i}`);
      await c.flush();
    }
    e.api.online = true;
    e.api.calls = 0;
    await Promise.all([c.flush({ force: true }), f.flush({ force: true })]);
    expect(e.api.calls).toBeGreaterThan(4);
    expect(e.api.stored.size).toBe(4);
    c.close();
    f.close();
  });

  it('resends with the same id after an answer was lost, and the server keeps one message', async () => {
    const d = device();
    const tab = d.tab();
    d.api.loseNextAnswer = true;
    await queue(tab, 4, 'answer lost');
    await tab.flush();
    expect(d.api.stored.size).toBe(1);
    expect(d.storage.map.size).toBe(1);
    await tab.flush({ force: true });
    expect(d.api.stored.size).toBe(1);
    expect(d.storage.map.size).toBe(0);
    tab.close();
  });

  it('sends again what a closed tab left half-sent', async () => {
    const d = device();
    const first = d.tab();
    d.api.online = false;
    await queue(first, 5, 'half sent');
    await first.flush();
    first.close();
    const [left] = [...d.storage.map.values()];
    d.storage.map.set(left!.clientMessageId, { ...left!, state: 'sending' });
    d.api.online = true;
    const second = d.tab();
    // The app starts: a forced flush.
    await second.flush({ force: true });
    expect(d.api.stored.size).toBe(1);
    expect(d.storage.map.size).toBe(0);
    second.close();
  });

  it('keeps a refused message with its reason, holds what follows in that conversation, and sends an edit as a new message', async () => {
    const d = device();
    const tab = d.tab();
    const notices: { own: boolean; content: string }[] = [];
    tab.onAccepted(({ message, ownTab }) => notices.push({ own: ownTab, content: message.content }));
    d.api.optedOut.add(8);
    await queue(tab, 8, 'to an opted-out customer');
    await queue(tab, 8, 'follow-up');
    await queue(tab, 9, 'another customer');
    await tab.flush({ force: true });
    const [refused, held] = tab.entries();
    expect(refused).toMatchObject({ state: 'refused', error: 'This customer has opted out of text messages', text: 'to an opted-out customer' });
    expect(held).toMatchObject({ state: 'queued', text: 'follow-up' });
    expect(notices).toEqual([{ own: true, content: 'another customer' }]);

    // The customer opts back in; the advisor edits the text: a new message with a new id.
    d.api.optedOut.delete(8);
    const edited = body(8, 'edited text');
    expect(await tab.replace(refused!.clientMessageId, edited, 'edited text')).toBe(true);
    await tab.flush();
    expect([...d.api.stored.values()].map((m) => m.content).sort()).toEqual(['another customer', 'edited text', 'follow-up']);
    expect(d.api.stored.has(refused!.clientMessageId)).toBe(false);
    expect(tab.entries()).toEqual([]);
    tab.close();
  });

  it('discards a message that never reached the server', async () => {
    const d = device();
    const tab = d.tab();
    d.api.online = false;
    await queue(tab, 10, 'never mind');
    await tab.flush();
    await tab.discard(tab.entries()[0]!.clientMessageId);
    d.api.online = true;
    await tab.flush({ force: true });
    expect(d.api.stored.size).toBe(0);
    expect(tab.entries()).toEqual([]);
    tab.close();
  });

  it('waits a jittered backoff after a failure, and tells the other tabs what changed', async () => {
    const d = device();
    const a = d.tab();
    const b = d.tab();
    let seenByB = 0;
    b.subscribe(() => (seenByB = b.entries().length));
    d.api.online = false;
    const start = Date.now();
    await queue(a, 11, 'later');
    await a.flush();
    const [entry] = a.entries();
    expect(entry!.nextAttemptAt - start).toBeGreaterThanOrEqual(1_000);
    expect(entry!.nextAttemptAt - Date.now()).toBeLessThanOrEqual(2_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seenByB).toBe(1);
    a.close();
    b.close();
  });
});
