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
import { compareOrderKeys, keyBetween, ORDER_KEY_PATTERN } from './order-key';
import { isPlainObject, type DocShape } from './shape';

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
  /**
   * The advisor's number in the dealer system, which the advisor filter and the dealer calls key
   * on (names are not unique). Optional so cards stored before it existed still read.
   */
  advisorNo: z.string().nullable().optional(),
  promisedDate: isoDateTime.nullable(),
  unreadCount: z.number().int().nonnegative(),
  updatedOn: isoDateTime,
  /** The order's customer, for their page; optional so cards stored before it existed still read. */
  customerId: id.nullable().optional(),
  /**
   * The customer's conversation a tap on the card opens: the appointment's, else their latest
   * in the store (open ones first). Optional like `customerId`.
   */
  interactionId: id.nullable().optional(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** The most JSON one card may take: real cards are a few hundred bytes. */
export const MAX_CARD_BYTES = 4096;

/**
 * What a client may write into a board at all: entries of `cards` under repair-order ids, each a
 * plain JSON value of card size, and nothing else. Anything outside it is refused before it is
 * applied. Whether a value is a valid card and a valid move is decided after (see the sync
 * server's board projection), so the mover is told why and the card goes back.
 */
export const boardShape: DocShape = {
  [CARDS]: (key, value) => {
    if (!/^[1-9][0-9]{0,15}$/.test(key)) return `"${key.slice(0, 40)}" is not a repair-order id`;
    if (value === undefined) return null;
    if (!isPlainObject(value)) return 'a card is a plain JSON object';
    if (JSON.stringify(value).length > MAX_CARD_BYTES) return `a card takes at most ${MAX_CARD_BYTES} bytes`;
    return null;
  },
};

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
 * Makes the cards exactly `cards` in one transaction: writes those that differ and removes every
 * other entry, including entries that are not valid cards. Returns what it wrote and removed.
 */
export function replaceCards(doc: Y.Doc, cards: readonly BoardCard[]): { written: number; removed: number } {
  const valid = cards.map((card) => boardCardSchema.parse(card));
  const keep = new Set(valid.map((card) => keyOf(card.id)));
  let removed = 0;
  let written = 0;
  doc.transact(() => {
    const map = cardsOf(doc);
    for (const key of [...map.keys()]) {
      if (keep.has(key)) continue;
      map.delete(key);
      removed += 1;
    }
    written = upsertCards(doc, valid);
  });
  return { written, removed };
}

/**
 * Why the entry under a card id is not a valid card ('removed', or what is wrong with it), or
 * null when it is valid. For messages when the server undoes a client's write.
 */
export function cardProblem(doc: Y.Doc, cardId: number | string): string | null {
  const key = keyOf(cardId);
  const map = cardsOf(doc);
  if (!map.has(key)) return 'the card was removed';
  const parsed = boardCardSchema.safeParse(map.get(key));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'card';
    if (field === 'lane') return 'unknown lane';
    if (field === 'orderKey') return 'invalid position in the lane';
    return `invalid ${field}`;
  }
  return keyOf(parsed.data.id) === key ? null : 'the card is filed under another id';
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

/**
 * Calls `onChange` after every transaction that changes cards, with the transaction's origin (the
 * sync server tells a client's update from its own writes by it); returns the unsubscribe function.
 */
export function observeBoard(doc: Y.Doc, onChange: (change: BoardChange, origin: unknown) => void): () => void {
  const cards = cardsOf(doc);
  const handler = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction): void => {
    const upserted: number[] = [];
    const removed: number[] = [];
    event.changes.keys.forEach((change, key) => {
      if (!/^[1-9][0-9]*$/.test(key)) return;
      (change.action === 'delete' ? removed : upserted).push(Number(key));
    });
    if (upserted.length || removed.length) onChange({ upserted, removed, local: transaction.local }, transaction.origin);
  };
  cards.observe(handler);
  return () => cards.unobserve(handler);
}

/** The display name of a lane (its status code when unknown). */
export function laneName(lane: RoStatusCode | string): string {
  return RO_LANES.find((l) => l.code === lane)?.name ?? lane;
}

/**
 * Whether a card may move from lane `from` to lane `to`, as the reason it may not (null: allowed).
 * The sync server enforces this on every move; clients use it to refuse a drop before sending it.
 *
 * - Reordering inside a lane is always allowed.
 * - Closed ROs are final: a closed order is reopened in the dealer system, never from the board.
 * - Nothing goes back to Appointments: once a car is checked in, the appointment is history.
 * - An order is closed only once it is Ready To Post, since closing posts the invoice.
 * - Between the open lanes (Checked In to Ready To Post) any move is allowed, backwards too: work
 *   is reassigned, put on hold and reopened for another line in every service drive.
 */
export function boardMoveProblem(from: RoStatusCode, to: RoStatusCode): string | null {
  if (from === to) return null;
  if (from === 'CLOSED') return `${laneName('CLOSED')} are final and cannot be reopened from the board`;
  if (to === 'Appt') return `a checked-in repair order cannot go back to ${laneName('Appt')}`;
  if (to === 'CLOSED' && from !== 'BOOKED') return `only ${laneName('BOOKED')} orders can be closed`;
  return null;
}

/**
 * What the sync server broadcasts (as a stateless message on the board document) when it undoes a
 * client's change: every viewer sees the card go back; the person who moved it reads why.
 */
export const boardNoticeSchema = z.object({
  type: z.literal('board-move-rejected'),
  cardId: id,
  roNumber: z.string(),
  /** Who made the refused change, so only their screens show the message. */
  userId: z.number().int().nullable(),
  /** 'Move not allowed: …', ready to show. */
  message: z.string(),
});
export type BoardNotice = z.infer<typeof boardNoticeSchema>;

/** The stateless payload of a notice. */
export function encodeBoardNotice(notice: BoardNotice): string {
  return JSON.stringify(boardNoticeSchema.parse(notice));
}

/** A board notice from a stateless payload, or null when the payload is something else. */
export function parseBoardNotice(payload: string): BoardNotice | null {
  try {
    const parsed = boardNoticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The order key for a card dropped at `index` of a lane's sorted cards (`index` counts the cards
 * as shown, with the moved card itself left out). Two neighbours with the same key (a tie that
 * concurrent drops leave) have no key strictly between them; the card then goes just after the
 * upper neighbour, which is where the tie-break by id shows it in most cases.
 */
export function keyForDrop(laneCards: readonly BoardCard[], index: number, movingId?: number): string {
  const others = laneCards.filter((c) => c.id !== movingId);
  const at = Math.max(0, Math.min(index, others.length));
  const before = others[at - 1]?.orderKey ?? null;
  const after = others[at]?.orderKey ?? null;
  if (before !== null && after !== null && before >= after) return keyBetween(before, null);
  return keyBetween(before, after);
}
