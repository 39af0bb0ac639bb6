/**
 * The store-list rules of the specification (operations §5): the store GA251 under BOC GA250 is
 * hidden from store lists, and some stores are shown under fixed display names by id.
 */
export const HIDDEN_STORES: readonly { bocCode: string; storeCode: string }[] = [{ bocCode: 'GA250', storeCode: 'GA251' }];

/**
 * Display names by store code. The specification does not give the names; these are the product's
 * (docs/permissions.md, "Store lists"): the codes the dealer system sends for stores whose legal
 * name differs from the name people use.
 */
export const STORE_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  GA252: 'Metro Honda Service Express',
  GA253: 'Metro Honda Collision Center',
};

type ListedStore = { storeCode: string; bocCode: string; storeName: string };

/** Whether a store appears in store lists. */
export function isListedStore(s: Pick<ListedStore, 'storeCode' | 'bocCode'>): boolean {
  return !HIDDEN_STORES.some((h) => h.bocCode === s.bocCode && h.storeCode === s.storeCode);
}

/** The name a store list shows for a store. */
export function storeDisplayName(s: Pick<ListedStore, 'storeCode' | 'storeName'>): string {
  return STORE_DISPLAY_NAMES[s.storeCode] ?? s.storeName;
}

/** A store list as people see it: hidden stores out, fixed display names in. */
export function applyStoreListRules<T extends ListedStore>(stores: readonly T[]): T[] {
  return stores.filter(isListedStore).map((s) => ({ ...s, storeName: storeDisplayName(s) }));
}
