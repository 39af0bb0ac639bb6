import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { hasContentBeyond, serverStateVector } from './sync-messages';

function varUint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

function bytes(...parts: (number[] | Uint8Array)[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((p) => Array.from(p)));
}

function syncStep1(name: string, doc: Y.Doc, type = 0): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const sv = Y.encodeStateVector(doc);
  return bytes(varUint(nameBytes.length), nameBytes, varUint(type), varUint(0), varUint(sv.length), sv);
}

function docWith(entries: Record<string, number>): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const [k, v] of Object.entries(entries)) doc.getMap('rows').set(k, v);
  });
  return doc;
}

describe('serverStateVector', () => {
  it('reads the state vector of a sync step 1 and of a sync reply', () => {
    const server = docWith({ a: 1, b: 2 });
    const expected = Y.decodeStateVector(Y.encodeStateVector(server));
    expect(serverStateVector(syncStep1('store:1:inbox', server))).toEqual(expected);
    expect(serverStateVector(syncStep1('store:1:inbox', server, 4))).toEqual(expected);
  });

  it('ignores other messages and broken bytes', () => {
    const server = docWith({ a: 1 });
    const update = Y.encodeStateAsUpdate(server);
    const name = new TextEncoder().encode('n');
    // A sync step 2 (an update) is not a state vector.
    expect(serverStateVector(bytes(varUint(1), name, varUint(0), varUint(1), varUint(update.length), update))).toBeNull();
    // Awareness, then a message cut short.
    expect(serverStateVector(bytes(varUint(1), name, varUint(1), varUint(0)))).toBeNull();
    expect(serverStateVector(syncStep1('store:1:inbox', server).slice(0, 6))).toBeNull();
    expect(serverStateVector(new Uint8Array([0xff]))).toBeNull();
  });
});

describe('hasContentBeyond', () => {
  it('is false for a copy the server fully covers', () => {
    const server = docWith({ a: 1 });
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    const sv = Y.decodeStateVector(Y.encodeStateVector(server));
    expect(hasContentBeyond(client, sv)).toBe(false);
    expect(hasContentBeyond(new Y.Doc(), sv)).toBe(false);
    // The server moved on: still covered.
    server.getMap('rows').set('b', 2);
    expect(hasContentBeyond(client, Y.decodeStateVector(Y.encodeStateVector(server)))).toBe(false);
  });

  it('is true when the copy holds history the server lost', () => {
    const old = docWith({ a: 1 });
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(old));
    const restarted = docWith({ b: 2 });
    expect(hasContentBeyond(client, Y.decodeStateVector(Y.encodeStateVector(restarted)))).toBe(true);
  });
});
