import { HocuspocusProviderWebsocket, type HocuspocusProvider } from '@hocuspocus/provider';
import * as decoding from 'lib0/decoding';

// The provider's message types (MessageType.Sync) and y-protocols' sync step of a plain update.
const MESSAGE_SYNC = 0;
const SYNC_UPDATE = 2;
// WebSocket.OPEN, the same in browsers and in `ws`.
const OPEN = 1;
// Past this many documents on one socket, messages are routed the stock way.
const MATCHED_PROVIDERS = 8;

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
  /** Each provider's address as it heads a message, encoded once. */
  private readonly heads = new WeakMap<HocuspocusProvider, { address: string; bytes: Uint8Array }>();

  override send(message: unknown): void {
    if (this.webSocket?.readyState !== OPEN && isDocumentUpdate(message)) return;
    super.send(message);
  }

  /**
   * Hands a message to the provider it is addressed to, as the stock socket does, but found by
   * comparing the address's bytes with the providers' own: the stock routing builds a reader (and
   * a reply buffer) and decodes the address text for every message, on every screen for every
   * change anyone makes. Pings, and whatever is not matched here, go the stock way.
   */
  override onMessage(event: MessageEvent): void {
    const provider = event.data instanceof ArrayBuffer ? this.addressee(new Uint8Array(event.data)) : undefined;
    if (provider === undefined) {
      super.onMessage(event);
      return;
    }
    this.resolveConnectionAttempt();
    this.lastMessageReceived = Date.now();
    provider.onMessage(event);
  }

  private addressee(data: Uint8Array): HocuspocusProvider | undefined {
    const { providerMap } = this.configuration;
    // The address heads the message: its length (one byte below 128) and its UTF-8 bytes.
    const length = data[0] ?? 0x80;
    if (data.length < 2 || length >= 0x80 || data.length < 1 + length || providerMap.size > MATCHED_PROVIDERS) return undefined;
    for (const [address, provider] of providerMap) {
      let head = this.heads.get(provider);
      if (head?.address !== address) this.heads.set(provider, (head = { address, bytes: new TextEncoder().encode(address) }));
      const { bytes } = head;
      if (bytes.length !== length) continue;
      let same = true;
      for (let i = 0; same && i < length; i++) same = bytes[i] === data[1 + i];
      if (same) return provider;
    }
    return undefined;
  }
}
