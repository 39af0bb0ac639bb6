import type {
  afterLoadDocumentPayload,
  beforeBroadcastStatelessPayload,
  Document,
  onAwarenessUpdatePayload,
  onChangePayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import { OutgoingMessage } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import IORedis from 'ioredis';
import * as Y from 'yjs';
import type { Logger } from '../logger';

export type RedisFanoutOptions = {
  /** redis://host:port of the Redis every sync process of the deployment shares. */
  url: string;
  logger: Logger;
  /** Channel namespace; processes that must see each other use the same one. */
  prefix?: string | undefined;
  /** This process's name on the channels (a random one by default). */
  identifier?: string;
};

/** The parts of the extension kept private in its typings that the degraded mode needs. */
type RedisInternals = {
  documents: Map<string, Document>;
  subKey(documentName: string): string;
  pubKey(documentName: string): string;
  encodeMessage(message: Uint8Array): Buffer;
};

// A load waits this long for Redis before the document opens on this process alone.
const SUBSCRIBE_DEADLINE_MS = 2_000;
// After Redis returns, the documents are announced again once more, for peers that came back later.
const RESYNC_AGAIN_MS = 1_500;

/**
 * Hocuspocus's Redis extension, for several sync processes holding the same document: every
 * change, awareness update and stateless message of a document is published to the processes
 * that also hold it. Routing a store to one process (nginx, hash on the store) makes that rare;
 * this is the safety net that keeps it correct when it happens.
 *
 * Two changes to the stock behaviour:
 * - No store lock. The lock lets only one process store a document at a time and skips the
 *   others' stores; here every store merges with the stored state (see Persistence), so
 *   concurrent stores are safe, and a skipped store while Redis is away would lose edits.
 * - Redis away is not an outage. Documents open and edit on the process that holds them; nothing
 *   is published until Redis answers again, when each document held is announced to the peers
 *   (its state vector, so they send what it lacks, and its whole state, so they get what they
 *   lack).
 */
export class RedisFanout extends Redis {
  private readonly log: Logger;
  private readonly internals: RedisInternals;
  private wasReady = false;

  constructor(options: RedisFanoutOptions) {
    const base = { maxRetriesPerRequest: 1, retryStrategy: (attempt: number) => Math.min(100 * attempt, 2_000) };
    let made = 0;
    super({
      prefix: options.prefix ?? 'drivebay',
      ...(options.identifier ? { identifier: options.identifier } : {}),
      disconnectDelay: 250,
      awaitInitialSyncTimeout: 2_000,
      // The first client made is the publisher: without Redis its commands fail at once instead of
      // piling up. The subscriber keeps its queue and re-subscribes by itself after a reconnect.
      createClient: () => new IORedis(options.url, made++ === 0 ? { ...base, enableOfflineQueue: false } : base),
    });
    this.log = options.logger;
    this.internals = this as unknown as RedisInternals;
    for (const client of [this.pub, this.sub]) {
      client.on('error', (err: Error) => options.logger.debug({ err: err.message }, 'redis connection problem'));
    }
    this.pub.on('ready', () => {
      if (this.wasReady) {
        this.log.info({}, 'redis is back: announcing the documents held here');
        void this.announceAll();
        setTimeout(() => void this.announceAll(), RESYNC_AGAIN_MS).unref();
      }
      this.wasReady = true;
    });
    this.pub.on('end', () => this.log.warn({}, 'redis connection closed'));
    this.pub.on('close', () => {
      if (this.wasReady) this.log.warn({}, 'redis unavailable: documents stay on this process until it returns');
    });
  }

  /** Whether both connections answer; when not, documents live on this process alone. */
  get redisAnswers(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  override async afterLoadDocument(payload: afterLoadDocumentPayload): Promise<void> {
    const { documentName, document } = payload;
    if (this.redisAnswers) {
      try {
        await withDeadline(super.afterLoadDocument(payload), SUBSCRIBE_DEADLINE_MS);
        return;
      } catch (err) {
        this.log.warn({ err: (err as Error).message, documentName }, 'redis did not answer: the document opens on this process alone');
      }
    }
    // Tracked so peers' messages apply once Redis is back; the subscriber subscribes when it reconnects.
    this.internals.documents.set(documentName, document);
    this.sub.subscribe(this.internals.subKey(documentName)).catch(() => undefined);
  }

  override async onStoreDocument(_payload: onStoreDocumentPayload): Promise<void> {}

  override async afterStoreDocument(): Promise<void> {}

  override async onChange(data: onChangePayload): Promise<void> {
    if (this.redisAnswers) await super.onChange(data);
  }

  override async onAwarenessUpdate(data: onAwarenessUpdatePayload): Promise<void> {
    if (this.redisAnswers) await super.onAwarenessUpdate(data);
  }

  /** Resolves with the number of peers the message reached (0 without Redis). */
  override async beforeBroadcastStateless(data: beforeBroadcastStatelessPayload): Promise<number> {
    if (!this.redisAnswers) return 0;
    return super.beforeBroadcastStateless(data).catch((err: unknown) => {
      this.log.debug({ err: (err as Error).message }, 'stateless not published');
      return 0;
    });
  }

  /** Publishes each held document's state vector and whole state (after Redis came back). */
  private async announceAll(): Promise<void> {
    if (!this.redisAnswers || !this.instance) return;
    for (const [documentName, document] of this.instance.documents) {
      try {
        await this.sub.subscribe(this.internals.subKey(documentName));
        const step1 = new OutgoingMessage(documentName).createSyncMessage().writeFirstSyncStepFor(document);
        const whole = new OutgoingMessage(documentName).createSyncMessage().writeUpdate(Y.encodeStateAsUpdate(document));
        for (const message of [step1, whole]) {
          await this.pub.publish(this.internals.pubKey(documentName), this.internals.encodeMessage(message.toUint8Array()));
        }
      } catch (err) {
        this.log.debug({ err: (err as Error).message, documentName }, 'could not announce a document');
      }
    }
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
