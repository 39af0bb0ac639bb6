/**
 * What a document may contain, checked on a copy before a client's update reaches the document
 * itself: a refused update is never applied, never broadcast and never stored.
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

/**
 * Why an entry written under `key` of a top-level map is not allowed (null: allowed). `value` is
 * what the map holds after the update; undefined when the update removed the entry.
 */
export type EntryRule = (key: string, value: unknown) => string | null;

/** A document's shape: its top-level maps by name, each with the rule of its entries. */
export type DocShape = Readonly<Record<string, EntryRule>>;

/** The outcome of trying an update on a copy. */
export type UpdateCheck = {
  /** Why the update is refused, or null. */
  problem: string | null;
  /** The size of the document's state with the update applied, in bytes. */
  bytes: number;
};

/** Whether a value is a plain JSON object (not an array, not a shared type). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The name a top-level type is filed under, or null for a nested type. */
type AnyType = Y.Transaction['changed'] extends Map<infer T, unknown> ? T : never;

function rootName(doc: Y.Doc, type: AnyType): string | null {
  if (type._item !== null) return null;
  for (const [name, root] of doc.share) if (root === type) return name;
  return null;
}

function transactionProblem(doc: Y.Doc, transaction: Y.Transaction, shape: DocShape): string | null {
  for (const [type, keys] of transaction.changed) {
    const name = rootName(doc, type);
    if (name === null) return 'nested shared types are not part of this document';
    const rule = shape[name];
    if (!rule) return `unknown top-level type "${name}"`;
    const map = type as unknown as Y.Map<unknown>;
    for (const key of keys) {
      if (key === null) return `"${name}" is a map, not a list`;
      const problem = rule(key, map.get(key));
      if (problem) return `${name}: ${problem}`;
    }
  }
  return null;
}

/**
 * Checks `update` against `shape` without applying it anywhere: `doc` and `update` are left as
 * they are. Every entry the update writes must pass its rule (see {@link checkUpdateOnCopy} for
 * what the result means).
 *
 * The common case (entries of top-level maps written as plain values, entries removed) is decided
 * by reading the update's structs and looking up where they attach in `doc`, which costs
 * microseconds whatever the size of the document. Anything else, and anything this reading would
 * refuse, is decided on a copy of the document by {@link checkUpdateOnCopy}, so refusals and their
 * reasons are the copy's. The size is an upper bound kept per document (its measured state plus
 * every update since) until that bound passes `measureAbove`; then the copy measures it exactly.
 */
export function checkUpdate(doc: Y.Doc, update: Uint8Array, shape: DocShape, measureAbove = 0): UpdateCheck {
  const size = sizeBound(doc, measureAbove);
  if (size !== null && size + update.byteLength <= measureAbove && acceptsCheaply(doc, update, shape)) {
    return { problem: null, bytes: size + update.byteLength };
  }
  const result = checkUpdateOnCopy(doc, update, shape, measureAbove);
  measured.get(doc)?.reset(result.stateBytes);
  return { problem: result.problem, bytes: result.bytes };
}

/** Per document: an upper bound of its encoded state, grown by every update applied to it. */
const measured = new WeakMap<Y.Doc, { bound: number; reset: (bytes: number) => void }>();

function sizeBound(doc: Y.Doc, measureAbove: number): number | null {
  // Only worth keeping where a limit is far off; a caller asking for exact sizes gets the copy.
  if (measureAbove <= 0) return null;
  let entry = measured.get(doc);
  if (!entry) {
    const tracked = { bound: Y.encodeStateAsUpdate(doc).byteLength, reset: (bytes: number) => void (tracked.bound = bytes) };
    doc.on('update', (applied: Uint8Array) => {
      tracked.bound += applied.byteLength;
    });
    measured.set(doc, (entry = tracked));
  }
  return entry.bound;
}

type Attachment = { root: string; key: string } | null;

/**
 * One struct of an update as the cheap reading takes it, without building Yjs's items: where it
 * is, what it was inserted next to or under, and what it writes.
 */
type Written = {
  client: number;
  clock: number;
  length: number;
  originClient: number;
  /** -1: none. */
  originClock: number;
  rightClient: number;
  /** -1: none. */
  rightClock: number;
  /** The top-level type it is written under, when the update names it. */
  root: string | null;
  /** Written under an item (a nested type): never decided here. */
  nested: boolean;
  parentSub: string | null;
  /** ContentDeleted. */
  deleted: boolean;
  /** ContentAny's values. */
  values: unknown[];
};

/** An update's structs that write something, and its deletions by client. */
type Writes = { written: Written[]; deletions: Map<number, { clock: number; len: number }[]> };

// Yjs's struct info byte (update format v1): the content's kind in the low five bits, then
// whether a parentSub, a right origin and an origin follow.
const CONTENT_KIND = 0b11111;
const HAS_PARENT_SUB = 0b100000;
const HAS_RIGHT_ORIGIN = 0b1000000;
const HAS_ORIGIN = 0b10000000;
const KIND_GC = 0;
const KIND_DELETED = 1;
const KIND_ANY = 8;
const KIND_SKIP = 10;

