import { describe, expect, it } from 'vitest';
import { canAccessBoc, canAccessEnterprise, canAccessStore, type UserScope } from './scope';

const store = { storeId: 2, bocId: 1, enterpriseId: 1 };
const other = { storeId: 3, bocId: 2, enterpriseId: 1 };
const foreign = { storeId: 9, bocId: 5, enterpriseId: 2 };

describe('canAccessStore', () => {
  it('super reaches every store', () => {
    const s: UserScope = { empLevel: 'SUPER', enterpriseId: 1, bocId: null, storeId: null };
    expect([store, other, foreign].every((x) => canAccessStore(s, x))).toBe(true);
  });
  it('enterprise reaches its enterprise only', () => {
    const s: UserScope = { empLevel: 'ENTERPRISE', enterpriseId: 1, bocId: null, storeId: null };
    expect(canAccessStore(s, store)).toBe(true);
    expect(canAccessStore(s, other)).toBe(true);
    expect(canAccessStore(s, foreign)).toBe(false);
  });
  it('BOC reaches its BOC only', () => {
    const s: UserScope = { empLevel: 'BOC', enterpriseId: 1, bocId: 1, storeId: null };
    expect(canAccessStore(s, store)).toBe(true);
    expect(canAccessStore(s, other)).toBe(false);
    expect(canAccessBoc(s, { bocId: 1, enterpriseId: 1 })).toBe(true);
    expect(canAccessBoc(s, { bocId: 2, enterpriseId: 1 })).toBe(false);
  });
  it('store reaches its store only', () => {
    const s: UserScope = { empLevel: 'STORE', enterpriseId: 1, bocId: 1, storeId: 2 };
    expect(canAccessStore(s, store)).toBe(true);
    expect(canAccessStore(s, { ...store, storeId: 1 })).toBe(false);
    expect(canAccessBoc(s, { bocId: 1, enterpriseId: 1 })).toBe(false);
    expect(canAccessEnterprise(s, 1)).toBe(true);
    expect(canAccessEnterprise(s, 2)).toBe(false);
  });
});
