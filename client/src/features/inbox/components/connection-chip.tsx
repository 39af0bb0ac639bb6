import Chip from '@mui/material/Chip';
import type { CollabStatus } from '../../../lib/collab';

const LABELS: Record<CollabStatus, { label: string; color: 'success' | 'info' | 'warning' | 'default' }> = {
  online: { label: 'Live', color: 'success' },
  syncing: { label: 'Syncing', color: 'info' },
  connecting: { label: 'Connecting', color: 'default' },
  offline: { label: 'Offline', color: 'warning' },
};

/** Whether the list is live, catching up, or showing what this device last saw. */
export function ConnectionChip({ status }: { status: CollabStatus }) {
  const { label, color } = LABELS[status];
  return <Chip size="small" label={label} color={color} variant={status === 'online' ? 'filled' : 'outlined'} data-collab-status={status} aria-live="polite" />;
}

/** The weakest status of several documents: the list is live only when every store is. */
export function combinedStatus(statuses: readonly CollabStatus[]): CollabStatus {
  for (const s of ['offline', 'connecting', 'syncing'] as const) if (statuses.includes(s)) return s;
  return 'online';
}
