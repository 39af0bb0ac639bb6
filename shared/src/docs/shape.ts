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
 * Applies `update` to a copy of `doc` and reports whether the result keeps to `shape`: only the
 * named top-level maps change, and every entry the update writes passes its rule. The copy also
 * measures the resulting size, so a caller can cap documents: `bytes` is exact when the state
 * plus the update exceeds `measureAbove`, an upper bound otherwise (measuring costs one encode).
 */
export function checkUpdate(doc: Y.Doc, update: Uint8Array, shape: DocShape, measureAbove = 0): UpdateCheck {
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
    return { problem, bytes };
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
