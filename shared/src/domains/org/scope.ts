import type { EmpLevel } from '../../codes';

/** How far one user's access reaches; loaded with the session on every request. */
export type UserScope = {
  empLevel: EmpLevel;
  enterpriseId: number;
  bocId: number | null;
  storeId: number | null;
};

/** Where a store sits in the organisation. */
export type StorePlace = { storeId: number; bocId: number; enterpriseId: number };

/**
 * Whether a user may see and act on a store's records and documents. SUPER reaches every
 * enterprise; ENTERPRISE its enterprise; BOC its BOC; STORE its one store.
 */
export function canAccessStore(scope: UserScope, store: StorePlace): boolean {
  switch (scope.empLevel) {
    case 'SUPER':
      return true;
    case 'ENTERPRISE':
      return store.enterpriseId === scope.enterpriseId;
    case 'BOC':
      return store.enterpriseId === scope.enterpriseId && store.bocId === scope.bocId;
    case 'STORE':
      return store.storeId === scope.storeId;
  }
}

/** Whether a user may see a BOC (and list its stores). */
export function canAccessBoc(scope: UserScope, boc: { bocId: number; enterpriseId: number }): boolean {
  switch (scope.empLevel) {
    case 'SUPER':
      return true;
    case 'ENTERPRISE':
      return boc.enterpriseId === scope.enterpriseId;
    case 'BOC':
      return boc.bocId === scope.bocId;
    case 'STORE':
      return false;
  }
}

/** Whether a user may see an enterprise at all (any part of it). */
export function canAccessEnterprise(scope: UserScope, enterpriseId: number): boolean {
  return scope.empLevel === 'SUPER' || scope.enterpriseId === enterpriseId;
}
