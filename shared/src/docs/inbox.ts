/**
 * The store inbox document (`store:{storeId}:inbox`): one row per active interaction, written by
 * the server only and read by every advisor of the store.
 *
 * Each row is ONE plain JSON value in the `rows` map, not a nested Y.Map: measured here, 10,000
 * rows load in ~65 ms as JSON values against ~240-530 ms (and 5x the heap) as nested Y types. The
 * price is that a row is replaced whole, which is right for server-computed rows anyway.
 */
import type * as Y from 'yjs';
import { z } from 'zod';
import { MESSAGE_DIRECTIONS, MESSAGE_TYPES, SERVICE_TYPES } from '../codes';

const ROWS = 'rows';
const META = 'meta';
const REBUILT_AT = 'rebuiltAt';
const CHANGED_AT = 'changedAt';

/** Longest latest-message preview a row carries; the full text lives in PostgreSQL. */
export const INBOX_PREVIEW_LENGTH = 280;

const id = z.number().int().positive();
const count = z.number().int().nonnegative();
/** ISO 8601 date-time as `Date#toISOString` writes it (an offset is accepted too). */
const isoDateTime = z.iso.datetime({ offset: true });

/** The customer an inbox row is about. */
export const inboxCustomerSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  /** E.164, or null when the customer has no mobile number. */
  cellular: z.string().nullable(),
  email: z.string().nullable(),
  custno: z.string(),
});
export type InboxCustomer = z.infer<typeof inboxCustomerSchema>;

/** The vehicle of the interaction, when it has one. */
export const inboxVehicleSchema = z.object({
  id,
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  vin: z.string(),
});
export type InboxVehicle = z.infer<typeof inboxVehicleSchema>;

