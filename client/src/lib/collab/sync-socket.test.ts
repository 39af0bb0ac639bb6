import { describe, expect, it, vi } from 'vitest';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
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

  it("hands each message to the provider it is addressed to, and leaves the rest to the stock routing", () => {
    const socket = new SyncSocket({ url: 'ws://127.0.0.1:9', autoConnect: false, WebSocketPolyfill: WebSocket });
    const providers = ['store:1:board', 'store:1:inbox', 'store:12:board'].map((name) => {
      const provider = new HocuspocusProvider({ name, document: new Y.Doc(), websocketProvider: socket });
      provider.attach();
      return { name, provider, heard: vi.spyOn(provider, 'onMessage').mockImplementation(() => {}) };
    });
    const to = (address: string) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarString(encoder, address);
      encoding.writeVarUint(encoder, 0);
      syncProtocol.writeUpdate(encoder, new Uint8Array([0, 0]));
      return { data: encoding.toUint8Array(encoder).slice().buffer } as MessageEvent;
    };
    const stock = vi.spyOn(HocuspocusProviderWebsocketPrototype(), 'onMessage');
    for (const { name } of providers) socket.onMessage(to(name));
    expect(providers.map(({ heard }) => heard.mock.calls.length)).toEqual([1, 1, 1]);
    expect(stock).not.toHaveBeenCalled();
    expect(socket.lastMessageReceived).toBeGreaterThan(Date.now() - 1_000);
    // An address no provider holds, and a name longer than a one-byte length, go the stock way.
    socket.onMessage(to('store:2:board'));
    socket.onMessage(to(`store:1:board${'x'.repeat(200)}`));
    expect(stock).toHaveBeenCalledTimes(2);
    expect(providers.map(({ heard }) => heard.mock.calls.length)).toEqual([1, 1, 1]);
    stock.mockRestore();
    for (const { provider } of providers) provider.destroy();
    socket.destroy();
  });
});

/** The stock socket's prototype, whose routing SyncSocket falls back to. */
function HocuspocusProviderWebsocketPrototype(): { onMessage(event: MessageEvent): void } {
  return Object.getPrototypeOf(SyncSocket.prototype) as { onMessage(event: MessageEvent): void };
}
