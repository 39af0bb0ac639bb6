import { sendMessageResponseSchema, type SendMessage } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';
import { OUTBOX_STORE, type KeyValueDb } from '../db/offline-db';
import { Outbox, type OutboxBroadcast, type OutboxDeps } from './outbox';
import type { OutboxEntry } from './outbox-machine';

/** The Web Lock every tab of the browser takes before sending from (or editing) the outbox. */
export const OUTBOX_LOCK = 'drivebay-outbox';
/**
 * A send that has not answered by then is treated as lost and retried with the same id. Flaky
 * Wi-Fi can leave a request hanging for minutes, and the flush holds the lock meanwhile.
 */
export const SEND_TIMEOUT_MS = 20_000;

function send(body: SendMessage) {
  return apiRequest('/api/svc-message-instance/svc-send-message', {
    method: 'POST',
    body,
    schema: sendMessageResponseSchema,
    notify: false,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
}

/** In-tab stand-in for browsers without Web Locks; the server's once-per-id insert still holds across tabs. */
function tabMutex(): OutboxDeps['withLock'] {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task);
    tail = run.catch(() => {});
    return run;
  };
}

function webLock(): OutboxDeps['withLock'] {
  if (typeof navigator === 'undefined' || !navigator.locks) return tabMutex();
  return <T>(task: () => Promise<T>) => navigator.locks.request(OUTBOX_LOCK, () => task()) as Promise<T>;
}

function channelFor(userId: number): OutboxDeps['channel'] {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(`drivebay:user:${userId}:outbox`);
  return {
    post: (message: OutboxBroadcast) => channel.postMessage(message),
    listen: (listener) => {
      const onMessage = (event: MessageEvent<OutboxBroadcast>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => {
        channel.removeEventListener('message', onMessage);
        channel.close();
      };
    },
  };
}

/** The outbox of the signed-in user in this browser: IndexedDB, a Web Lock, a BroadcastChannel. */
export function browserOutbox(userId: number, db: KeyValueDb): Outbox {
  return new Outbox({
    storage: {
      all: () => db.all<OutboxEntry>(OUTBOX_STORE),
      put: (entry) => db.put(OUTBOX_STORE, entry),
      delete: (clientMessageId) => db.delete(OUTBOX_STORE, clientMessageId),
    },
    send,
    withLock: webLock(),
    channel: channelFor(userId),
  });
}
