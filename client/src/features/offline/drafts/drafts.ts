import type { SendMessageType } from '@drivebay/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { DRAFTS_STORE, type KeyValueDb } from '../db/offline-db';
import type { DraftWire } from './drafts-api';

/** A composer draft as this device keeps it. Empty text and subject: cleared (kept until the server knows). */
export type DraftRecord = {
  interactionId: number;
  channel: SendMessageType;
  subject: string | null;
  text: string;
  /** The id the draft's message will be sent with, from whichever device sends it. */
  clientMessageId: string;
  /** Epoch ms of the edit; across devices the later edit wins. */
  updatedAt: number;
  /** False until the server has this version (or answered that it has a later one). */
  synced: boolean;
};

export type DraftsApi = {
  fetch(interactionId: number): Promise<DraftWire | null>;
  store(draft: DraftWire): Promise<{ applied: boolean; draft: DraftWire | null }>;
};

/** How long the composer's typing settles before the server is told. */
export const DRAFT_SYNC_DELAY_MS = 800;

const isEmpty = (d: Pick<DraftRecord, 'text' | 'subject'>) => d.text.trim() === '' && (d.subject ?? '').trim() === '';

function fromWire(w: DraftWire): DraftRecord {
  return {
    interactionId: w.futureServiceInteractionId,
    channel: w.channel,
    subject: w.subject,
    text: w.content,
    clientMessageId: w.clientMessageId,
    updatedAt: Date.parse(w.updatedAt),
    synced: true,
  };
}

function toWire(d: DraftRecord): DraftWire {
  return {
    futureServiceInteractionId: d.interactionId,
    channel: d.channel,
    subject: d.subject,
    content: d.text,
    clientMessageId: d.clientMessageId,
    updatedAt: new Date(d.updatedAt).toISOString(),
  };
}

/** A network failure or a server error: worth trying again later (not a refusal). */
function passing(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status === null || error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * The user's composer drafts: written to the device on every change, sent to the server a moment
 * after typing settles, and merged by edit time when a conversation opens (device copy first,
 * then the server's), so a reply started on one tablet continues on the next.
 */
export class Drafts {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Map<number, Set<(draft: DraftRecord | null) => void>>();
  private closed = false;

  constructor(
    private readonly db: Omit<KeyValueDb, 'close'>,
    private readonly api: DraftsApi,
  ) {}

  /**
   * Follows the draft of a conversation: the listener gets the device copy at once, the server's
   * when it is newer, and any later edit that arrives from the server. Null: no draft.
   */
  open(interactionId: number, listener: (draft: DraftRecord | null) => void): () => void {
    const set = this.listeners.get(interactionId) ?? new Set();
    set.add(listener);
    this.listeners.set(interactionId, set);
    let active = true;
    void (async () => {
      const local = await this.local(interactionId);
      if (!active) return;
      listener(local && !isEmpty(local) ? local : null);
      let server: DraftRecord | null;
      try {
        const wire = await this.api.fetch(interactionId);
        server = wire ? fromWire(wire) : null;
      } catch (error) {
        if (!passing(error)) console.info('Drafts are kept on this device only: the server did not answer for this conversation', error);
        return;
      }
      if (!active) return;
      // The user may have typed, sent or cleared while the server was asked: compare with now.
      const latest = await this.local(interactionId);
      if (!active) return;
      if (server && (!latest || server.updatedAt > latest.updatedAt)) {
        await this.db.put(DRAFTS_STORE, server);
        this.notify(interactionId, server);
      } else if (latest && !latest.synced) {
        this.schedule(latest, 0);
      } else if (!server && latest && latest.synced) {
        // The server had it and has it no more: sent or cleared on another device.
        await this.db.delete(DRAFTS_STORE, interactionId);
        if (!isEmpty(latest)) this.notify(interactionId, null);
      }
    })().catch((error: unknown) => console.error('Reading the draft failed', error));
    return () => {
      active = false;
      set.delete(listener);
    };
  }

  /** Keeps the composer's state on the device now and on the server after typing settles. */
  async save(draft: Omit<DraftRecord, 'synced' | 'updatedAt'> & { updatedAt?: number }): Promise<void> {
    const record: DraftRecord = { ...draft, updatedAt: draft.updatedAt ?? Date.now(), synced: false };
    await this.db.put(DRAFTS_STORE, record);
    this.schedule(record, DRAFT_SYNC_DELAY_MS);
  }

  /** The draft was sent or emptied: cleared here at once and on the server as soon as it can be told. */
  async clear(interactionId: number, draft: Pick<DraftRecord, 'channel' | 'clientMessageId'>): Promise<void> {
    await this.save({ interactionId, channel: draft.channel, subject: null, text: '', clientMessageId: draft.clientMessageId });
  }

  /** Sends every draft the server does not have yet (the network just came back). */
  async syncPending(): Promise<void> {
    const all = await this.db.all<DraftRecord>(DRAFTS_STORE);
    for (const record of all) if (!record.synced) this.schedule(record, 0);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.listeners.clear();
  }

  private async local(interactionId: number): Promise<DraftRecord | null> {
    return (await this.db.get<DraftRecord>(DRAFTS_STORE, interactionId)) ?? null;
  }

  private schedule(record: DraftRecord, delayMs: number): void {
    if (this.closed) return;
    const pending = this.timers.get(record.interactionId);
    if (pending) clearTimeout(pending);
    this.timers.set(
      record.interactionId,
      setTimeout(() => {
        this.timers.delete(record.interactionId);
        void this.push(record.interactionId);
      }, delayMs),
    );
  }

  private async push(interactionId: number): Promise<void> {
    const record = await this.local(interactionId);
    if (!record || record.synced || this.closed) return;
    let answer: { applied: boolean; draft: DraftWire | null };
    try {
      answer = await this.api.store(toWire(record));
    } catch (error) {
      // Offline: it stays unsynced and goes with the next syncPending. A refusal (the
      // conversation left the user's scope) is final: the draft stays on this device only.
      if (!passing(error)) await this.markSynced(record);
      return;
    }
    const current = await this.local(interactionId);
    // Edited again while the request was out: that newer version goes next.
    if (current && current.updatedAt !== record.updatedAt) return;
    if (answer.applied || !answer.draft) {
      if (answer.applied && isEmpty(record)) await this.db.delete(DRAFTS_STORE, interactionId);
      else if (!answer.draft) {
        await this.db.delete(DRAFTS_STORE, interactionId);
        if (!isEmpty(record)) this.notify(interactionId, null);
      } else await this.markSynced(record);
      return;
    }
    // Another device has a later edit: it wins here too.
    const newer = fromWire(answer.draft);
    await this.db.put(DRAFTS_STORE, newer);
    this.notify(interactionId, newer);
  }

  private async markSynced(record: DraftRecord): Promise<void> {
    if (isEmpty(record)) await this.db.delete(DRAFTS_STORE, record.interactionId);
    else await this.db.put(DRAFTS_STORE, { ...record, synced: true });
  }

  private notify(interactionId: number, draft: DraftRecord | null): void {
    for (const listener of [...(this.listeners.get(interactionId) ?? [])]) listener(draft && !isEmpty(draft) ? draft : null);
  }
}
