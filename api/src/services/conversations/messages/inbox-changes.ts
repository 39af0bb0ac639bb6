import type { Sql } from '../../../db/database';
import type { InboxNotifier } from '../notifier';

/**
 * The interactions a transaction changed in a way the inbox shows. Writers note them while the
 * transaction runs; they are told to the inbox only after it committed, so a listener never
 * reads a state older than the change it was told about, and a rollback tells nobody anything.
 */
export type InboxChanges = {
  add(storeId: number, interactionId: number): void;
  /** Tells `notifier` (when there is one) each store's noted interactions once, and forgets them. */
  announce(notifier: InboxNotifier | undefined): void;
};

/** A transaction that writes messages: its handle, and the changes to announce after its commit. */
export type MessageTx = { tx: Sql; changes: InboxChanges };

export function inboxChanges(): InboxChanges {
  const byStore = new Map<number, Set<number>>();
  return {
    add(storeId, interactionId) {
      let ids = byStore.get(storeId);
      if (!ids) byStore.set(storeId, (ids = new Set()));
      ids.add(interactionId);
    },
    announce(notifier) {
      const batches = [...byStore.entries()];
      byStore.clear();
      for (const [storeId, ids] of batches) notifier?.interactionsChanged(storeId, [...ids]);
    },
  };
}

/**
 * Runs `work` in one transaction and, once it committed, announces the interactions it noted.
 * Work that also announces changes other than messages notes them with `changes.add` too.
 */
export async function inMessageTx<T>(deps: { sql: Sql; notifier?: InboxNotifier | undefined }, work: (m: MessageTx) => Promise<T>): Promise<T> {
  const changes = inboxChanges();
  const result = (await deps.sql.begin((t) => work({ tx: t as unknown as Sql, changes }))) as T;
  changes.announce(deps.notifier);
  return result;
}
