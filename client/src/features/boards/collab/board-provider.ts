import { HocuspocusProvider, MessageType } from '@hocuspocus/provider';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

// y-protocols' sync step of a plain update ("apply these changes"), inside a Sync message.
const SYNC_UPDATE = 2;

/** What a received message asks of the board, when it is one of the two every move brings. */
export type BoardMessage = { kind: 'update'; update: Uint8Array } | { kind: 'applied' } | null;

/**
 * Reads the two messages each move brings, which are nearly all a board receives: another person's
 * move (a Sync message holding a plain update) and the server's acknowledgement that one of this
 * screen's own changes was applied (a SyncStatus message saying so). Null for anything else
 * (handshake steps, authentication, refusals, stateless notices), which the provider reads itself.
 */
export function readBoardMessage(data: Uint8Array): BoardMessage {
  try {
    const decoder = decoding.createDecoder(data);
    // The document's address, by which the socket routed it here: skipped, not decoded.
    const address = decoding.readVarUint(decoder);
    decoder.pos += address;
    if (decoder.pos >= data.length) return null;
    const type = decoding.readVarUint(decoder);
    if (type === MessageType.Sync) {
      if (decoding.readVarUint(decoder) !== SYNC_UPDATE) return null;
      return { kind: 'update', update: decoding.readVarUint8Array(decoder) };
    }
    if (type === MessageType.SyncStatus && decoding.readVarInt(decoder) === 1) return { kind: 'applied' };
    return null;
  } catch {
    return null;
  }
}

/**
 * The board's provider. It takes the other people's moves and the server's acknowledgements
 * straight off the socket: the stock provider reads every message three times over (a reader with
 * a reply buffer each time) and hands it through two event layers before the update reaches the
 * document, work each screen repeats for every move anyone makes. Applied the same way (the update
 * with the provider as its origin, the acknowledgement counted off the unsynced changes); every
 * other message goes through the stock provider. The provider's `message` event is not raised for
 * these two; nothing on the board listens to it.
 */
export class BoardProvider extends HocuspocusProvider {
  override onMessage(event: MessageEvent): void {
    const message = event.data instanceof ArrayBuffer ? readBoardMessage(new Uint8Array(event.data)) : null;
    if (message === null) {
      super.onMessage(event);
      return;
    }
    if (message.kind === 'applied') {
      this.decrementUnsyncedChanges();
      return;
    }
    try {
      Y.applyUpdate(this.document, message.update, this);
    } catch (error) {
      // As the stock provider does: a bad update is reported and dropped, the socket stays up.
      console.error('Caught error while handling a Yjs update', error);
    }
  }
}
