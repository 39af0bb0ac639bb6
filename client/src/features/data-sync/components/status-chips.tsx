import Chip from '@mui/material/Chip';
import { FILE_REPORT_STATUS_LABELS, SYNC_RUN_STATUS_LABELS, type DataSource, type FileReportStatus, type SyncRunStatus } from '@drivebay/shared';

const RUN_COLOR = { RUNNING: 'info', SUCCEEDED: 'success', FAILED: 'error' } as const;
const FILE_COLOR = { PROCESSING: 'info', COMPLETED: 'success', REJECTED: 'warning', FAILED: 'error' } as const;

export const RunStatusChip = ({ status }: { status: SyncRunStatus }) => <Chip size="small" label={SYNC_RUN_STATUS_LABELS[status]} color={RUN_COLOR[status]} variant="outlined" />;
export const FileStatusChip = ({ status }: { status: FileReportStatus }) => <Chip size="small" label={FILE_REPORT_STATUS_LABELS[status]} color={FILE_COLOR[status]} variant="outlined" />;

/** How a source is doing: failing, lagging, off, or fine. */
export function SourceStateChip({ source }: { source: DataSource }) {
  if (!source.enabled) return <Chip size="small" label="Off" variant="outlined" />;
  if (source.failing) return <Chip size="small" label="Last sync failed" color="error" />;
  if (source.lagging) return <Chip size="small" label="Lagging" color="warning" />;
  if (source.kind !== 'SPREADSHEET' && !source.lastSyncOn) return <Chip size="small" label="Not synced yet" variant="outlined" />;
  if (source.kind === 'SPREADSHEET') return <Chip size="small" label="Takes uploads" variant="outlined" />;
  return <Chip size="small" label="Up to date" color="success" variant="outlined" />;
}
