import type { Sql } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { ackGate, FOLLOW_UP_MAX_WAIT_MS } from '../../lib/ack-first';

/**
 * Told after a commit that interactions of a store changed in a way the inbox shows (a message,
 * a counter, a status, a flag), or with no ids, that something of the store's board changed (an
 * appointment without a conversation). Fire-and-forget: the caller's response never waits for it.
 */
export type InboxNotifier = { interactionsChanged(storeId: number, interactionIds: number[]): void };

/** The channel separate processes (the sync server) LISTEN on. */
export const INBOX_CHANNEL = 'drivebay_inbox';

/** What one NOTIFY on {@link INBOX_CHANNEL} carries. */
export type InboxNotification = { storeId: number; interactionIds: number[] };

/**
 * How long changes of one store are gathered before one notification goes out. Short: every
 * open inbox waits this long for a new text. Bursts still gather far more than this window, since
 * a batch also waits for the carriers' acknowledgements in flight (`ackGate`).
 */
export const DEFAULT_BATCH_MS = 10;

// NOTIFY payloads are limited to 8000 bytes; 500 ids of up to 12 digits stay well inside it.
const IDS_PER_NOTIFY = 500;

type Flush = (storeId: number, interactionIds: number[]) => Promise<void> | void;

/**
 * Gathers changes per store for `delayMs` and flushes each store once with the union of its ids,
 * so a burst of inbound messages costs one inbox refresh per store rather than one per message.
 */
function batching(flush: Flush, opts: { delayMs?: number; logger?: Logger | undefined }): InboxNotifier & { flush(): Promise<void> } {
  const delayMs = opts.delayMs ?? DEFAULT_BATCH_MS;
  const pending = new Map<number, Set<number>>();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;

  const run = (): Promise<void> => {
    timer = null;
    const batches = [...pending.entries()];
    pending.clear();
    const work = Promise.all(
      batches.map(async ([storeId, ids]) => {
        try {
          await flush(storeId, [...ids]);
        } catch (err) {
          // The inbox heals on its next rebuild; a failed refresh must not reach the caller.
          opts.logger?.error({ err, storeId }, 'inbox notification failed');
        }
      }),
    ).then(() => {});
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  };

  return {
    interactionsChanged(storeId, interactionIds) {
      if (!Number.isSafeInteger(storeId) || storeId <= 0) return;
      const ids = interactionIds.filter((id) => Number.isSafeInteger(id) && id > 0);
      let set = pending.get(storeId);
      if (!set) pending.set(storeId, (set = new Set()));
      for (const id of ids) set.add(id);
      // Carriers' acknowledgements in flight go first; the batch meanwhile gathers what follows.
      timer ??= setTimeout(() => void ackGate.quiet(FOLLOW_UP_MAX_WAIT_MS).then(run), delayMs);
    },
    /** Sends what is gathered now and waits for everything under way (tests, shutdown). */
    async flush() {
      if (timer) {
        clearTimeout(timer);
        run();
      }
      await Promise.all([...inFlight]);
    },
  };
}

/**
 * For the single process: calls `onChange` (e.g. the sync server's `refreshInboxRows`) with each
 * store's batch.
 */
export function createInProcessNotifier(
  onChange: Flush,
  opts: { delayMs?: number; logger?: Logger } = {},
): InboxNotifier & { flush(): Promise<void> } {
  return batching(onChange, opts);
}

/**
 * For separate processes: `pg_notify('drivebay_inbox', {storeId, interactionIds})` per store batch;
 * the sync server subscribes with {@link listenForInboxChanges}. Sent after the caller's commit,
 * so a listener never reads a state older than the change it was told about.
 */
export function createPgNotifier(sql: Sql, opts: { delayMs?: number; logger?: Logger } = {}): InboxNotifier & { flush(): Promise<void> } {
  return batching(async (storeId, ids) => {
    // A store-level change (no ids) still goes out once.
    for (let i = 0; i === 0 || i < ids.length; i += IDS_PER_NOTIFY) {
      const payload: InboxNotification = { storeId, interactionIds: ids.slice(i, i + IDS_PER_NOTIFY) };
      await sql`select pg_notify(${INBOX_CHANNEL}, ${JSON.stringify(payload)})`;
    }
  }, opts);
}

/**
 * Subscribes to the notifications of {@link createPgNotifier}. Needs a PostgreSQL server: the
 * embedded PGlite engine does not deliver notifications to other connections, which is why the
 * single process uses {@link createInProcessNotifier} instead.
 */
export async function listenForInboxChanges(
  sql: Sql,
  onChange: (n: InboxNotification) => void,
  logger?: Logger,
): Promise<{ unlisten: () => Promise<void> }> {
  const { unlisten } = await sql.listen(INBOX_CHANNEL, (payload) => {
    try {
      const parsed = JSON.parse(payload) as InboxNotification;
      if (Number.isSafeInteger(parsed.storeId) && Array.isArray(parsed.interactionIds)) onChange(parsed);
    } catch (err) {
      logger?.warn({ err, payload }, 'ignored a malformed inbox notification');
    }
  });
  return { unlisten };
}

/** Tells several notifiers (e.g. the local sync server and other processes). */
export function fanOutNotifier(...notifiers: InboxNotifier[]): InboxNotifier {
  return {
    interactionsChanged(storeId, ids) {
      for (const n of notifiers) n.interactionsChanged(storeId, ids);
    },
  };
}
