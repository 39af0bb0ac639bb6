import * as Y from 'yjs';

/**
 * Reading the one sync-protocol message the client cares about beyond what the provider does: the
 * server's own SyncStep1, which carries the server's state vector. Comparing it with the local
 * document tells whether the copy on this device holds anything the server does not (a server
 * database restored from a backup, a store that never reached PostgreSQL). A read-only connection
 * can never hand that content to the server, so the local copy would keep showing it forever.
 *
 * Decoded by hand (unsigned LEB128 and length-prefixed byte strings) because the encoding library
 * the provider uses is not a dependency of the client, and these are the only two primitives needed.
 */

// Message types of the Hocuspocus protocol: a sync message and the server's reply to a client sync.
const SYNC = 0;
const SYNC_REPLY = 4;
// y-protocols' sync step 1: "here is my state vector, send me what I lack".
const SYNC_STEP_1 = 0;

class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  varUint(): number {
    let value = 0;
    let factor = 1;
    for (;;) {
      if (this.pos >= this.bytes.length) throw new RangeError('message ends inside a number');
      const byte = this.bytes[this.pos++]!;
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) return value;
      factor *= 128;
      if (factor > Number.MAX_SAFE_INTEGER) throw new RangeError('number too large');
    }
  }

  take(length: number): Uint8Array {
    if (this.pos + length > this.bytes.length) throw new RangeError('message ends inside a byte string');
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
}

/**
 * The state vector of a server SyncStep1 message (client id → next clock), or null when the message
 * is anything else or cannot be read.
 */
export function serverStateVector(data: Uint8Array): Map<number, number> | null {
  try {
    const reader = new Reader(data);
    reader.take(reader.varUint()); // the document name
    const type = reader.varUint();
    if (type !== SYNC && type !== SYNC_REPLY) return null;
    if (reader.varUint() !== SYNC_STEP_1) return null;
    return Y.decodeStateVector(reader.take(reader.varUint()));
  } catch {
    return null;
  }
}

/**
 * True when `doc` holds an update the server's state vector does not cover. The server's document
 * only ever grows, so everything this client received from it earlier is covered; anything else
 * came from a history the server no longer has.
 */
export function hasContentBeyond(doc: Y.Doc, server: ReadonlyMap<number, number>): boolean {
  for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(doc))) {
    if (clock > (server.get(client) ?? 0)) return true;
  }
  return false;
}
