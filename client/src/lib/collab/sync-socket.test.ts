import { describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import { isDocumentUpdate, SyncSocket } from './sync-socket';

function message(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, 'store:1:board');
  write(encoder);
  return encoding.toUint8Array(encoder);
}

const update = message((e) => {
  encoding.writeVarUint(e, 0);
  syncProtocol.writeUpdate(e, new Uint8Array([0, 0]));
});
const awareness = message((e) => {
  encoding.writeVarUint(e, 1);
  encoding.writeVarUint8Array(e, new Uint8Array([1, 2, 3]));
});
const stepTwo = message((e) => {
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint(e, 1);
  encoding.writeVarUint8Array(e, new Uint8Array([0, 0]));
});

describe('SyncSocket', () => {
  it('tells document updates from the other messages', () => {
    expect([update, awareness, stepTwo, new Uint8Array([9])].map(isDocumentUpdate)).toEqual([true, false, false, false]);
  });

  it('keeps no document update for later while it is down, and queues the rest as the stock socket does', () => {
    const socket = new SyncSocket({ url: 'ws://127.0.0.1:9', autoConnect: false, WebSocketPolyfill: WebSocket });
    socket.send(update);
    socket.send(awareness);
    socket.send(stepTwo);
    expect((socket as unknown as { messageQueue: Uint8Array[] }).messageQueue).toEqual([awareness, stepTwo]);
    socket.destroy();
  });
});
