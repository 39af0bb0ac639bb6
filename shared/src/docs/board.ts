/**
 * The repair-order board document (`store:{storeId}:board`): one card per repair order in the
 * `cards` map, placed in a lane (its status) at a fractional order key. Clients move cards; the
 * server validates moves and projects them into PostgreSQL.
 *
 * Like inbox rows, each card is one plain JSON value (fast to load), written by the server. A move
 * writes only the card's place: a short string under the card's id in the `places` map
 * ("LANE orderKey stamp"), which takes precedence over the lane and key inside the card. A move
 * is then some 40 bytes on the wire instead of the whole card (some 250), which is what a tablet
 * back from an offline spell sends and receives for every move. The server keeps both maps in
 * step: whenever it writes a card, it drops a place that says something else.
 */
import type * as Y from 'yjs';
import { z } from 'zod';
import { RO_LANES, RO_STATUS_CODES, type RoStatusCode } from '../codes';
import { compareOrderKeys, keyBetween, ORDER_KEY_PATTERN } from './order-key';
import { isPlainObject, type DocShape } from './shape';

const CARDS = 'cards';
const PLACES = 'places';
/** The longest place value: a lane code, an order key and a stamp. */
const MAX_PLACE_LENGTH = 256;

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
  [PLACES]: (key, value) => {
    if (!/^[1-9][0-9]{0,15}$/.test(key)) return `"${key.slice(0, 40)}" is not a repair-order id`;
    if (value === undefined) return null;
    if (typeof value !== 'string') return 'a place is a string';
    if (value.length > MAX_PLACE_LENGTH) return `a place takes at most ${MAX_PLACE_LENGTH} characters`;
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

function placesOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>(PLACES);
}

function keyOf(cardId: number | string): string {
  return String(cardId);
}

/** Where a move put a card. */
type Place = { lane: RoStatusCode; orderKey: string; updatedOn: string };

/** A place as it is stored: "LANE orderKey stamp", the stamp in milliseconds, base 36. */
function encodePlace(lane: RoStatusCode, orderKey: string, at: Date): string {
  return `${lane} ${orderKey} ${at.getTime().toString(36)}`;
}

const LANE_CODES = new Set<string>(RO_STATUS_CODES);

/** A stored place, or why it is not one. */
function decodePlace(value: unknown): Place | { problem: string } {
  if (typeof value !== 'string') return { problem: 'invalid place' };
  const [lane, orderKey, stamp, ...rest] = value.split(' ');
  if (!lane || !LANE_CODES.has(lane)) return { problem: 'unknown lane' };
  if (!orderKey || !ORDER_KEY_PATTERN.test(orderKey)) return { problem: 'invalid position in the lane' };
  const ms = stamp && /^[0-9a-z]{1,11}$/.test(stamp) ? parseInt(stamp, 36) : NaN;
  if (rest.length > 0 || !Number.isFinite(ms) || ms > 8.64e15) return { problem: 'invalid place' };
  return { lane: lane as RoStatusCode, orderKey, updatedOn: new Date(ms).toISOString() };
}

function validCard(key: string, value: unknown): BoardCard | null {
  const parsed = boardCardSchema.safeParse(value);
  return parsed.success && keyOf(parsed.data.id) === key ? parsed.data : null;
}

/** The card under `key` as it shows: the card, at its place when a move gave it one. */
function shownCard(key: string, value: unknown, place: unknown): BoardCard | null {
  const card = validCard(key, value);
  if (!card || place === undefined) return card;
  const decoded = decodePlace(place);
  return 'problem' in decoded ? null : { ...card, ...decoded };
}

/** Orders cards inside a lane: by order key, then by id so concurrent equal keys agree everywhere. */
export function compareCards(a: BoardCard, b: BoardCard): number {
  return compareOrderKeys(a.orderKey, b.orderKey) || a.id - b.id;
}

/** Every valid card grouped by lane (all lanes present, in RO_LANES order), sorted by order key. */
export function readBoard(doc: Y.Doc): BoardLanes {
  const lanes = Object.fromEntries(RO_LANES.map((l) => [l.code, [] as BoardCard[]])) as BoardLanes;
  const places = placesOf(doc);
  cardsOf(doc).forEach((value, key) => {
    const card = shownCard(key, value, places.get(key));
    if (card) lanes[card.lane].push(card);
  });
  for (const lane of Object.values(lanes)) lane.sort(compareCards);
  return lanes;
}

/** One card by repair-order id (at its place), or null when absent or invalid. */
export function readCard(doc: Y.Doc, cardId: number | string): BoardCard | null {
  const key = keyOf(cardId);
  return shownCard(key, cardsOf(doc).get(key), placesOf(doc).get(key));
}

/** Cards equal but for the stamp, which a move sets and the server's card may not have. */
function sameButStamp(a: BoardCard, b: BoardCard): boolean {
  return JSON.stringify({ ...a, updatedOn: '' }) === JSON.stringify({ ...b, updatedOn: '' });
}

