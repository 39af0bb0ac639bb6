import type { MessageInstanceDto, SendMessage } from '@drivebay/shared';
import { afterAttempt, classifyFailure, flushPlan, nextWake, type OutboxEntry, type SendOutcome } from './outbox-machine';

/** Where entries live: IndexedDB in the browser, a map in tests. Shared by every tab of the user. */
export type OutboxStorage = {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(clientMessageId: string): Promise<void>;
};

/** What tabs tell each other: entries changed, or the server accepted one. */
export type OutboxBroadcast = { type: 'changed' } | { type: 'accepted'; clientMessageId: string; interactionId: number; message: MessageInstanceDto; notice: string };

export type OutboxDeps = {
  storage: OutboxStorage;
  /** The send call; resolves with the server's answer, rejects as apiRequest does. */
  send: (body: SendMessage) => Promise<{ message: string; messageInstance: MessageInstanceDto }>;
  /**
   * Runs `task` while holding the user's outbox lock, shared by every tab (a Web Lock in the
   * browser), so only one tab sends at a time and edits never race a send.
   */
  withLock: <T>(task: () => Promise<T>) => Promise<T>;
  /** Cross-tab messages (a BroadcastChannel in the browser); absent, this tab is on its own. */
  channel?: { post(message: OutboxBroadcast): void; listen(listener: (message: OutboxBroadcast) => void): () => void };
  now?: () => number;
  random?: () => number;
};

export type AcceptedListener = (event: { message: MessageInstanceDto; notice: string; interactionId: number; ownTab: boolean }) => void;

/**
 * The user's outbox: messages are written to the device before anything goes on the wire, and
 * leave only when the server has them. Sends happen one at a time under a lock shared by the
 * user's tabs; the server inserts once per clientMessageId, so a retry after a lost answer, a
 * second tab or a second device never sends a message twice.
 */
