import type { PendingQuery, Row } from 'postgres';
import type { MessageType, NotificationType } from '@drivebay/shared';
import type { Sql } from '../../../db/database';

/**
 * One message_instance row as a writer sets it. A field left out takes the table's default, so
 * each kind of message keeps stating exactly the columns it always set.
 */
/** Who a message is from and to, as the conversation names them (addresses may be unknown). */
export type MessageParties = { from: string | null; fromName: string | null; to: string | null; toName: string | null };

/** A value the statement computes itself (e.g. from a lookup in the same statement). */
export type Computed = PendingQuery<Row[]>;

export type MessageRecord = {
  futureServiceInteractionId: number;
  storeId: number;
  customerId: number | null;
  content: string;
  direction: 'SEND' | 'SENT' | 'RECEIVED';
  messageType: MessageType;
  notificationType?: NotificationType | null;
  subject?: string | null;
  title?: string | null;
  fromAddress?: string | null;
  fromName?: string | null;
  toAddress?: string | null;
  toName?: string | null;
  /** When the carrier took it or the customer sent it; 'now' is the transaction's own time. */
  timestamp?: Date | 'now' | null;
  /** Only the demo seed backdates messages; everything else is written as it happens. */
  createdOn?: Date;
  messageStatus?: string | null;
  errors?: string[];
  mediaUrls?: string[];
  messageSentBy?: string | null;
  sentByUserId?: number | null;
  doerProxyUserId?: number | null;
  appointmentId?: number | null;
  startTime?: Date | null;
  callDurationSeconds?: number | null;
  responseReqd?: boolean;
  readStatus?: boolean;
  clientMessageId?: string | null;
  carrierMessageId?: string | null;
};

/** The unique key a repeated write is recognised by; the repeat then writes nothing. */
export type MessageDedupe = 'client_message_id' | 'carrier_message_id';

type Column = keyof MessageRecord;

function cell(tx: Sql, record: MessageRecord, column: Column): unknown {
  const value = record[column];
  // A column another row of the batch sets but this one does not keeps the table's default.
  if (value === undefined) return tx`default`;
  if (column === 'timestamp' && value === 'now') return tx`now()`;
  // jsonb values must be wrapped, or an array would be sent as a Postgres array literal.
  if (column === 'errors') return tx.json(value as string[]);
  return value;
}

function conflictClause(tx: Sql, dedupeOn: MessageDedupe | undefined): PendingQuery<Row[]> {
  return dedupeOn === 'client_message_id'
    ? tx`on conflict (client_message_id) do nothing`
    : dedupeOn === 'carrier_message_id'
      ? tx`on conflict (carrier_message_id) do nothing`
      : tx``;
}

const DEDUPE_FIELD = { client_message_id: 'clientMessageId', carrier_message_id: 'carrierMessageId' } as const;

/**
 * The one statement that inserts messages: every kind of message, and the seed's batches, are
 * written here, so a column's meaning and default are decided in one place. Returns each
 * record's id, in the records' order; with `dedupeOn`, a record whose key exists already (or
 * repeats an earlier record's key) is skipped and has no id. The kind functions around it note
 * the change for the inbox (see inbox-changes.ts).
 */
export async function insertMessages(tx: Sql, records: MessageRecord[], opts: { dedupeOn?: MessageDedupe } = {}): Promise<(number | undefined)[]> {
  if (!records.length) return [];
  const columns = [...new Set(records.flatMap((r) => (Object.keys(r) as Column[]).filter((c) => r[c] !== undefined)))];
  const rows = records.map((r) => Object.fromEntries(columns.map((c) => [c, cell(tx, r, c)])));
  const inserted = await tx<{ id: number; key: string | null }[]>`
    insert into message_instance ${tx(rows as never, columns)} ${conflictClause(tx, opts.dedupeOn)}
    returning id, ${opts.dedupeOn ? tx(opts.dedupeOn) : tx`null`} as key`;
  if (!opts.dedupeOn) return inserted.map((r) => r.id);
  // Rows come back in the records' order, the skipped ones left out.
  const field = DEDUPE_FIELD[opts.dedupeOn];
  let next = 0;
  return records.map((r) => {
    const row = inserted[next];
    if (!row || row.key !== (r[field] ?? null)) return undefined;
    next++;
    return row.id;
  });
}

/**
 * A message whose interaction, customer and sender's name the statement finds itself; any other
 * column may also be computed (from the rows a batch selects from).
 */
export type LookedUpRecord = { [C in Column]?: MessageRecord[C] | Computed } & {
  futureServiceInteractionId: Computed;
  customerId: Computed;
  fromName: Computed;
};

/**
 * The same insert as one part of a larger statement (a data-modifying WITH query): messages whose
 * interaction, customer and name come from the statement's own lookup, one per row of `from` (or
 * one without it), written only when `when` holds, in `orderBy`'s order. Used where the lookup,
 * the insert and the counters must cost one round trip (carriers' inbound texts). Yields `id`,
 * `future_service_interaction_id`, `carrier_message_id` and `created_on` of the rows written.
 */
export function insertLookedUpMessage(
  tx: Sql,
  record: LookedUpRecord,
  when: Computed,
  opts: { dedupeOn?: MessageDedupe; from?: Computed; orderBy?: Computed } = {},
): Computed {
  const r = record as unknown as MessageRecord;
  const columns = (Object.keys(record) as Column[]).filter((c) => record[c] !== undefined);
  const values = columns.map((c): Computed => {
    const v = r[c];
    const value = v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v) ? v : cell(tx, r, c);
    return tx`${value as Computed}`;
  });
  const list = values.reduce<Computed>((acc, v, i) => (i === 0 ? v : tx`${acc}, ${v}`), tx``);
  const from = opts.from ? tx`from ${opts.from}` : tx``;
  const orderBy = opts.orderBy ? tx`order by ${opts.orderBy}` : tx``;
  return tx`insert into message_instance (${tx(columns)}) select ${list} ${from} where ${when} ${orderBy} ${conflictClause(tx, opts.dedupeOn)}
    returning id, future_service_interaction_id, carrier_message_id, created_on`;
}
