import { useCallback, useEffect, useMemo } from 'react';
import type { Boc, Enterprise, Store, UserData } from '@drivebay/shared';
import { notifyListFailure } from '../../../lib/api-client';
import { setSelection } from '../../../lib/session/session-store';
import type { Selection } from '../../../lib/session/storage';
import { prefetchRemoteData, useRemoteData } from '../../../lib/use-remote-data';
import { getBocs, getEnterprises, getStores } from '../api';
import { bocOptions, resolveSelection, sameSelection, scopePins, type ScopePins } from '../selection';

export type OrgScope = {
  pins: ScopePins;
  enterprises: Enterprise[] | undefined;
  bocs: Boc[] | undefined;
  stores: Store[] | undefined;
  loading: { enterprises: boolean; bocs: boolean; stores: boolean };
  selectedStore: Store | null;
  selectEnterprise: (id: number | null) => void;
  selectBoc: (id: number | null) => void;
  selectStore: (id: number | null) => void;
};

function useNotifyFailure(error: unknown): void {
  useEffect(() => {
    if (error) notifyListFailure(error);
  }, [error]);
}

/** The lists the cascade loads for a selection, each under the key its cached answer is kept by. */
function scopeLists(userMasterId: number, { enterpriseId, bocId }: Selection) {
  return {
    enterprises: { key: `enterprises:${userMasterId}`, load: (signal: AbortSignal) => getEnterprises(signal) },
    bocs: { key: enterpriseId === null ? null : `bocs:${userMasterId}:${enterpriseId}`, load: (signal: AbortSignal) => getBocs(enterpriseId ?? 0, signal) },
    stores: {
      key: enterpriseId === null || bocId === null ? null : `stores:${userMasterId}:${enterpriseId}:${bocId}`,
      load: (signal: AbortSignal) => getStores(enterpriseId ?? 0, bocId, signal),
    },
  };
}

/**
 * Starts loading the lists the app bar will show for `user` (with what their scope pins chosen),
 * e.g. right after sign-in, so the first screen does not wait for the layout to ask for them.
 */
export function prefetchOrgScope(user: UserData, selection: Selection): void {
  const lists = scopeLists(user.userMasterId, resolveSelection(selection, scopePins(user), {}));
  const loads: { key: string | null; load: (signal: AbortSignal) => Promise<unknown> }[] = [lists.enterprises, lists.bocs, lists.stores];
  for (const { key, load } of loads) if (key !== null) prefetchRemoteData(key, load);
}

/**
 * The enterprise → BOC → store cascade of the top bar: loads each list once its parent is chosen,
 * keeps the session's selection inside the user's scope, and auto-selects what the scope pins.
 */
export function useOrgScope(user: UserData, selection: Selection): OrgScope {
  const { empLevel, enterprise, bocId: userBocId, storeId: userStoreId, userMasterId } = user;
  const pins = useMemo(
    () => scopePins({ empLevel, enterprise, bocId: userBocId, storeId: userStoreId }),
    [empLevel, enterprise, userBocId, userStoreId],
  );
  const { enterpriseId, bocId, storeId } = selection;

  const lists = scopeLists(userMasterId, selection);
  const enterprises = useRemoteData(lists.enterprises.key, lists.enterprises.load);
  const bocs = useRemoteData(lists.bocs.key, lists.bocs.load);
  const stores = useRemoteData(lists.stores.key, lists.stores.load);
  useNotifyFailure(enterprises.error);
  useNotifyFailure(bocs.error);
  useNotifyFailure(stores.error);

  const offeredBocs = useMemo(() => bocOptions(bocs.data, stores.data), [bocs.data, stores.data]);

  useEffect(() => {
    const next = resolveSelection(selection, pins, {
      enterprises: enterprises.data,
      bocs: offeredBocs,
      stores: stores.data,
    });
    if (!sameSelection(next, selection)) setSelection(next);
  }, [selection, pins, enterprises.data, offeredBocs, stores.data]);

  const selectEnterprise = useCallback(
    (id: number | null) => setSelection({ enterpriseId: id, bocId: null, storeId: null }),
    [],
  );
  const selectBoc = useCallback(
    (id: number | null) => setSelection({ enterpriseId, bocId: id, storeId: null }),
    [enterpriseId],
  );
  const selectStore = useCallback(
    (id: number | null) => setSelection({ enterpriseId, bocId, storeId: id }),
    [enterpriseId, bocId],
  );

  const selectedStore = stores.data?.find((s) => s.id === storeId) ?? null;
  const loading = useMemo(
    () => ({ enterprises: enterprises.loading, bocs: bocs.loading, stores: stores.loading }),
    [enterprises.loading, bocs.loading, stores.loading],
  );

  // The same object until something in it changes, so the screens given it re-render only then.
  return useMemo(
    () => ({ pins, enterprises: enterprises.data, bocs: offeredBocs, stores: stores.data, loading, selectedStore, selectEnterprise, selectBoc, selectStore }),
    [pins, enterprises.data, offeredBocs, stores.data, loading, selectedStore, selectEnterprise, selectBoc, selectStore],
  );
}