export class Outbox {
  private snapshot: OutboxEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly acceptedListeners = new Set<AcceptedListener>();
  /** Messages composed in this tab: only this tab says "Successfully Sent" for them. */
  private readonly ownIds = new Set<string>();
  private flushing: Promise<void> | null = null;
  private again: { force: boolean } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly stopListening: () => void;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly deps: OutboxDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.stopListening =
      deps.channel?.listen((message) => {
        if (message.type === 'accepted') this.announceAccepted(message);
        void this.refresh();
      }) ?? (() => {});
    void this.refresh();
  }

  /** The entries as last read, oldest first. */
  entries(): OutboxEntry[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Told whenever the server accepts a message from the outbox, whichever tab sent it. */
  onAccepted(listener: AcceptedListener): () => void {
    this.acceptedListeners.add(listener);
    return () => {
      this.acceptedListeners.delete(listener);
    };
  }

  /** Writes a message to the device, then tries to send it. Resolves once it is stored. */
  async enqueue(input: { userId: number; body: SendMessage & { clientMessageId: string }; text: string }): Promise<void> {
    const now = this.now();
    const entry: OutboxEntry = {
      clientMessageId: input.body.clientMessageId,
      userId: input.userId,
      interactionId: input.body.jaguarFutureServiceInteractionId,
      body: input.body,
      text: input.text,
      createdAt: now,
      state: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      error: null,
    };
    this.ownIds.add(entry.clientMessageId);
    await this.deps.storage.put(entry);
    await this.changed();
    void this.flush();
  }

  /** Sends a queued or refused message again now. */
  async retry(clientMessageId: string): Promise<void> {
    await this.update(clientMessageId, (e) => (e.state === 'sending' ? e : { ...e, state: 'queued', nextAttemptAt: this.now(), error: null }));
    void this.flush({ force: true });
  }

  /**
   * Replaces a message that has not reached the server (edited after a refusal) with a new one:
   * new text is a new message, so it gets its own clientMessageId and keeps its place in line.
   */
  async replace(clientMessageId: string, body: SendMessage & { clientMessageId: string }, text: string): Promise<boolean> {
    const replaced = await this.deps.withLock(async () => {
      const entry = (await this.deps.storage.all()).find((e) => e.clientMessageId === clientMessageId);
      if (!entry) return false;
      await this.deps.storage.delete(clientMessageId);
      await this.deps.storage.put({ ...entry, clientMessageId: body.clientMessageId, body, text, state: 'queued', attempts: 0, nextAttemptAt: this.now(), error: null });
      return true;
    });
    this.ownIds.add(body.clientMessageId);
    await this.changed();
    void this.flush({ force: true });
    return replaced;
  }

  /**
   * Removes a message that has not reached the server. Under the lock, so it never races a send:
   * if a send was under way and the server took it, it is gone from the outbox already.
   */
  async discard(clientMessageId: string): Promise<void> {
    await this.deps.withLock(() => this.deps.storage.delete(clientMessageId));
    await this.changed();
  }

  /**
   * Sends what is due. Calls while a flush runs are folded into one more pass afterwards.
   * `force`: the network or the session just came back, so backoff waits are skipped.
   */
  flush(options: { force?: boolean } = {}): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.flushing) {
      this.again = { force: (this.again?.force ?? false) || (options.force ?? false) };
      return this.flushing;
    }
    const run = async () => {
      let force = options.force ?? false;
      for (;;) {
        await this.deps.withLock(() => this.flushOnce(force));
        const next = this.again;
        this.again = null;
        if (!next || this.closed) break;
        force = next.force;
      }
    };
    this.flushing = run()
      .catch((error: unknown) => console.error('The outbox could not be flushed', error))
      .finally(() => {
        this.flushing = null;
        this.scheduleWake();
      });
    return this.flushing;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopListening();
    this.listeners.clear();
    this.acceptedListeners.clear();
  }

  private async flushOnce(force: boolean): Promise<void> {
    const plan = flushPlan(await this.deps.storage.all(), this.now(), force);
    const skip = new Set<number>();
    for (const planned of plan) {
      if (this.closed) return;
      if (skip.has(planned.interactionId)) continue;
      await this.deps.storage.put({ ...planned, state: 'sending' });
      await this.changed();
      const outcome = await this.attempt(planned);
      const next = afterAttempt(planned, outcome, this.now(), this.random);
      if (next) await this.deps.storage.put(next);
      else await this.deps.storage.delete(planned.clientMessageId);
      if (outcome.kind === 'accepted') {
        const event: OutboxBroadcast = {
          type: 'accepted',
          clientMessageId: planned.clientMessageId,
          interactionId: planned.interactionId,
          message: outcome.message,
          notice: outcome.notice,
        };
        this.announceAccepted(event);
        this.deps.channel?.post(event);
      }
      await this.changed();
      // Without a network (or a session) the rest would fail the same way: wait for the next trigger.
      if (outcome.kind === 'retry' || outcome.kind === 'unauthorized') return;
      // Later messages of a conversation wait behind one the server refused.
      if (outcome.kind === 'refused') skip.add(planned.interactionId);
    }
  }

  private async attempt(entry: OutboxEntry): Promise<SendOutcome> {
    try {
      const answer = await this.deps.send(entry.body);
      return { kind: 'accepted', message: answer.messageInstance, notice: answer.message };
    } catch (error) {
      return classifyFailure(error);
    }
  }

  private async update(clientMessageId: string, change: (entry: OutboxEntry) => OutboxEntry): Promise<void> {
    await this.deps.withLock(async () => {
      const entry = (await this.deps.storage.all()).find((e) => e.clientMessageId === clientMessageId);
      if (entry) await this.deps.storage.put(change(entry));
    });
    await this.changed();
  }

  private announceAccepted(event: Extract<OutboxBroadcast, { type: 'accepted' }>): void {
    const ownTab = this.ownIds.delete(event.clientMessageId);
    for (const listener of [...this.acceptedListeners]) listener({ message: event.message, notice: event.notice, interactionId: event.interactionId, ownTab });
  }

  private async changed(): Promise<void> {
    await this.refresh();
    this.deps.channel?.post({ type: 'changed' });
  }

  private async refresh(): Promise<void> {
    try {
      const entries = (await this.deps.storage.all()).sort((a, b) => a.createdAt - b.createdAt);
      if (this.closed) return;
      this.snapshot = entries;
      for (const listener of [...this.listeners]) listener();
      // Another tab may have sent, failed or closed: this tab keeps its own timer for what is left.
      if (!this.flushing) this.scheduleWake();
    } catch (error) {
      console.error('Reading the outbox failed', error);
    }
  }

  private scheduleWake(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const wake = nextWake(this.snapshot);
    if (wake === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, Math.max(0, wake - this.now()));
  }
}