/** The newest message of the conversation that a customer could see (never an INTERNAL one). */
export const inboxMessageSchema = z.object({
  id,
  /** A one-line preview (see {@link messagePreview}), not the full text. */
  content: z.string().max(INBOX_PREVIEW_LENGTH),
  createdOn: isoDateTime,
  direction: z.enum(MESSAGE_DIRECTIONS),
  messageType: z.enum(MESSAGE_TYPES),
  /** Carrier status of an outbound message, so the list and an open thread see ticks move. */
  messageStatus: z.string().nullable().default(null),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** One row of the inbox list: everything the list shows for one active interaction. */
export const inboxRowSchema = z.object({
  interactionId: id,
  storeId: id,
  serviceType: z.enum(SERVICE_TYPES),
  customer: inboxCustomerSchema,
  vehicle: inboxVehicleSchema.nullable(),
  latestMessage: inboxMessageSchema.nullable(),
  lastMessageReceivedDate: isoDateTime.nullable(),
  /** Counters come from PostgreSQL: increments in a last-writer-wins map would lose updates. */
  totalInboundCount: count,
  totalUnreadCount: count,
  responseReqd: z.boolean(),
  aiEnabled: z.boolean(),
  /** Intent types of the marks set on the interaction, sorted. */
  marks: z.array(z.string()),
  convClosed: z.boolean(),
  appointmentSet: z.boolean(),
  updatedOn: isoDateTime,
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

/** Bookkeeping of the server's projection. */
export type InboxMeta = {
  /** When the rows were last rebuilt from PostgreSQL as a whole; null if never. */
  rebuiltAt: string | null;
};

/** What changed in one transaction, as interaction ids. */
export type InboxChange = {
  upserted: number[];
  removed: number[];
  /** True when the change was made on this very Y.Doc rather than received from a peer. */
  local: boolean;
};

function rowsOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>(ROWS);
}

function metaOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>(META);
}

function keyOf(interactionId: number | string): string {
  return String(interactionId);
}

function idOfKey(key: string): number | null {
  return /^[1-9][0-9]*$/.test(key) && Number.isSafeInteger(Number(key)) ? Number(key) : null;
}

/** A row value is trusted only if it validates and sits under its own id. */
function validRow(key: string, value: unknown): InboxRow | null {
  const parsed = inboxRowSchema.safeParse(value);
  return parsed.success && keyOf(parsed.data.interactionId) === key ? parsed.data : null;
}

function activityTime(row: InboxRow): number {
  const at = row.latestMessage?.createdOn ?? row.lastMessageReceivedDate ?? row.updatedOn;
  return Date.parse(at);
}

/**
 * Text for {@link InboxMessage.content}: whitespace collapsed to single spaces and cut to
 * {@link INBOX_PREVIEW_LENGTH} characters with an ellipsis, never splitting a surrogate pair.
 */
export function messagePreview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= INBOX_PREVIEW_LENGTH) return flat;
  let end = INBOX_PREVIEW_LENGTH - 1;
  const last = flat.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${flat.slice(0, end)}…`;
}

/**
 * Every valid row, newest activity first (latest message, else last inbound date, else
 * `updatedOn`), ties by interaction id descending so every client shows the same order.
 * Rows that fail validation are skipped: a client must never crash on one bad value.
 */
export function readInboxRows(doc: Y.Doc): InboxRow[] {
  const rows: { row: InboxRow; at: number }[] = [];
  rowsOf(doc).forEach((value, key) => {
    const row = validRow(key, value);
    if (row) rows.push({ row, at: activityTime(row) });
  });
  rows.sort((a, b) => b.at - a.at || b.row.interactionId - a.row.interactionId);
  return rows.map((r) => r.row);
}

/** One row by interaction id, or null when absent or invalid. */
export function readInboxRow(doc: Y.Doc, interactionId: number | string): InboxRow | null {
  const key = keyOf(interactionId);
  return validRow(key, rowsOf(doc).get(key));
}

/** The projection's bookkeeping. */
export function readInboxMeta(doc: Y.Doc): InboxMeta {
  const at = metaOf(doc).get(REBUILT_AT);
  return { rebuiltAt: typeof at === 'string' && isoDateTime.safeParse(at).success ? at : null };
}

/** Writes already-validated rows. */
function writeRows(rows: Y.Map<unknown>, valid: readonly InboxRow[]): number {
  let written = 0;
  for (const row of valid) {
    const key = keyOf(row.interactionId);
    const json = JSON.stringify(row);
    // Re-setting an equal value would still grow the document by one item and wake every client.
    if (JSON.stringify(rows.get(key)) === json) continue;
    rows.set(key, row);
    written += 1;
  }
  return written;
}

/**
 * Writes rows (validated; an invalid row throws before anything is written) in one transaction.
 * Rows equal to what is stored are left alone. Returns how many rows were written.
 */
export function upsertInboxRows(doc: Y.Doc, rows: readonly InboxRow[]): number {
  const valid = rows.map((row) => inboxRowSchema.parse(row));
  let written = 0;
  doc.transact(() => {
    written = writeRows(rowsOf(doc), valid);
  });
  return written;
}

/** Removes rows by interaction id in one transaction; returns how many were present. */
export function removeInboxRows(doc: Y.Doc, interactionIds: Iterable<number | string>): number {
  let removed = 0;
  doc.transact(() => {
    const rows = rowsOf(doc);
    for (const interactionId of interactionIds) {
      const key = keyOf(interactionId);
      if (!rows.has(key)) continue;
      rows.delete(key);
      removed += 1;
    }
  });
  return removed;
}

/**
 * Makes the rows exactly `rows` (removing every other row) and records `rebuiltAt`, in one
 * transaction: the server's full rebuild from PostgreSQL.
 */
export function replaceInboxRows(doc: Y.Doc, rows: readonly InboxRow[], rebuiltAt: Date): void {
  const valid = rows.map((row) => inboxRowSchema.parse(row));
  const keep = new Set(valid.map((row) => keyOf(row.interactionId)));
  doc.transact(() => {
    const map = rowsOf(doc);
    for (const key of Array.from(map.keys())) {
      if (!keep.has(key)) map.delete(key);
    }
    writeRows(map, valid);
    metaOf(doc).set(REBUILT_AT, rebuiltAt.toISOString());
  });
}

/** Calls `onChange` after every transaction that changes rows; returns the unsubscribe function. */
export function observeInbox(doc: Y.Doc, onChange: (change: InboxChange) => void): () => void {
  const rows = rowsOf(doc);
  const handler = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction): void => {
    const upserted: number[] = [];
    const removed: number[] = [];
    event.changes.keys.forEach((change, key) => {
      const interactionId = idOfKey(key);
      if (interactionId === null) return;
      (change.action === 'delete' ? removed : upserted).push(interactionId);
    });
    if (upserted.length || removed.length) onChange({ upserted, removed, local: transaction.local });
  };
  rows.observe(handler);
  return () => rows.unobserve(handler);
}

/**
 * Records that the server committed a change of the store's conversations or appointments, in
 * its own transaction. Screens that count rather than list (the reports) follow this stamp: a
 * booking of a closed conversation, or an appointment without one, changes no inbox row.
 */
export function markInboxChanged(doc: Y.Doc, at: Date): void {
  doc.transact(() => metaOf(doc).set(CHANGED_AT, at.toISOString()));
}

/** The last {@link markInboxChanged} stamp, or null. */
export function inboxChangedAt(doc: Y.Doc): string | null {
  const at = metaOf(doc).get(CHANGED_AT);
  return typeof at === 'string' && isoDateTime.safeParse(at).success ? at : null;
}

/** Calls `onChange` whenever the {@link markInboxChanged} stamp moves; returns the unsubscribe function. */
export function observeInboxChangedAt(doc: Y.Doc, onChange: (at: string | null) => void): () => void {
  const meta = metaOf(doc);
  const handler = (event: Y.YMapEvent<unknown>): void => {
    if (event.keysChanged.has(CHANGED_AT)) onChange(inboxChangedAt(doc));
  };
  meta.observe(handler);
  return () => meta.unobserve(handler);
}
