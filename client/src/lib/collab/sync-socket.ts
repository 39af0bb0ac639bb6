import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as decoding from 'lib0/decoding';

// The provider's message types (MessageType.Sync) and y-protocols' sync step of a plain update.
const MESSAGE_SYNC = 0;
const SYNC_UPDATE = 2;
// WebSocket.OPEN, the same in browsers and in `ws`.
const OPEN = 1;

/** Whether an outgoing provider message is a document update ("name, sync, update, bytes"). */
export function isDocumentUpdate(message: unknown): boolean {
  if (!(message instanceof Uint8Array)) return false;
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder);
    return decoding.readVarUint(decoder) === MESSAGE_SYNC && decoding.readVarUint(decoder) === SYNC_UPDATE;
  } catch {
    return false;
  }
}

/**
 * The shared WebSocket of the sync providers, less one thing: document updates made while the
 * socket is not open are not queued. The stock socket queues every message while it is down and
 * sends the queue once it is back; a document's updates made offline would then travel twice,
 * once from the queue and once in the reconnect handshake, where the provider answers the server's
 * state vector with everything the server lacks (those very updates, merged). The handshake runs
 * on every (re)connection before anything else is exchanged, so it alone carries them.
 * Everything else (authentication, presence, stateless messages) is queued as before.
 */
export class SyncSocket extends HocuspocusProviderWebsocket {
  override send(message: unknown): void {
    if (this.webSocket?.readyState !== OPEN && isDocumentUpdate(message)) return;
    super.send(message);
  }
}
