import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type GridColDef } from '@mui/x-data-grid';
import { formatPhoneDisplay, type RecallLead } from '@drivebay/shared';
import { PagedGrid } from './paged-grid';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getRecallLeads } from '../api';

const SIZE = 10;

const STATUS_LABELS: Record<RecallLead['status'], string> = { NEW: 'New', TRANSFERRED: 'Transferred', CLOSED: 'Closed' };

const columns: GridColDef<RecallLead>[] = [
  { field: 'customerName', headerName: 'Customer', minWidth: 150, flex: 1 },
  { field: 'cellular', headerName: 'Mobile', width: 135, valueFormatter: (v: string | null) => formatPhoneDisplay(v) },
  { field: 'vehicle', headerName: 'Vehicle', minWidth: 150, flex: 1 },
  { field: 'vin', headerName: 'VIN', width: 185 },
  { field: 'campaignCode', headerName: 'Campaign', width: 120 },
  { field: 'description', headerName: 'Recall', minWidth: 180, flex: 1.5 },
  { field: 'recallType', headerName: 'Type', width: 110, valueFormatter: (v: string | null) => v ?? '' },
  { field: 'status', headerName: 'Status', width: 105, valueFormatter: (v: RecallLead['status']) => STATUS_LABELS[v] },
  { field: 'createdOn', headerName: 'Received', width: 150, valueFormatter: (v: string) => new Date(v).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }) },
];

/**
 * The store's recall leads: recalls from manufacturer files (uploaded on /data-sync) whose vehicle
 * the store knows, newest first, read each time the screen opens and on Refresh.
 */
export function RecallLeadsPanel({ enterpriseId, storeId }: { enterpriseId: number; storeId: number }) {
  const [page, setPage] = useState(0);
  const [version, setVersion] = useState(0);
  const leads = useRemoteData(`recall:${storeId}:${page}:${version}`, (signal) => getRecallLeads(enterpriseId, storeId, page, SIZE, signal), { keepPrevious: true });
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Recall leads
        </Typography>
        <Button variant="outlined" size="large" onClick={() => setVersion((v) => v + 1)} disabled={leads.loading}>
          Refresh
        </Button>
        <Typography variant="body2" color="text.secondary">
          Recalls of the store’s vehicles from the manufacturer’s recall files (Data sync, Import)
        </Typography>
      </Stack>
      <PagedGrid label="Recall leads" columns={columns} data={leads} page={page} pageSize={SIZE} onPage={setPage} emptyText="No recall leads yet" height={420} />
    </Stack>
  );
}
