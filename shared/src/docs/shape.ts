/**
 * What a document may contain, checked on a copy before a client's update reaches the document
 * itself: a refused update is never applied, never broadcast and never stored.
 */
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
 * What the reading of one update looks things up in: the document's structs and the update's own
 * items by client (gathered only when an item attaches to another item of the same update).
 * Plain functions over this rather than closures made per call: the check runs for every move.
 */
type Reading = { doc: Y.Doc; structs: readonly (Y.Item | Y.GC | Y.Skip)[]; fromUpdate: Map<number, Y.Item[]> | null };

function inDoc(store: Y.Doc['store'], id: Y.ID): Y.Item | Y.GC | null {
  const structs = store.clients.get(id.client);
  if (!structs || id.clock >= Y.getState(store, id.client)) return null;
  return structs[Y.findIndexSS(structs as (Y.Item | Y.GC)[], id.clock)] as Y.Item | Y.GC;
}

function inUpdate(reading: Reading, id: Y.ID): Y.Item | null {
  if (reading.fromUpdate === null) {
    reading.fromUpdate = new Map();
    for (const struct of reading.structs) {
      if (!(struct instanceof Y.Item)) continue;
      let list = reading.fromUpdate.get(struct.id.client);
      if (!list) reading.fromUpdate.set(struct.id.client, (list = []));
      list.push(struct);
    }
  }
  const list = reading.fromUpdate.get(id.client);
  if (!list) return null;
  for (const item of list) if (item.id.clock <= id.clock && id.clock < item.id.clock + item.length) return item;
  return null;
}

/** The top-level map entry an item writes: its parent, or the item it was inserted next to. */
function attachment(reading: Reading, item: Y.Item, depth: number): Attachment {
  const parent = item.parent as unknown;
  if (parent !== null) {
    const root = typeof parent === 'string' ? parent : rootName(reading.doc, parent as AnyType) ?? undefined;
    return root !== undefined && item.parentSub !== null ? { root, key: item.parentSub } : null;
  }
  const ref = item.origin ?? item.rightOrigin;
  if (!ref || depth > 64) return null;
  const known = inDoc(reading.doc.store, ref);
  if (known) return known instanceof Y.Item ? attachment(reading, known, depth + 1) : null;
  const pending = inUpdate(reading, ref);
  return pending ? attachment(reading, pending, depth + 1) : null;
}

function allows(shape: DocShape, at: Attachment, value: unknown): boolean {
  const rule = at ? shape[at.root] : undefined;
  return !!at && !!rule && rule(at.key, value) === null;
}

/**
 * Whether every struct of `update` writes an entry of a top-level map that its rule accepts (as
 * a plain value, or a removal), and everything it deletes is such an entry. False means "not
 * decided here", never "refused".
 */
export function acceptsCheaply(doc: Y.Doc, update: Uint8Array, shape: DocShape): boolean {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return false;
  }
  const store = doc.store;
  const reading: Reading = { doc, structs: decoded.structs, fromUpdate: null };
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue;
    const known = Y.getState(store, struct.id.client);
    if (struct.id.clock + struct.length <= known) continue; // already applied: skipped by Yjs
    if (struct.id.clock < known) return false;
    const at = attachment(reading, struct, 0);
    const content = struct.content;
    if (content instanceof Y.ContentDeleted || Y.isDeleted(decoded.ds, struct.id)) {
      if (!allows(shape, at, undefined)) return false;
    } else if (content instanceof Y.ContentAny && content.arr.length === 1) {
      if (!allows(shape, at, content.arr[0])) return false;
    } else {
      return false;
    }
  }
  for (const [client, ranges] of decoded.ds.clients) {
    const structs = store.clients.get(client) as (Y.Item | Y.GC)[] | undefined;
    if (!structs) continue;
    const known = Y.getState(store, client);
    for (const { clock, len } of ranges) {
      if (clock >= known) continue; // the update's own structs, checked above
      for (let i = Y.findIndexSS(structs, clock); i < structs.length && structs[i]!.id.clock < clock + len; i++) {
        const struct = structs[i]!;
        if (struct instanceof Y.GC || struct.deleted) continue;
        if (!allows(shape, attachment(reading, struct, 0), undefined)) return false;
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
