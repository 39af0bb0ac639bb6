/**
 * Names of the shared Yjs documents. A document name is also the unit of authorization on the
 * sync server, so parsing is strict: anything but the exact shapes below is refused rather than
 * guessed at.
 */

/** The kinds of per-store documents. */
export const DOC_KINDS = ['inbox', 'board'] as const;
export type DocKind = (typeof DOC_KINDS)[number];

/** What a valid document name says: which document of which store. */
export type DocAddress = { kind: DocKind; storeId: number };

// A leading zero would give one store two names (`store:01:inbox` and `store:1:inbox`), i.e. two
// documents for the same data; only the canonical decimal form is a name.
const DOC_NAME = /^store:([1-9][0-9]{0,15}):(inbox|board)$/;

function assertStoreId(storeId: number): void {
  if (!Number.isSafeInteger(storeId) || storeId <= 0) {
    throw new RangeError(`store id must be a positive integer, got ${String(storeId)}`);
  }
}

/** `store:{storeId}:inbox`: one row per active interaction of the store. Throws on a bad id. */
export function inboxDocName(storeId: number): string {
  assertStoreId(storeId);
  return `store:${storeId}:inbox`;
}

/** `store:{storeId}:board`: the store's repair-order cards by lane. Throws on a bad id. */
export function boardDocName(storeId: number): string {
  assertStoreId(storeId);
  return `store:${storeId}:board`;
}

/**
 * The kind and store of a document name, or null when the name is not exactly one this product
 * builds (positive integer store id without leading zeros, a known kind, nothing else).
 */
export function parseDocName(name: string): DocAddress | null {
  const match = DOC_NAME.exec(name);
  if (!match) return null;
  const storeId = Number(match[1]);
  if (!Number.isSafeInteger(storeId)) return null;
  return { kind: match[2] as DocKind, storeId };
}
