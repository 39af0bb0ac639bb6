import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { RO_STATUS_CODES } from '../codes';
import {
  boardMoveProblem,
  cardProblem,
  encodeBoardNotice,
  keyForDrop,
  laneName,
  moveCard,
  observeBoard,
  parseBoardNotice,
  readBoard,
  readCard,
  removeCards,
  replaceCards,
  upsertCards,
  type BoardCard,
  type BoardChange,
} from './board';
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

describe('board moves', () => {
  it('allows reorders and the open lanes in any direction', () => {
    for (const lane of RO_STATUS_CODES) expect(boardMoveProblem(lane, lane)).toBeNull();
    expect(boardMoveProblem('Appt', 'UNASSIGNED')).toBeNull();
    expect(boardMoveProblem('Appt', 'ASSIGNED')).toBeNull();
    expect(boardMoveProblem('COMPLETE', 'UNASSIGNED')).toBeNull();
    expect(boardMoveProblem('HOLD', 'ASSIGNED')).toBeNull();
    expect(boardMoveProblem('BOOKED', 'CLOSED')).toBeNull();
  });

  it('keeps closed orders closed, appointments behind and closing for orders ready to post', () => {
    expect(boardMoveProblem('CLOSED', 'BOOKED')).toMatch(/Closed ROs are final/);
    expect(boardMoveProblem('UNASSIGNED', 'Appt')).toMatch(/cannot go back to Appointments/);
    expect(boardMoveProblem('ASSIGNED', 'CLOSED')).toMatch(/only Ready To Post orders can be closed/);
    expect(boardMoveProblem('Appt', 'CLOSED')).not.toBeNull();
  });

  it('names lanes', () => {
    expect(laneName('HOLD')).toBe('Vehicle on Hold');
    expect(laneName('ELSEWHERE')).toBe('ELSEWHERE');
  });

  it('finds a key for a drop position, leaving the moved card out', () => {
    const lane = [card(1, { orderKey: 'V' }), card(2, { orderKey: 'W' }), card(3, { orderKey: 'X' })];
    expect(keyForDrop([], 0)).toBe(keyBetween(null, null));
    expect(keyForDrop(lane, 0) < 'V').toBe(true);
    const middle = keyForDrop(lane, 1);
    expect(middle > 'V' && middle < 'W').toBe(true);
    expect(keyForDrop(lane, 3) > 'X').toBe(true);
    // Card 1 dragged below card 2: between W and X once it is left out.
    const down = keyForDrop(lane, 1, 1);
    expect(down > 'W' && down < 'X').toBe(true);
    // A tie has no key between; the card goes after the upper neighbour.
    expect(keyForDrop([card(1, { orderKey: 'V' }), card(2, { orderKey: 'V' })], 1) > 'V').toBe(true);
  });

  it('tells observers where a change came from', () => {
    const doc = new Y.Doc();
    const origins: unknown[] = [];
    const stop = observeBoard(doc, (_c, origin) => origins.push(origin));
    doc.transact(() => upsertCards(doc, [card(1)]), 'server');
    stop();
    expect(origins).toEqual(['server']);
  });

  it('round-trips notices and ignores other payloads', () => {
    const notice = { type: 'board-move-rejected' as const, cardId: 4, roNumber: 'RO-4', userId: 7, message: 'Move not allowed: x' };
    expect(parseBoardNotice(encodeBoardNotice(notice))).toEqual(notice);
    expect(parseBoardNotice('not json')).toBeNull();
    expect(parseBoardNotice('{"type":"other"}')).toBeNull();
  });
});

describe('board repairs', () => {
  it('replaces the cards exactly, dropping invalid entries too', () => {
    const doc = new Y.Doc();
    upsertCards(doc, [card(1), card(2)]);
    doc.getMap('cards').set('9', { id: 9, lane: 'NOWHERE' });
    expect(replaceCards(doc, [card(2), card(3)])).toEqual({ written: 1, removed: 2 });
    expect(Object.values(readBoard(doc)).flat().map((c) => c.id).sort()).toEqual([2, 3]);
    expect(doc.getMap('cards').has('9')).toBe(false);
  });

  it('says what is wrong with an entry', () => {
    const doc = new Y.Doc();
    upsertCards(doc, [card(1)]);
    expect(cardProblem(doc, 1)).toBeNull();
    expect(cardProblem(doc, 2)).toBe('the card was removed');
    doc.getMap('cards').set('3', { ...card(3), lane: 'NOWHERE' });
    expect(cardProblem(doc, 3)).toBe('unknown lane');
    doc.getMap('cards').set('4', { ...card(4), orderKey: 'V0' });
    expect(cardProblem(doc, 4)).toBe('invalid position in the lane');
    doc.getMap('cards').set('5', card(6));
    expect(cardProblem(doc, 5)).toBe('the card is filed under another id');
  });

  it('moves a card by its place alone, and a server write of the card drops a place that says otherwise', () => {
    const server = new Y.Doc();
    const client = new Y.Doc();
    upsertCards(server, [card(1, { lane: 'ASSIGNED' }), card(2)]);
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    const before = Y.encodeStateVector(client);
    const seen: BoardChange[] = [];
    const stop = observeBoard(server, (c) => seen.push(c));
    moveCard(client, 1, 'HOLD', 'W', new Date('2025-03-01T00:00:00.000Z'));
    const move = Y.encodeStateAsUpdate(client, before);
    // A place, not the card: far smaller than the card's JSON.
    expect(move.byteLength).toBeLessThan(JSON.stringify(card(1)).length / 3);
    Y.applyUpdate(server, move);
    expect(seen).toEqual([{ upserted: [1], removed: [], local: false }]);
    expect(readCard(server, 1)).toMatchObject({ lane: 'HOLD', orderKey: 'W', updatedOn: '2025-03-01T00:00:00.000Z' });
    // The server writing what the move says changes nothing; writing something else drops the place.
    expect(upsertCards(server, [card(1, { lane: 'HOLD', orderKey: 'W' })])).toBe(0);
    expect(upsertCards(server, [card(1, { lane: 'ASSIGNED', orderKey: 'X' })])).toBe(1);
    expect(readCard(server, 1)).toMatchObject({ lane: 'ASSIGNED', orderKey: 'X' });
    expect(server.getMap('places').has('1')).toBe(false);
    stop();
  });

  it('says what is wrong with a place, drops places of no card, and reports them as removed', () => {
    const doc = new Y.Doc();
    upsertCards(doc, [card(1), card(2)]);
    doc.getMap('places').set('1', 'NOWHERE V 1');
    expect(cardProblem(doc, 1)).toBe('unknown lane');
    expect(readCard(doc, 1)).toBeNull();
    doc.getMap('places').set('2', 'HOLD V0 1');
    expect(cardProblem(doc, 2)).toBe('invalid position in the lane');
    const seen: BoardChange[] = [];
    const stop = observeBoard(doc, (c) => seen.push(c));
    doc.getMap('places').set('5', 'HOLD V 1');
    expect(seen).toEqual([{ upserted: [], removed: [5], local: true }]);
    stop();
    expect(replaceCards(doc, [card(1), card(2)])).toEqual({ written: 2, removed: 0 });
    expect([...doc.getMap('places').keys()]).toEqual([]);
    expect(readBoard(doc).UNASSIGNED.map((c) => c.id)).toEqual([1, 2]);
  });
});