/**
 * Reads a v1 update (what providers send) as Yjs's own reader does, keeping only what the shape
 * needs. Null for anything but entries written as plain values and removals (any other content,
 * an update that cannot be read), which are not decided here.
 */
function readWrites(update: Uint8Array): Writes | null {
  try {
    const decoder = decoding.createDecoder(update);
    const written: Written[] = [];
    const clients = decoding.readVarUint(decoder);
    for (let c = 0; c < clients; c++) {
      const structs = decoding.readVarUint(decoder);
      const client = decoding.readVarUint(decoder);
      let clock = decoding.readVarUint(decoder);
      for (let i = 0; i < structs; i++) {
        const info = decoding.readUint8(decoder);
        const kind = info & CONTENT_KIND;
        if (info === KIND_SKIP || kind === KIND_GC) {
          clock += decoding.readVarUint(decoder);
          continue;
        }
        const hasOrigin = (info & HAS_ORIGIN) !== 0;
        const originClient = hasOrigin ? decoding.readVarUint(decoder) : 0;
        const originClock = hasOrigin ? decoding.readVarUint(decoder) : -1;
        const hasRight = (info & HAS_RIGHT_ORIGIN) !== 0;
        const rightClient = hasRight ? decoding.readVarUint(decoder) : 0;
        const rightClock = hasRight ? decoding.readVarUint(decoder) : -1;
        let root: string | null = null;
        let nested = false;
        let parentSub: string | null = null;
        if (!hasOrigin && !hasRight) {
          if (decoding.readVarUint(decoder) === 1) root = decoding.readVarString(decoder);
          else {
            nested = true;
            decoding.readVarUint(decoder);
            decoding.readVarUint(decoder);
          }
          if ((info & HAS_PARENT_SUB) !== 0) parentSub = decoding.readVarString(decoder);
        }
        let length: number;
        let values: unknown[] = [];
        if (kind === KIND_DELETED) length = decoding.readVarUint(decoder);
        else if (kind === KIND_ANY) {
          length = decoding.readVarUint(decoder);
          values = new Array<unknown>(length);
          for (let v = 0; v < length; v++) values[v] = decoding.readAny(decoder);
        } else return null;
        written.push({ client, clock, length, originClient, originClock, rightClient, rightClock, root, nested, parentSub, deleted: kind === KIND_DELETED, values });
        clock += length;
      }
    }
    const deletions = new Map<number, { clock: number; len: number }[]>();
    const deleting = decoding.readVarUint(decoder);
    for (let c = 0; c < deleting; c++) {
      const client = decoding.readVarUint(decoder);
      const count = decoding.readVarUint(decoder);
      let ranges = deletions.get(client);
      if (!ranges && count > 0) deletions.set(client, (ranges = []));
      for (let i = 0; i < count; i++) ranges!.push({ clock: decoding.readVarUint(decoder), len: decoding.readVarUint(decoder) });
    }
    return decoder.pos === update.length ? { written, deletions } : null;
  } catch {
    return null;
  }
}

/**
 * What the reading of one update looks things up in: the document's structs, and the update's own
 * structs by client in clock order (gathered only when one attaches to another of the same update).
 * Plain functions over this rather than closures made per call: the check runs for every move.
 */
type Reading = { doc: Y.Doc; writes: Writes; byClient: Map<number, Written[]> | null };

function inDoc(store: Y.Doc['store'], client: number, clock: number): Y.Item | Y.GC | null {
  const structs = store.clients.get(client);
  if (!structs || clock >= Y.getState(store, client)) return null;
  return structs[Y.findIndexSS(structs as (Y.Item | Y.GC)[], clock)] as Y.Item | Y.GC;
}

function inUpdate(reading: Reading, client: number, clock: number): Written | null {
  if (reading.byClient === null) {
    reading.byClient = new Map();
    for (const written of reading.writes.written) {
      let list = reading.byClient.get(written.client);
      if (!list) reading.byClient.set(written.client, (list = []));
      list.push(written);
    }
    for (const list of reading.byClient.values()) list.sort((a, b) => a.clock - b.clock);
  }
  const list = reading.byClient.get(client);
  if (!list) return null;
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const written = list[middle]!;
    if (clock < written.clock) high = middle - 1;
    else if (clock >= written.clock + written.length) low = middle + 1;
    else return written;
  }
  return null;
}

/** The top-level map entry an item of the document writes: its parent's name and its key. */
function docAttachment(doc: Y.Doc, item: Y.Item): Attachment {
  const parent = item.parent as unknown;
  if (parent === null || typeof parent !== 'object') return null;
  const root = rootName(doc, parent as AnyType);
  return root !== null && item.parentSub !== null ? { root, key: item.parentSub } : null;
}

