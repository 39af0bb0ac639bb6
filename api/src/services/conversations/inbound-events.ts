import type { Logger } from '../../lib/logger';

/** A customer's message, committed: what the assistant and other follow-up work start from. */
export type InboundCommitted = {
  storeId: number;
  interactionId: number;
  customerId: number;
  messageId: number;
  content: string;
  mediaUrls: string[];
  /** The sender was not known: a customer and an interaction were created for them. */
  createdCustomer: boolean;
  createdInteraction: boolean;
};

export type InboundListener = (event: InboundCommitted) => void | Promise<void>;

/** A list of listeners, each run after the commit and outside the carrier's response time. */
export type ListenerList<E> = {
  /** Adds a listener; returns the function that removes it again. */
  add(listener: (event: E) => void | Promise<void>): () => void;
  /** Runs every listener on a later turn of the event loop; failures are logged, never thrown. */
  emit(event: E, logger?: Logger): void;
  readonly size: number;
};

export function createListenerList<E>(): ListenerList<E> {
  const listeners = new Set<(event: E) => void | Promise<void>>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event, logger) {
      for (const listener of [...listeners]) {
        setImmediate(() => {
          Promise.resolve()
            .then(() => listener(event))
            .catch((err) => logger?.error({ err }, 'an inbound listener failed'));
        });
      }
    },
    get size() {
      return listeners.size;
    },
  };
}

/**
 * Ordinary customer messages (never carrier keywords such as STOP or HELP) after their commit.
 * The assistant subscribes here.
 */
export const onInboundCommitted: ListenerList<InboundCommitted> = createListenerList<InboundCommitted>();
