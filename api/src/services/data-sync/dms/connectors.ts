import type { DataSourceKind } from '@drivebay/shared';
import type { DmsConnector } from './port';
import { simulatedDms } from './simulated-dms';

/**
 * The connector of a kind of source, or null when the product has none for it (the source is
 * configured, credentials kept, but it cannot be synced: 'DMS not supporting Sync').
 */
export function connectorFor(kind: DataSourceKind): DmsConnector | null {
  return kind === 'SIMULATED_DMS' ? simulatedDms : null;
}

/** Kinds that are dealer systems (as opposed to spreadsheet uploads). */
export const isDmsKind = (kind: DataSourceKind) => kind !== 'SPREADSHEET';
