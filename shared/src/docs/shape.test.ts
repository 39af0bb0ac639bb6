import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { boardShape, moveCard, upsertCards, type BoardCard } from './board';
import { acceptsCheaply, checkUpdate, checkUpdateOnCopy, clearOutsideShape } from './shape';

const card: BoardCard = {
  id: 7,
  roNumber: 'RO-7',
  lane: 'ASSIGNED',
  orderKey: 'V',
  customerName: 'Ada Lovelace',
  vehicle: null,
  advisorName: null,
  promisedDate: null,
  unreadCount: 0,
  updatedOn: '2025-01-02T10:00:00.000Z',
};

/** A server document with one card, and the update a client's change of its copy produces. */
function attempt(change: (doc: Y.Doc) => void): { server: Y.Doc; update: Uint8Array } {
  const server = new Y.Doc();
  upsertCards(server, [card]);
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const before = Y.encodeStateVector(client);
  change(client);
  return { server, update: Y.encodeStateAsUpdate(client, before) };
}

describe('checkUpdate with the board shape', () => {
  it('takes card writes and removals, and leaves the document itself untouched', () => {
    const { server, update } = attempt((doc) => {
      upsertCards(doc, [{ ...card, lane: 'HOLD' }, { ...card, id: 8 }]);
      doc.getMap('cards').delete('7');
    });
    const result = checkUpdate(server, update, boardShape);
    expect(result.problem).toBeNull();
    expect(result.bytes).toBeGreaterThan(0);
    expect(server.getMap('cards').get('8')).toBeUndefined();
  });

  it('refuses other top-level types, keys that are not ids, values that are not plain objects, and oversized cards', () => {
    const problems = [
      (doc: Y.Doc) => doc.getMap('extra').set('a', 1),
      (doc: Y.Doc) => doc.getText('notes').insert(0, 'hello'),
      (doc: Y.Doc) => doc.getMap('cards').set('not-a-card', { ...card }),
      (doc: Y.Doc) => doc.getMap('cards').set('07', { ...card }),
      (doc: Y.Doc) => doc.getMap('cards').set('7', 'a string'),
      (doc: Y.Doc) => doc.getMap('cards').set('7', new Y.Map()),
      (doc: Y.Doc) => doc.getMap('cards').set('7', { ...card, customerName: 'x'.repeat(5000) }),
    ].map((change) => {
      const { server, update } = attempt(change);
      return checkUpdate(server, update, boardShape).problem;
    });
    expect(problems).toEqual([
      'unknown top-level type "extra"',
      'unknown top-level type "notes"',
      'cards: "not-a-card" is not a repair-order id',
      'cards: "07" is not a repair-order id',
      'cards: a card is a plain JSON object',
      'cards: a card is a plain JSON object',
      'cards: a card takes at most 4096 bytes',
    ]);
  });

  it('measures the document with the update applied once it may pass the limit', () => {
    const { server, update } = attempt((doc) => upsertCards(doc, [{ ...card, id: 9, customerName: 'y'.repeat(3000) }]));
    const exact = checkUpdate(server, update, boardShape, 0).bytes;
    expect(exact).toBeGreaterThan(3000);
    expect(checkUpdate(server, update, boardShape, 1_000_000).bytes).toBeGreaterThanOrEqual(exact);
  });
});

