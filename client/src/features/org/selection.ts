import type { Boc, Store, UserData } from '@drivebay/shared';
import type { Selection } from '../../lib/session/storage';

/** The parts of the selection the user's scope fixes; null where the user may choose. */
export type ScopePins = Selection;

export function scopePins(user: Pick<UserData, 'empLevel' | 'enterprise' | 'bocId' | 'storeId'>): ScopePins {
  return {
    enterpriseId: user.empLevel === 'SUPER' ? null : user.enterprise.id,
    bocId: user.empLevel === 'BOC' || user.empLevel === 'STORE' ? user.bocId : null,
    storeId: user.empLevel === 'STORE' ? user.storeId : null,
  };
}

type Option = { id: number };

/**
 * One level of the selection: a pinned value wins; a value no longer offered is dropped; a lone
 * option is taken. While the options are still loading (undefined) the current value stays, so a
 * reload does not wipe the stored store before the lists arrive.
 */
function pick(current: number | null, pinned: number | null, options: readonly Option[] | undefined): number | null {
  if (pinned !== null) return pinned;
  if (options === undefined) return current;
  if (current !== null && options.some((o) => o.id === current)) return current;
  const [only] = options;
  return options.length === 1 && only ? only.id : null;
}

/**
 * The selection made consistent with the user's scope and the lists offered. `bocs` must be the
 * BOCs of the selected enterprise and `stores` the stores of the selected BOC. A changed enterprise
 * resets BOC and store; a changed BOC resets the store.
 */
export function resolveSelection(
  current: Selection,
  pins: ScopePins,
  lists: { enterprises?: readonly Option[]; bocs?: readonly Option[]; stores?: readonly Option[] },
): Selection {
  const enterpriseId = pick(current.enterpriseId, pins.enterpriseId, lists.enterprises);
  if (enterpriseId !== current.enterpriseId) return { enterpriseId, bocId: pins.bocId, storeId: pins.storeId };
  const bocId = pick(current.bocId, pins.bocId, enterpriseId === null ? [] : lists.bocs);
  if (bocId !== current.bocId) return { enterpriseId, bocId, storeId: pins.storeId };
  const storeId = pick(current.storeId, pins.storeId, bocId === null ? [] : lists.stores);
  return { enterpriseId, bocId, storeId };
}

export function sameSelection(a: Selection, b: Selection): boolean {
  return a.enterpriseId === b.enterpriseId && a.bocId === b.bocId && a.storeId === b.storeId;
}

/**
 * The BOCs to offer. A store-level user may not list BOCs, yet their store names its BOC; that
 * one is offered so the pinned value has a label.
 */
export function bocOptions(bocs: readonly Boc[] | undefined, stores: readonly Store[] | undefined): Boc[] | undefined {
  if (bocs === undefined && stores === undefined) return undefined;
  const result = [...(bocs ?? [])];
  for (const store of stores ?? []) {
    if (!result.some((b) => b.id === store.boc)) {
      result.push({ id: store.boc, bocId: store.bocMaster.bocId, bocName: store.bocMaster.bocName, enterpriseId: store.enterpriseId });
    }
  }
  return result;
}
