import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { MATCH_RULE_LABELS, type SyncRun } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { formatInTimeZone } from '../../../lib/dates';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getCustomerSyncHistory, getStoreTimeline, getSyncHistory, getSyncRunCustomers } from '../api';
import { RunStatusChip } from './status-chips';
import type { DataSyncStore } from './types';

function Timeline({ store }: { store: DataSyncStore }) {
  const timeline = useRemoteData(`ds-timeline:${store.storeId}`, (signal) => getStoreTimeline(store.storeId, 30, signal));
  if (timeline.error) return <Alert severity="warning">{listFailureMessage(timeline.error)}</Alert>;
  const days = timeline.data?.days ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2">
        Store history, last 30 days
      </Typography>
      {timeline.loading ? <Typography color="text.secondary">Loading the timeline…</Typography> : null}
      {days.length ? (
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: days.map((d) => d.date.slice(5)), label: 'Day' }]}
          series={[
            { data: days.map((d) => d.customersCreated), label: 'New customers', stack: 'customers' },
            { data: days.map((d) => d.customersUpdated), label: 'Changed customers', stack: 'customers' },
            { data: days.map((d) => d.repairOrders), label: 'Closed repair orders' },
            { data: days.map((d) => d.fileRows), label: 'File rows' },
          ]}
        />
      ) : null}
      {days.some((d) => d.failedSyncs) ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          Failed syncs on {days.filter((d) => d.failedSyncs).map((d) => d.date).join(', ')}
        </Alert>
      ) : null}
    </Paper>
  );
}

function CustomerHistoryDialog({ customerId, onClose }: { customerId: number | null; onClose: () => void }) {
  const history = useRemoteData(customerId ? `ds-cust:${customerId}` : null, (signal) => getCustomerSyncHistory(customerId!, signal));
  return (
    <Dialog open={customerId !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Customer sync history</DialogTitle>
      <DialogContent>
        {history.error ? <Alert severity="warning">{listFailureMessage(history.error)}</Alert> : null}
        {history.data ? (
          <>
            <Typography>
              {history.data.firstName} {history.data.lastName} ({history.data.custno})
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Known as {history.data.sourceKeys.map((k) => `${k.externalKey} in ${k.dataSourceName}`).join(', ') || 'no source key'}
            </Typography>
            <List dense>
              {history.data.events.map((e) => (
                <ListItem key={e.syncRunId}>
                  <ListItemText primary={`${e.action === 'CREATED' ? 'Created' : 'Updated'} by ${e.dataSourceName} on ${e.filterDate}`} secondary={e.matchedOn ? `Recognised by ${MATCH_RULE_LABELS[e.matchedOn]}` : null} />
                </ListItem>
              ))}
            </List>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RunCustomersDialog({ run, onClose, onCustomer }: { run: SyncRun | null; onClose: () => void; onCustomer: (id: number) => void }) {
  const customers = useRemoteData(run ? `ds-run-cust:${run.id}` : null, (signal) => getSyncRunCustomers(run!.id, signal));
  return (
    <Dialog open={run !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Customers of the sync of {run?.filterDate}</DialogTitle>
      <DialogContent>
        {customers.error ? <Alert severity="warning">{listFailureMessage(customers.error)}</Alert> : null}
        {customers.loading ? <Typography color="text.secondary">Loading…</Typography> : null}
        {customers.data && !customers.data.length ? <Typography color="text.secondary">This sync created or changed no customer.</Typography> : null}
        <List dense>
          {customers.data?.map((c) => (
            <ListItemButton key={c.customerId} onClick={() => onCustomer(c.customerId)}>
              <ListItemText
                primary={`${c.firstName} ${c.lastName} (${c.custno})`}
                secondary={c.action === 'CREATED' ? 'New customer' : `Changed; recognised by ${c.matchedOn ? MATCH_RULE_LABELS[c.matchedOn] : 'customer number'}`}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}

/** The store's history timeline and its syncs, newest first, a page at a time. */
export function HistoryPanel({ store, version }: { store: DataSyncStore; version: number }) {
  const [paging, setPaging] = useState({ page: 0, pageSize: 20 });
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [run, setRun] = useState<SyncRun | null>(null);
  const runs = useRemoteData(`ds-runs:${store.storeId}:${paging.page}:${paging.pageSize}:${version}`, (signal) => getSyncHistory(store.enterpriseId, store.storeId, paging.page, paging.pageSize, signal), { keepPrevious: true });
  const columns: GridColDef<SyncRun>[] = [
    { field: 'startedOn', headerName: 'Started', width: 170, valueFormatter: (v: string) => formatInTimeZone(v, store.timeZone, 'MM/DD/YYYY hh:mm A') },
    { field: 'filterDate', headerName: 'Day synced', width: 110 },
    { field: 'dataSourceName', headerName: 'Source', flex: 1, minWidth: 140 },
    { field: 'trigger', headerName: 'How', width: 110, valueFormatter: (v: string) => (v === 'MANUAL' ? 'By hand' : 'Scheduled') },
    { field: 'status', headerName: 'Result', width: 120, renderCell: (p) => <RunStatusChip status={p.row.status} /> },
    { field: 'customers', headerName: 'Customers (new / changed)', width: 200, valueGetter: (_v, row) => `${row.customers.created} / ${row.customers.updated}` },
    { field: 'repairOrders', headerName: 'Repair orders', width: 120, type: 'number' },
    { field: 'sales', headerName: 'Sales', width: 90, type: 'number' },
    { field: 'error', headerName: 'Problem', flex: 1, minWidth: 160 },
  ];
  return (
    <Stack spacing={2}>
      <Timeline key={version} store={store} />
      {runs.error ? <Alert severity="warning">{listFailureMessage(runs.error)}</Alert> : null}
      <Paper variant="outlined" sx={{ height: 460 }}>
        <DataGrid
          aria-label="Sync history"
          rows={runs.data?.content ?? []}
          columns={columns}
          rowCount={runs.data?.totalElements ?? 0}
          loading={runs.loading}
          paginationMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={[10, 20, 50]}
          disableRowSelectionOnClick
          localeText={{ noRowsLabel: 'No syncs yet' }}
          onRowClick={(p) => setRun(p.row as SyncRun)}
        />
      </Paper>
      <Typography variant="body2" color="text.secondary">
        Open a sync to see the customers it brought in and each one’s sync history.
      </Typography>
      <RunCustomersDialog run={run} onClose={() => setRun(null)} onCustomer={setCustomerId} />
      <CustomerHistoryDialog customerId={customerId} onClose={() => setCustomerId(null)} />
    </Stack>
  );
}
