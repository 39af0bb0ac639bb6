import { useCallback, useEffect, useMemo } from 'react';
import type { Boc, Enterprise, Store, UserData } from '@drivebay/shared';
import { notifyListFailure } from '../../../lib/api-client';
import { setSelection } from '../../../lib/session/session-store';
import type { Selection } from '../../../lib/session/storage';
import { useRemoteData } from '../../../lib/use-remote-data';
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

  const enterprises = useRemoteData(`enterprises:${userMasterId}`, (signal) => getEnterprises(signal));
  const bocs = useRemoteData(enterpriseId === null ? null : `bocs:${userMasterId}:${enterpriseId}`, (signal) =>
    getBocs(enterpriseId ?? 0, signal),
  );
  const stores = useRemoteData(
    enterpriseId === null || bocId === null ? null : `stores:${userMasterId}:${enterpriseId}:${bocId}`,
    (signal) => getStores(enterpriseId ?? 0, bocId, signal),
  );
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

  return {
    pins,
    enterprises: enterprises.data,
    bocs: offeredBocs,
    stores: stores.data,
    loading: { enterprises: enterprises.loading, bocs: bocs.loading, stores: stores.loading },
    selectedStore,
    selectEnterprise,
    selectBoc,
    selectStore,
  };
}
