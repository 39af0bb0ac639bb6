// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import type { KeyValueDb } from '../db/offline-db';
import type { DraftWire } from './drafts-api';
import { Drafts, type DraftRecord, type DraftsApi } from './drafts';

function memoryDb(): Omit<KeyValueDb, 'close'> & { rows: Map<string, unknown> } {
  const rows = new Map<string, unknown>();
  const key = (store: string, k: IDBValidKey) => `${store}:${String(k)}`;
  return {
    rows,
    get: async <T,>(store: string, k: IDBValidKey) => structuredClone(rows.get(key(store, k))) as T | undefined,
    put: async (store: string, value: unknown) => void rows.set(key(store, (value as DraftRecord).interactionId), structuredClone(value)),
    delete: async (store: string, k: IDBValidKey) => void rows.delete(key(store, k)),
    all: async <T,>(store: string) => [...rows.entries()].filter(([k]) => k.startsWith(`${store}:`)).map(([, v]) => structuredClone(v)) as T[],
  };
}

/** The drafts API with the server's rules: later edit wins, sent ids never come back. */
function serverApi() {
  const drafts = new Map<number, DraftWire>();
  const sent = new Set<string>();
  const api: DraftsApi & { online: boolean; drafts: Map<number, DraftWire>; sent: Set<string>; puts: number } = {
    online: true,
    drafts,
    sent,
    puts: 0,
    async fetch(id) {
      if (!api.online) throw new ApiRequestError('network', null, null);
      const d = drafts.get(id);
      return d && !sent.has(d.clientMessageId) ? d : null;
    },
    async store(d) {
      if (!api.online) throw new ApiRequestError('network', null, null);
      api.puts += 1;
      const current = drafts.get(d.futureServiceInteractionId);
      const empty = !d.content.trim() && !(d.subject ?? '').trim();
      let applied = false;
      if (sent.has(d.clientMessageId) && !empty) applied = false;
      else if (!current || Date.parse(current.updatedAt) <= Date.parse(d.updatedAt)) {
        applied = true;
        if (empty) drafts.delete(d.futureServiceInteractionId);
        else drafts.set(d.futureServiceInteractionId, d);
      }
      const now = drafts.get(d.futureServiceInteractionId);
      return { applied, draft: now && !sent.has(now.clientMessageId) ? now : null };
    },
  };
  return api;
}

const ID = '00000000-0000-4000-8000-000000000001';
const wait = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

async function opened(drafts: Drafts, interactionId: number) {
  const seen: (string | null)[] = [];
  const stop = drafts.open(interactionId, (d) => seen.push(d ? d.text : null));
  await wait(20);
  return { seen, stop };
}