describe('checkUpdate without a copy', () => {
  it('decides as the copy does, for moves, writes, removals and refusals alike', () => {
    const changes = [
      (doc: Y.Doc) => moveCard(doc, 7, 'HOLD', 'W'),
      (doc: Y.Doc) => {
        moveCard(doc, 7, 'HOLD', 'W');
        moveCard(doc, 7, 'COMPLETE', 'X');
      },
      (doc: Y.Doc) => upsertCards(doc, [{ ...card, lane: 'HOLD' }, { ...card, id: 8 }]),
      (doc: Y.Doc) => doc.getMap('cards').delete('7'),
      (doc: Y.Doc) => doc.getMap('places').set('7', 42),
      (doc: Y.Doc) => doc.getMap('places').set('x', 'HOLD V 1'),
      (doc: Y.Doc) => doc.getMap('extra').set('a', 1),
      (doc: Y.Doc) => doc.getMap('cards').set('7', new Y.Map()),
      (doc: Y.Doc) => doc.getMap('cards').set('7', { ...card, customerName: 'x'.repeat(5000) }),
    ];
    const cheap = changes.map((change) => {
      const { server, update } = attempt(change);
      return acceptsCheaply(server, update, boardShape);
    });
    // The first four are taken without a copy; every refusal is left to the copy.
    expect(cheap).toEqual([true, true, true, true, false, false, false, false, false]);
    for (const change of changes) {
      const { server, update } = attempt(change);
      const state = Y.encodeStateAsUpdate(server);
      expect(checkUpdate(server, update, boardShape, 1_000_000).problem).toBe(checkUpdateOnCopy(server, update, boardShape).problem);
      expect(Y.encodeStateAsUpdate(server)).toEqual(state);
    }
  });
});

describe('checkUpdate without a copy, over many random changes', () => {
  it('takes only what the copy takes, and takes every plain move, write and removal', () => {
    let seed = 20261129;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const plain: ((doc: Y.Doc) => void)[] = [
      (doc) => moveCard(doc, pick([7, 8, 9]), pick(['HOLD', 'COMPLETE', 'ASSIGNED'] as const), pick(['V', 'W', 'X1'])),
      (doc) => upsertCards(doc, [{ ...card, id: pick([7, 8, 9]), lane: 'HOLD' }]),
      (doc) => doc.getMap('cards').delete(String(pick([7, 8, 9]))),
      (doc) => doc.getMap('places').delete(String(pick([7, 8, 9]))),
    ];
    const other: ((doc: Y.Doc) => void)[] = [
      (doc) => doc.getMap('places').set(pick(['7', 'x', '0']), pick(['HOLD V 1', 42, null])),
      (doc) => doc.getMap('extra').set('a', pick([1, 'b'])),
      (doc) => doc.getMap('cards').set('7', new Y.Map()),
      (doc) => doc.getText('notes').insert(0, 'hi'),
      (doc) => doc.getArray('list').push([1, 2]),
      (doc) => doc.getMap('cards').set(String(pick([7, 8])), { ...card, customerName: 'x'.repeat(5000) }),
    ];
    let taken = 0;
    for (let round = 0; round < 300; round++) {
      const onlyPlain = random() < 0.5;
      const { server, update } = attempt((doc) => {
        // Several changes, some in one transaction and some apart, as a tablet back online sends them.
        const count = 1 + Math.floor(random() * 6);
        for (let i = 0; i < count; i++) {
          const change = onlyPlain || random() < 0.7 ? pick(plain) : pick(other);
          if (random() < 0.5) doc.transact(() => change(doc));
          else change(doc);
        }
      });
      const cheap = acceptsCheaply(server, update, boardShape);
      if (cheap) {
        taken += 1;
        expect(checkUpdateOnCopy(server, update, boardShape).problem).toBeNull();
      }
      if (onlyPlain) expect(cheap).toBe(true);
    }
    expect(taken).toBeGreaterThan(100);
  });
});

describe('clearOutsideShape', () => {
  it('empties top-level types the shape does not name and leaves the cards alone', () => {
    const doc = new Y.Doc();
    upsertCards(doc, [card]);
    doc.getMap('extra').set('a', 'x'.repeat(1000));
    doc.getText('notes').insert(0, 'hello');
    doc.getArray('list').push([1, 2, 3]);
    expect(clearOutsideShape(doc, boardShape).sort()).toEqual(['extra', 'list', 'notes']);
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, Y.encodeStateAsUpdate(doc));
    expect(reloaded.getMap('extra').size).toBe(0);
    expect(reloaded.getText('notes').toString()).toBe('');
    expect(reloaded.getArray('list').length).toBe(0);
    expect(reloaded.getMap('cards').get('7')).toEqual(card);
    expect(clearOutsideShape(doc, boardShape)).toEqual([]);
  });
});