/** The top-level map entry a struct of the update writes: its parent, or the item it was inserted next to. */
function attachment(reading: Reading, written: Written, depth: number): Attachment {
  if (written.nested) return null;
  if (written.root !== null) return written.parentSub !== null ? { root: written.root, key: written.parentSub } : null;
  if (depth > 64) return null;
  const byOrigin = written.originClock >= 0;
  const client = byOrigin ? written.originClient : written.rightClient;
  const clock = byOrigin ? written.originClock : written.rightClock;
  if (clock < 0) return null;
  const known = inDoc(reading.doc.store, client, clock);
  if (known) return known instanceof Y.Item ? docAttachment(reading.doc, known) : null;
  const pending = inUpdate(reading, client, clock);
  return pending ? attachment(reading, pending, depth + 1) : null;
}

function allows(shape: DocShape, at: Attachment, value: unknown): boolean {
  const rule = at ? shape[at.root] : undefined;
  return !!at && !!rule && rule(at.key, value) === null;
}

function deletedIn(deletions: Writes['deletions'], client: number, clock: number): boolean {
  const ranges = deletions.get(client);
  if (ranges) for (const range of ranges) if (range.clock <= clock && clock < range.clock + range.len) return true;
  return false;
}

/**
 * Whether every struct of `update` writes an entry of a top-level map that its rule accepts (as
 * a plain value, or a removal), and everything it deletes is such an entry. False means "not
 * decided here", never "refused".
 */
export function acceptsCheaply(doc: Y.Doc, update: Uint8Array, shape: DocShape): boolean {
  const writes = readWrites(update);
  if (writes === null) return false;
  const store = doc.store;
  const reading: Reading = { doc, writes, byClient: null };
  for (const written of writes.written) {
    const known = Y.getState(store, written.client);
    if (written.clock + written.length <= known) continue; // already applied: skipped by Yjs
    if (written.clock < known) return false;
    const at = attachment(reading, written, 0);
    if (written.deleted || deletedIn(writes.deletions, written.client, written.clock)) {
      if (!allows(shape, at, undefined)) return false;
    } else if (written.values.length === 1) {
      if (!allows(shape, at, written.values[0])) return false;
    } else {
      return false;
    }
  }
  for (const [client, ranges] of writes.deletions) {
    const structs = store.clients.get(client) as (Y.Item | Y.GC)[] | undefined;
    if (!structs) continue;
    const known = Y.getState(store, client);
    for (const { clock, len } of ranges) {
      if (clock >= known) continue; // the update's own structs, checked above
      for (let i = Y.findIndexSS(structs, clock); i < structs.length && structs[i]!.id.clock < clock + len; i++) {
        const struct = structs[i]!;
        if (struct instanceof Y.GC || struct.deleted) continue;
        if (!allows(shape, docAttachment(doc, struct), undefined)) return false;
      }
    }
  }
  return true;
}

/**
 * Applies `update` to a copy of `doc` and reports whether the result keeps to `shape`: only the
 * named top-level maps change, and every entry the update writes passes its rule. The copy also
 * measures the resulting size, so a caller can cap documents: `bytes` is exact when the state
 * plus the update exceeds `measureAbove`, an upper bound otherwise (measuring costs one encode).
 */
export function checkUpdateOnCopy(doc: Y.Doc, update: Uint8Array, shape: DocShape, measureAbove = 0): UpdateCheck & { stateBytes: number } {
  const state = Y.encodeStateAsUpdate(doc);
  const copy = new Y.Doc({ gc: true });
  try {
    Y.applyUpdate(copy, state);
    // Known maps as maps, so their entries read as values rather than as untyped roots.
    for (const name of Object.keys(shape)) copy.getMap(name);
    let problem: string | null = null;
    const onTransaction = (transaction: Y.Transaction) => {
      problem ??= transactionProblem(copy, transaction, shape);
    };
    copy.on('afterTransaction', onTransaction);
    try {
      Y.applyUpdate(copy, update);
    } catch {
      problem = 'the update cannot be read';
    }
    copy.off('afterTransaction', onTransaction);
    let bytes = state.byteLength + update.byteLength;
    if (problem === null && bytes > measureAbove) bytes = Y.encodeStateAsUpdate(copy).byteLength;
    return { problem, bytes, stateBytes: state.byteLength };
  } finally {
    copy.destroy();
  }
}

/**
 * Empties every top-level type `shape` does not name, in one transaction: content a document took
 * before its shape was enforced. The emptied names stay behind as tombstones (so clients that hold
 * the content receive its removal rather than sending it back). Returns the names emptied.
 */
export function clearOutsideShape(doc: Y.Doc, shape: DocShape): string[] {
  const cleared: string[] = [];
  doc.transact((transaction) => {
    for (const [name, type] of doc.share) {
      if (Object.hasOwn(shape, name)) continue;
      let removed = false;
      for (const item of type._map.values()) {
        if (item.deleted) continue;
        item.delete(transaction);
        removed = true;
      }
      for (let item = type._start; item !== null; item = item.right) {
        if (item.deleted) continue;
        item.delete(transaction);
        removed = true;
      }
      if (removed) cleared.push(name);
    }
  });
  return cleared;
}
