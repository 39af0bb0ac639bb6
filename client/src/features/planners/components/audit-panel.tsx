import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { displayDate, serviceTypeLabel, type AuditDetailRow, type AuditSummaryRow } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { useRemoteData } from '../../../lib/use-remote-data';
import { searchAudit } from '../api';

const SIZE = 10;
const yes = (v: boolean) => (v ? 'Yes' : '');

const summaryColumns: GridColDef<AuditSummaryRow>[] = [
  { field: 'plannerName', headerName: 'Planner', width: 140 },
  { field: 'plannerDate', headerName: 'Planner date', width: 115, valueFormatter: (v: string) => displayDate(v) },
  { field: 'transferred', headerName: 'Transferred', width: 105, type: 'number' },
  { field: 'responded', headerName: 'Responded', width: 100, type: 'number' },
  { field: 'booked', headerName: 'Booked', width: 85, type: 'number' },
  { field: 'showed', headerName: 'Showed', width: 85, type: 'number' },
  { field: 'optedOut', headerName: 'Opted out', width: 95, type: 'number' },
];
const detailColumns: GridColDef<AuditDetailRow>[] = [
  { field: 'customerName', headerName: 'Customer', minWidth: 140, flex: 1 },
  { field: 'serviceType', headerName: 'Service', width: 150, valueFormatter: (v: string) => serviceTypeLabel(v) },
  { field: 'plannerDate', headerName: 'Planner date', width: 115, valueFormatter: (v: string) => displayDate(v) },
  { field: 'dueDate', headerName: 'Due', width: 105, valueFormatter: (v: string) => displayDate(v) },
  { field: 'initiated', headerName: 'Texted', width: 80, valueFormatter: yes },
  { field: 'responded', headerName: 'Responded', width: 95, valueFormatter: yes },
  { field: 'booked', headerName: 'Booked', width: 80, valueFormatter: yes },
  { field: 'showed', headerName: 'Showed', width: 80, valueFormatter: yes },
  { field: 'optedOut', headerName: 'Opted out', width: 90, valueFormatter: yes },
];

/** Audit planners 1 (per transfer) and 2 (per interaction): what earlier transfers came to. */
export function AuditPanel({ storeId, version }: { storeId: number; version: number }) {
  const [auditType, setAuditType] = useState<1 | 2>(1);
  const [page, setPage] = useState(0);
  const audit = useRemoteData(`audit:${storeId}:${auditType}:${page}:${version}`, (signal) => searchAudit(storeId, auditType, page, SIZE, signal), { keepPrevious: true });
  const grid = { paginationMode: 'server' as const, rowCount: audit.data?.totalElements ?? 0, paginationModel: { page, pageSize: SIZE }, onPaginationModelChange: (m: { page: number }) => setPage(m.page), pageSizeOptions: [SIZE], disableColumnSorting: true, disableColumnFilter: true, disableRowSelectionOnClick: true, density: 'compact' as const, loading: audit.loading, localeText: { noRowsLabel: 'No transfers yet' }, sx: { border: 0, flex: 1 } };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Audit planner
        </Typography>
        <ToggleButtonGroup exclusive value={auditType} onChange={(_e, v: 1 | 2 | null) => { if (v) { setAuditType(v); setPage(0); } }} aria-label="Audit planner">
          <ToggleButton value={1} sx={{ px: 2 }}>Audit planner 1</ToggleButton>
          <ToggleButton value={2} sx={{ px: 2 }}>Audit planner 2</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {audit.error ? <Alert severity="warning">{listFailureMessage(audit.error)}</Alert> : null}
      <Paper variant="outlined" sx={{ height: 420, display: 'flex', overflow: 'hidden' }}>
        {auditType === 1 ? (
          <DataGrid aria-label="Audit planner 1" rows={audit.data?.summary ?? []} getRowId={(r) => r.runId} columns={summaryColumns} {...grid} />
        ) : (
          <DataGrid aria-label="Audit planner 2" rows={audit.data?.content ?? []} getRowId={(r) => r.interactionId} columns={detailColumns} {...grid} />
        )}
      </Paper>
    </Stack>
  );
}