describe('Drafts', () => {
  it('keeps a draft written offline on the device and gives it to the server when the network returns', async () => {
    const api = serverApi();
    const db = memoryDb();
    const drafts = new Drafts(db, api);
    api.online = false;
    await drafts.save({ interactionId: 5, channel: 'SMS', subject: null, text: 'See you at 9', clientMessageId: ID });
    expect((await opened(drafts, 5)).seen).toEqual(['See you at 9']);
    api.online = true;
    await drafts.syncPending();
    await wait(20);
    expect(api.drafts.get(5)?.content).toBe('See you at 9');
    expect(((await db.get<DraftRecord>('drafts', 5)) as DraftRecord).synced).toBe(true);
    drafts.close();
  });

  it('shows the device copy first and the server’s when it is a later edit from another device', async () => {
    const api = serverApi();
    const tablet = new Drafts(memoryDb(), api);
    await tablet.save({ interactionId: 6, channel: 'SMS', subject: null, text: 'older, from this tablet', clientMessageId: ID, updatedAt: Date.now() - 60_000 });
    api.drafts.set(6, { futureServiceInteractionId: 6, channel: 'SMS', subject: null, content: 'newer, from the phone', clientMessageId: ID, updatedAt: new Date().toISOString() });
    const { seen } = await opened(tablet, 6);
    expect(seen).toEqual(['older, from this tablet', 'newer, from the phone']);
    tablet.close();
  });

  it('pushes the device copy when it is the later edit, and takes the server’s when the server answers it has a later one', async () => {
    const api = serverApi();
    const tablet = new Drafts(memoryDb(), api);
    api.drafts.set(7, { futureServiceInteractionId: 7, channel: 'SMS', subject: null, content: 'old on server', clientMessageId: ID, updatedAt: new Date(Date.now() - 60_000).toISOString() });
    api.online = false;
    await tablet.save({ interactionId: 7, channel: 'SMS', subject: null, text: 'newer here', clientMessageId: ID });
    api.online = true;
    const { seen } = await opened(tablet, 7);
    expect(seen).toEqual(['newer here']);
    expect(api.drafts.get(7)?.content).toBe('newer here');

    // Meanwhile the phone saved a later edit; this tablet's stale save loses and shows it.
    await tablet.save({ interactionId: 7, channel: 'SMS', subject: null, text: 'stale', clientMessageId: ID, updatedAt: Date.now() - 1_000 });
    api.drafts.set(7, { futureServiceInteractionId: 7, channel: 'SMS', subject: null, content: 'from the phone', clientMessageId: ID, updatedAt: new Date().toISOString() });
    await tablet.syncPending();
    await wait(20);
    expect(seen.at(-1)).toBe('from the phone');
    tablet.close();
  });

  it('drops a draft the server no longer has because it was sent from another device', async () => {
    const api = serverApi();
    const tablet = new Drafts(memoryDb(), api);
    await tablet.save({ interactionId: 8, channel: 'SMS', subject: null, text: 'Ready at 5', clientMessageId: ID });
    await tablet.syncPending();
    await wait(20);
    api.sent.add(ID);
    const { seen } = await opened(tablet, 8);
    expect(seen).toEqual(['Ready at 5', null]);
    expect((await opened(tablet, 8)).seen).toEqual([null]);
    tablet.close();
  });

  it('clears on the device at once and on the server once it can', async () => {
    const api = serverApi();
    const tablet = new Drafts(memoryDb(), api);
    await tablet.save({ interactionId: 9, channel: 'SMS', subject: null, text: 'Sent already', clientMessageId: ID });
    await tablet.syncPending();
    await wait(20);
    api.online = false;
    await tablet.clear(9, { channel: 'SMS', clientMessageId: ID });
    expect((await opened(tablet, 9)).seen).toEqual([null]);
    expect(api.drafts.has(9)).toBe(true);
    api.online = true;
    await tablet.syncPending();
    await wait(20);
    expect(api.drafts.has(9)).toBe(false);
    tablet.close();
  });
});

describe('Drafts while the server is asked', () => {
  it('does not bring back an older server draft over what the user sent or typed meanwhile', async () => {
    const api = serverApi();
    let release: () => void = () => {};
    const slowFetch = api.fetch;
    api.fetch = async (id) => {
      await new Promise<void>((resolve) => (release = resolve));
      return slowFetch(id);
    };
    api.drafts.set(12, { futureServiceInteractionId: 12, channel: 'SMS', subject: null, content: 'from the phone, an hour ago', clientMessageId: ID, updatedAt: new Date(Date.now() - 3_600_000).toISOString() });
    const tablet = new Drafts(memoryDb(), api);
    const seen: (string | null)[] = [];
    tablet.open(12, (d) => seen.push(d ? d.text : null));
    await wait(5);
    // Typed and sent on this tablet before the server answered.
    await tablet.save({ interactionId: 12, channel: 'SMS', subject: null, text: 'typed here', clientMessageId: ID });
    await tablet.clear(12, { channel: 'SMS', clientMessageId: ID });
    release();
    await wait(20);
    expect(seen).toEqual([null]);
    tablet.close();
  });
});
