import { describe, expect, it } from 'vitest';
import { userData } from '../../test/user-data';
import { resolveSelection, scopePins } from './selection';

const none = { enterpriseId: null, bocId: null, storeId: null };
const superPins = scopePins(userData({ empLevel: 'SUPER', bocId: null, storeId: null }));
const ids = (...list: number[]) => list.map((id) => ({ id }));

describe('scopePins', () => {
  it('pins what the scope fixes', () => {
    expect(scopePins(userData({ empLevel: 'STORE', bocId: 4, storeId: 12 }))).toEqual({ enterpriseId: 1, bocId: 4, storeId: 12 });
    expect(scopePins(userData({ empLevel: 'BOC', bocId: 4, storeId: null }))).toEqual({ enterpriseId: 1, bocId: 4, storeId: null });
    expect(scopePins(userData({ empLevel: 'ENTERPRISE', bocId: null, storeId: null }))).toEqual({ enterpriseId: 1, bocId: null, storeId: null });
    expect(superPins).toEqual(none);
  });
});

describe('resolveSelection', () => {
  it('a store-level user gets their store fixed at once', () => {
    const pins = scopePins(userData());
    expect(resolveSelection(none, pins, {})).toEqual({ enterpriseId: 1, bocId: 4, storeId: 12 });
  });

  it('keeps a stored selection while the lists are loading', () => {
    const stored = { enterpriseId: 2, bocId: 5, storeId: 9 };
    expect(resolveSelection(stored, superPins, {})).toEqual(stored);
  });

  it('takes the only option offered', () => {
    expect(resolveSelection(none, superPins, { enterprises: ids(3) })).toEqual({ enterpriseId: 3, bocId: null, storeId: null });
    const withEnterprise = { enterpriseId: 3, bocId: null, storeId: null };
    expect(resolveSelection(withEnterprise, superPins, { enterprises: ids(3), bocs: ids(8) })).toEqual({
      enterpriseId: 3,
      bocId: 8,
      storeId: null,
    });
  });

  it('leaves the choice open when there are several', () => {
    expect(resolveSelection(none, superPins, { enterprises: ids(1, 2) })).toEqual(none);
  });

  it('drops a value no longer offered, and everything below it', () => {
    const stale = { enterpriseId: 9, bocId: 5, storeId: 7 };
    expect(resolveSelection(stale, superPins, { enterprises: ids(1, 2) })).toEqual(none);
    const staleStore = { enterpriseId: 1, bocId: 5, storeId: 7 };
    expect(resolveSelection(staleStore, superPins, { enterprises: ids(1, 2), bocs: ids(5, 6), stores: ids(8, 10) })).toEqual({
      enterpriseId: 1,
      bocId: 5,
      storeId: null,
    });
  });

  it('no BOC means no store', () => {
    expect(resolveSelection({ enterpriseId: 1, bocId: null, storeId: 3 }, superPins, { enterprises: ids(1, 2), bocs: ids(4, 5) })).toEqual({
      enterpriseId: 1,
      bocId: null,
      storeId: null,
    });
  });
});
