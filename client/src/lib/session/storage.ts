import { customSearchV2Flag, userDataShape, type UserData } from '@drivebay/shared';

/**
 * Where the session lives in the browser. Keys are the ones the specification names (§3), so
 * anything that already reads them keeps working.
 */
export const STORAGE_KEYS = {
  userData: 'userData',
  selectedEnterpriseId: 'selectedEnterpriseId',
  selectedBocId: 'selectedBocId',
  selectedStoreId: 'selectedStoreId',
  customSearchV2: 'customSearchV2',
  /**
   * Last user activity in any tab (epoch ms), so working in one tab keeps an idle second tab from
   * ending the shared session.
   */
  lastActivityAt: 'lastActivityAt',
  /** sessionStorage: the query string of the address the tab was opened or moved to. */
  queryString: 'queryString',
} as const;

/** The enterprise, BOC and store the user is working in; ids are the numeric row ids. */
export type Selection = {
  enterpriseId: number | null;
  bocId: number | null;
  storeId: number | null;
};

export const EMPTY_SELECTION: Selection = { enterpriseId: null, bocId: null, storeId: null };

/**
 * The stored user data, or null when there is none or it does not match the current shape (an
 * older client version, a hand edit): such a session is treated as logged out and the value removed.
 */
export function readUserData(storage: Storage = localStorage): UserData | null {
  const raw = storage.getItem(STORAGE_KEYS.userData);
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    storage.removeItem(STORAGE_KEYS.userData);
    return null;
  }
  const parsed = userDataShape.safeParse(json);
  if (!parsed.success) {
    storage.removeItem(STORAGE_KEYS.userData);
    return null;
  }
  return parsed.data;
}

export function writeUserData(user: UserData, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
}

function readId(storage: Storage, key: string): number | null {
  const raw = storage.getItem(key);
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : null;
}

function writeId(storage: Storage, key: string, value: number | null): void {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, String(value));
}

export function readSelection(storage: Storage = localStorage): Selection {
  return {
    enterpriseId: readId(storage, STORAGE_KEYS.selectedEnterpriseId),
    bocId: readId(storage, STORAGE_KEYS.selectedBocId),
    storeId: readId(storage, STORAGE_KEYS.selectedStoreId),
  };
}

export function writeSelection(selection: Selection, storage: Storage = localStorage): void {
  writeId(storage, STORAGE_KEYS.selectedEnterpriseId, selection.enterpriseId);
  writeId(storage, STORAGE_KEYS.selectedBocId, selection.bocId);
  writeId(storage, STORAGE_KEYS.selectedStoreId, selection.storeId);
}

export function readCustomSearchV2(storage: Storage = localStorage): boolean {
  return storage.getItem(STORAGE_KEYS.customSearchV2) === 'true';
}

/**
 * Keeps the address's query string for the tab (spec §2) and applies the custom-search switch it
 * may carry. An address without a query leaves the stored one as it was.
 */
export function rememberQueryString(
  search: string,
  local: Storage = localStorage,
  session: Storage = sessionStorage,
): void {
  if (search === '' || search === '?') return;
  session.setItem(STORAGE_KEYS.queryString, search);
  const flag = customSearchV2Flag(search, readCustomSearchV2(local));
  local.setItem(STORAGE_KEYS.customSearchV2, String(flag));
}

export function readQueryString(session: Storage = sessionStorage): string {
  return session.getItem(STORAGE_KEYS.queryString) ?? '';
}