/**
 * Writes cards (validated; an invalid card throws before anything is written) in one
 * transaction, leaving cards that already show as given alone (a card a move placed counts as
 * showing as given when only the move's stamp differs). A written card's place is dropped unless
 * it says the same. Returns how many were written.
 */
export function upsertCards(doc: Y.Doc, cards: readonly BoardCard[]): number {
  const valid = cards.map((card) => boardCardSchema.parse(card));
  let written = 0;
  doc.transact(() => {
    const map = cardsOf(doc);
    const places = placesOf(doc);
    for (const card of valid) {
      const key = keyOf(card.id);
      const stored = map.get(key);
      const place = places.get(key);
      const same = JSON.stringify(stored) === JSON.stringify(card);
      if (same && place === undefined) continue;
      const shown = place === undefined ? null : shownCard(key, stored, place);
      if (shown && sameButStamp(shown, card)) continue;
      if (!same) map.set(key, card);
      if (place !== undefined) places.delete(key);
      written += 1;
    }
  });
  return written;
}

/**
 * Makes the cards exactly `cards` in one transaction: writes those that differ and removes every
 * other entry, including entries that are not valid cards and places of no card. Returns what
 * it wrote and removed.
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
    const places = placesOf(doc);
    for (const key of [...places.keys()]) if (!keep.has(key)) places.delete(key);
    written = upsertCards(doc, valid);
  });
  return { written, removed };
}

/**
 * Why the entry under a card id is not a valid card ('removed', or what is wrong with it or with
 * its place), or null when it is valid. For messages when the server undoes a client's write.
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
  if (keyOf(parsed.data.id) !== key) return 'the card is filed under another id';
  const place = placesOf(doc).get(key);
  if (place === undefined) return null;
  const decoded = decodePlace(place);
  return 'problem' in decoded ? decoded.problem : null;
}

/**
 * Moves a card to `lane` at `orderKey` (and stamps `updatedOn`) in one transaction, by writing its
 * place. Returns the moved card, or null when there is no valid card with that id. Throws on an
 * unknown lane or an invalid key.
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
    placesOf(doc).set(keyOf(moved.id), encodePlace(moved.lane, moved.orderKey, now));
  });
  return moved;
}

/** Removes cards (and their places) by repair-order id in one transaction; returns how many were present. */
export function removeCards(doc: Y.Doc, cardIds: Iterable<number | string>): number {
  let removed = 0;
  doc.transact(() => {
    const map = cardsOf(doc);
    const places = placesOf(doc);
    for (const cardId of cardIds) {
      const key = keyOf(cardId);
      if (places.has(key)) places.delete(key);
      if (!map.has(key)) continue;
      map.delete(key);
      removed += 1;
    }
  });
  return removed;
}

/**
 * Calls `onChange` after every transaction that changes cards or their places, with the
 * transaction's origin (the sync server tells a client's update from its own writes by it); a
 * card whose entry is gone counts as removed. Returns the unsubscribe function.
 */
export function observeBoard(doc: Y.Doc, onChange: (change: BoardChange, origin: unknown) => void): () => void {
  const cards = cardsOf(doc);
  const places = placesOf(doc);
  // What the two maps' observers saw in the transaction under way, reported once after it.
  let seen: { transaction: Y.Transaction; cards: Map<string, boolean>; places: Set<string> } | null = null;
  const note = (transaction: Y.Transaction) => {
    if (seen?.transaction !== transaction) seen = { transaction, cards: new Map(), places: new Set() };
    return seen;
  };
  const onCards = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction): void => {
    const noted = note(transaction);
    event.changes.keys.forEach((change, key) => noted.cards.set(key, change.action === 'delete'));
  };
  const onPlaces = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction): void => {
    const noted = note(transaction);
    event.changes.keys.forEach((_change, key) => noted.places.add(key));
  };
  const after = (transaction: Y.Transaction): void => {
    if (seen?.transaction !== transaction) return;
    const noted = seen;
    seen = null;
    const upserted: number[] = [];
    const removed: number[] = [];
    for (const [key, deleted] of noted.cards) {
      if (!/^[1-9][0-9]*$/.test(key)) continue;
      (deleted ? removed : upserted).push(Number(key));
    }
    for (const key of noted.places) {
      if (noted.cards.has(key) || !/^[1-9][0-9]*$/.test(key)) continue;
      // A place of no card is reported as a removed card: there is nothing to show under it.
      (cards.has(key) ? upserted : removed).push(Number(key));
    }
    if (upserted.length || removed.length) onChange({ upserted, removed, local: transaction.local }, transaction.origin);
  };
  cards.observe(onCards);
  places.observe(onPlaces);
  doc.on('afterTransaction', after);
  return () => {
    cards.unobserve(onCards);
    places.unobserve(onPlaces);
    doc.off('afterTransaction', after);
  };
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
