import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { RO_STATUS_CODES } from '../codes';
import { moveCard, observeBoard, readBoard, readCard, removeCards, upsertCards, type BoardCard, type BoardChange } from './board';
import { keyBetween } from './order-key';

function card(id: number, overrides: Partial<BoardCard> = {}): BoardCard {
  return {
    id,
    roNumber: `RO-${id}`,
    lane: 'UNASSIGNED',
    orderKey: 'V',
    customerName: 'Ada Lovelace',
    vehicle: '2021 Toyota Camry',
    advisorName: 'Grace Hopper',
    promisedDate: null,
    unreadCount: 0,
    updatedOn: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

describe('board document', () => {
  it('groups valid cards by lane in lane order, sorted by key then id', () => {
    const doc = new Y.Doc();
    upsertCards(doc, [
      card(1, { orderKey: 'W' }),
      card(2, { orderKey: 'V' }),
      card(3, { orderKey: 'V' }),
      card(4, { lane: 'HOLD', orderKey: 'a' }),
    ]);
    doc.getMap('cards').set('9', { id: 9, lane: 'NOWHERE' });
    const board = readBoard(doc);
    expect(Object.keys(board)).toEqual(RO_STATUS_CODES);
    expect(board.UNASSIGNED.map((c) => c.id)).toEqual([2, 3, 1]);
    expect(board.HOLD.map((c) => c.id)).toEqual([4]);
    expect(board.CLOSED).toEqual([]);
  });

  it('moves a card between two others, and a peer sees it there', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.on('update', (u: Uint8Array) => Y.applyUpdate(b, u));
    upsertCards(a, [card(1, { lane: 'ASSIGNED', orderKey: 'V' }), card(2, { lane: 'ASSIGNED', orderKey: 'W' }), card(3)]);
    const at = new Date('2025-03-01T00:00:00.000Z');
    const moved = moveCard(a, 3, 'ASSIGNED', keyBetween('V', 'W'), at);
    expect(moved).toMatchObject({ id: 3, lane: 'ASSIGNED', updatedOn: at.toISOString() });
    expect(readBoard(b).ASSIGNED.map((c) => c.id)).toEqual([1, 3, 2]);
    expect(readBoard(b).UNASSIGNED).toEqual([]);
  });

  it('refuses bad moves and reports a missing card', () => {
    const doc = new Y.Doc();
    upsertCards(doc, [card(1)]);
    expect(moveCard(doc, 2, 'HOLD', 'V')).toBeNull();
    expect(() => moveCard(doc, 1, 'HOLD', 'V0')).toThrow();
    expect(() => moveCard(doc, 1, 'NOWHERE' as never, 'V')).toThrow();
    expect(readCard(doc, 1)?.lane).toBe('UNASSIGNED');
  });

  it('removes cards and tells observers', () => {
    const doc = new Y.Doc();
    const seen: BoardChange[] = [];
    const stop = observeBoard(doc, (c) => seen.push(c));
    upsertCards(doc, [card(1), card(2)]);
    expect(upsertCards(doc, [card(1)])).toBe(0);
    expect(removeCards(doc, [1, 5])).toBe(1);
    stop();
    expect(seen).toEqual([
      { upserted: [1, 2], removed: [], local: true },
      { upserted: [], removed: [1], local: true },
    ]);
    expect(readCard(doc, 1)).toBeNull();
  });
});
