import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type GridColDef } from '@mui/x-data-grid';
import { LEFT_OUT_REASONS, displayDate, type PlannerRun } from '@drivebay/shared';
import { PagedGrid } from './paged-grid';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getPlannerRuns } from '../api';

const SIZE = 10;
const STATUS: Record<PlannerRun['status'], string> = { QUEUED: 'Waiting', RUNNING: 'Running', COMPLETED: 'Done', FAILED: 'Failed' };

const columns: GridColDef<PlannerRun>[] = [
  { field: 'createdOn', headerName: 'Run at', width: 150, valueFormatter: (v: string) => new Date(v).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }) },
  { field: 'plannerName', headerName: 'Planner', width: 150 },
  { field: 'plannerDate', headerName: 'Planner date', width: 115, valueFormatter: (v: string) => displayDate(v) },
  { field: 'transfer', headerName: 'Mode', width: 90, valueFormatter: (v: boolean) => (v ? 'Transfer' : 'View') },
  { field: 'status', headerName: 'Status', width: 90, valueFormatter: (v: PlannerRun['status']) => STATUS[v] },
  { field: 'dueCount', headerName: 'Due', width: 70, type: 'number' },
  { field: 'leftOutTotal', headerName: 'Left out', width: 85, type: 'number', valueGetter: (_v, r) => LEFT_OUT_REASONS.reduce((n, k) => n + (r.leftOut?.[k] ?? 0), 0) },
  { field: 'transferredCount', headerName: 'Transferred', width: 105, type: 'number' },
  { field: 'createdBy', headerName: 'By', minWidth: 130, flex: 1 },
];

/** The store's planner runs, newest first: what each counted and transferred. */
export function RunHistory({ storeId, version }: { storeId: number; version: number }) {
  const [page, setPage] = useState(0);
  const runs = useRemoteData(`runs:${storeId}:${page}:${version}`, (signal) => getPlannerRuns(storeId, page, SIZE, signal), { keepPrevious: true });
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Run history
      </Typography>
      <PagedGrid label="Planner run history" columns={columns} data={runs} page={page} pageSize={SIZE} onPage={setPage} emptyText="No runs yet" height={420} />
    </Stack>
  );
}
