import { useEffect } from 'react';
import type { LeadPage, LeadQuery } from '@drivebay/shared';
import { notifyListFailure } from '../../../lib/api-client';
import { useRemoteData, type RemoteData } from '../../../lib/use-remote-data';
import { getLeads } from '../api';

/**
 * The page of leads for a query. The previous page stays on screen while the next loads; after a
 * failure the list is empty and a warning shows (standard list failure, spec §8).
 */
export function useLeads(query: LeadQuery): RemoteData<LeadPage> {
  const result = useRemoteData(JSON.stringify(query), (signal) => getLeads(query, signal), { keepPrevious: true });
  useEffect(() => {
    if (result.error) notifyListFailure(result.error);
  }, [result.error]);
  return result;
}
