/**
 * The repair-order board document (`store:{storeId}:board`): one card per repair order in the
 * `cards` map, placed in a lane (its status) at a fractional order key. Clients move cards; the
 * server validates moves and projects them into PostgreSQL.
 *
 * Like inbox rows, each card is one plain JSON value (fast to load, replaced whole on a move).
 */
import type * as Y from 'yjs';
import { z } from 'zod';
import { RO_LANES, RO_STATUS_CODES, type RoStatusCode } from '../codes';
import { compareOrderKeys, ORDER_KEY_PATTERN } from './order-key';

const CARDS = 'cards';

const id = z.number().int().positive();
const isoDateTime = z.iso.datetime({ offset: true });

/** One repair-order card. */
export const boardCardSchema = z.object({
  /** The repair order's id; also the card's key in the map. */
  id,
  roNumber: z.string().min(1),
  /** The lane is the repair order's status code. */
  lane: z.enum(RO_STATUS_CODES as [RoStatusCode, ...RoStatusCode[]]),
  /** Position inside the lane (see `keyBetween`); equal keys are ordered by id. */
  orderKey: z.string().regex(ORDER_KEY_PATTERN),
  customerName: z.string(),
  /** A display label such as "2021 Toyota Camry", or null when the order has no vehicle. */
  vehicle: z.string().nullable(),
  advisorName: z.string().nullable(),
  promisedDate: isoDateTime.nullable(),
  unreadCount: z.number().int().nonnegative(),
  updatedOn: isoDateTime,
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** Cards grouped by lane, every lane present, each lane in display order. */
export type BoardLanes = Record<RoStatusCode, BoardCard[]>;

/** What changed in one transaction, as repair-order ids. */
export type BoardChange = {
  upserted: number[];
  removed: number[];
  /** True when the change was made on this very Y.Doc rather than received from a peer. */
  local: boolean;
};

function cardsOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>(CARDS);
}

function keyOf(cardId: number | string): string {
  return String(cardId);
}

function validCard(key: string, value: unknown): BoardCard | null {
  const parsed = boardCardSchema.safeParse(value);
  return parsed.success && keyOf(parsed.data.id) === key ? parsed.data : null;
}

/** Orders cards inside a lane: by order key, then by id so concurrent equal keys agree everywhere. */
export function compareCards(a: BoardCard, b: BoardCard): number {
  return compareOrderKeys(a.orderKey, b.orderKey) || a.id - b.id;
}

/** Every valid card grouped by lane (all lanes present, in RO_LANES order), sorted by order key. */
export function readBoard(doc: Y.Doc): BoardLanes {
  const lanes = Object.fromEntries(RO_LANES.map((l) => [l.code, [] as BoardCard[]])) as BoardLanes;
  cardsOf(doc).forEach((value, key) => {
    const card = validCard(key, value);
    if (card) lanes[card.lane].push(card);
  });
  for (const lane of Object.values(lanes)) lane.sort(compareCards);
  return lanes;
}

/** One card by repair-order id, or null when absent or invalid. */
export function readCard(doc: Y.Doc, cardId: number | string): BoardCard | null {
  const key = keyOf(cardId);
  return validCard(key, cardsOf(doc).get(key));
}

/**
 * Writes cards (validated; an invalid card throws before anything is written) in one
 * transaction, leaving cards equal to what is stored alone. Returns how many were written.
 */
export function upsertCards(doc: Y.Doc, cards: readonly BoardCard[]): number {
  const valid = cards.map((card) => boardCardSchema.parse(card));
  let written = 0;
  doc.transact(() => {
    const map = cardsOf(doc);
    for (const card of valid) {
      const key = keyOf(card.id);
      if (JSON.stringify(map.get(key)) === JSON.stringify(card)) continue;
      map.set(key, card);
      written += 1;
    }
  });
  return written;
}

/**
 * Moves a card to `lane` at `orderKey` (and stamps `updatedOn`) in one transaction. Returns the
 * moved card, or null when there is no valid card with that id. Throws on an unknown lane or an
 * invalid key.
 */
export function moveCard(
  doc: Y.Doc,
  cardId: number | string,
  lane: RoStatusCode,
  orderKey: string,
  now: Date = new Date(),
): BoardCard | null {
  const current = readCard(doc, cardId);
  if (!current) return null;
  const moved = boardCardSchema.parse({ ...current, lane, orderKey, updatedOn: now.toISOString() });
  doc.transact(() => {
    cardsOf(doc).set(keyOf(moved.id), moved);
  });
  return moved;
}

/** Removes cards by repair-order id in one transaction; returns how many were present. */
export function removeCards(doc: Y.Doc, cardIds: Iterable<number | string>): number {
  let removed = 0;
  doc.transact(() => {
    const map = cardsOf(doc);
    for (const cardId of cardIds) {
      const key = keyOf(cardId);
      if (!map.has(key)) continue;
      map.delete(key);
      removed += 1;
    }
  });
  return removed;
}

/** Calls `onChange` after every transaction that changes cards; returns the unsubscribe function. */
export function observeBoard(doc: Y.Doc, onChange: (change: BoardChange) => void): () => void {
  const cards = cardsOf(doc);
  const handler = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction): void => {
    const upserted: number[] = [];
    const removed: number[] = [];
    event.changes.keys.forEach((change, key) => {
      if (!/^[1-9][0-9]*$/.test(key)) return;
      (change.action === 'delete' ? removed : upserted).push(Number(key));
    });
    if (upserted.length || removed.length) onChange({ upserted, removed, local: transaction.local });
  };
  cards.observe(handler);
  return () => cards.unobserve(handler);
}
