import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { FILE_TYPE_LABELS, IMPORT_FILE_TYPES, type Alert as AlertRow, type FileReport, type ImportFileType } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { formatInTimeZone } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getAlertsOfFile, getFileReport, listFileReports, performEnrichment } from '../api';
import { ReportSummary } from './report-summary';
import { FileStatusChip } from './status-chips';
import type { DataSyncStore } from './types';

const ALL = 'ALL';

export const alertColumns: GridColDef<AlertRow>[] = [
  { field: 'alertDate', headerName: 'Date', width: 110 },
  { field: 'fileType', headerName: 'Kind', width: 170, valueFormatter: (v: ImportFileType) => FILE_TYPE_LABELS[v] },
  { field: 'code', headerName: 'Code', width: 110 },
  { field: 'description', headerName: 'Description', flex: 1, minWidth: 180 },
  { field: 'vin', headerName: 'VIN', width: 190 },
  { field: 'customer', headerName: 'Customer', width: 180, valueGetter: (_v, row) => (row.customer ? `${row.customer.firstName} ${row.customer.lastName}` : 'Not matched') },
  { field: 'odometer', headerName: 'Odometer', width: 110, type: 'number' },
];

function FileDialog({ id, onClose, timeZone }: { id: number | null; onClose: () => void; timeZone: string }) {
  const [version, setVersion] = useState(0);
  const [paging, setPaging] = useState({ page: 0, pageSize: 10 });
  const report = useRemoteData(id ? `ds-report:${id}:${version}` : null, (signal) => getFileReport(id!, signal));
  const r = report.data;
  const alertFile = r && r.fileType !== 'CUSTOMER_VEHICLE' && r.status === 'COMPLETED' && !r.dryRun ? r : null;
  const alerts = useRemoteData(alertFile ? `ds-alerts:${alertFile.id}:${paging.page}:${paging.pageSize}:${version}` : null, (signal) =>
    getAlertsOfFile(alertFile!.fileType as Exclude<ImportFileType, 'CUSTOMER_VEHICLE'>, alertFile!.id, paging.page, paging.pageSize, signal),
  );
  const enrich = async () => {
    if (!alertFile) return;
    try {
      const result = await performEnrichment(alertFile.id, alertFile.fileType === 'FEA_ALERT');
      notify({ severity: 'success', message: `Matched ${result.matched} of ${result.matched + result.unmatched} alerts; ${result.recallLeads} new recall leads` });
      setVersion((v) => v + 1);
    } catch (error) {
      notify({ severity: 'error', message: listFailureMessage(error) });
    }
  };
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>File report</DialogTitle>
      <DialogContent>
        {report.error ? <Alert severity="warning">{listFailureMessage(report.error)}</Alert> : null}
        {r ? (
          <Stack spacing={2}>
            <ReportSummary report={r} />
            {alertFile ? (
              <Paper variant="outlined" sx={{ height: 420 }}>
                <DataGrid
                  aria-label="Alerts of the file"
                  rows={alerts.data?.content ?? []}
                  columns={alertColumns}
                  rowCount={alerts.data?.totalElements ?? 0}
                  loading={alerts.loading}
                  paginationMode="server"
                  paginationModel={paging}
                  onPaginationModelChange={setPaging}
                  pageSizeOptions={[10, 25, 50]}
                  disableRowSelectionOnClick
                />
              </Paper>
            ) : null}
            {r.createdOn ? <span>Uploaded {formatInTimeZone(r.createdOn, timeZone, 'MM/DD/YYYY hh:mm A')}{r.uploadedBy ? ` by ${r.uploadedBy}` : ''}</span> : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        {alertFile ? <Button onClick={() => void enrich()}>Match to vehicles again</Button> : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Every uploaded file of the enterprise and what came of it; a row opens its report. */
export function ReportsPanel({ store, version }: { store: DataSyncStore; version: number }) {
  const [fileType, setFileType] = useState<ImportFileType | typeof ALL>(ALL);
  const [open, setOpen] = useState<number | null>(null);
  const reports = useRemoteData(`ds-reports:${store.enterpriseId}:${fileType}:${version}`, (signal) => listFileReports(store.enterpriseId, fileType === ALL ? null : fileType, signal), { keepPrevious: true });
  const columns: GridColDef<FileReport>[] = [
    { field: 'createdOn', headerName: 'Uploaded', width: 170, valueFormatter: (v: string) => formatInTimeZone(v, store.timeZone, 'MM/DD/YYYY hh:mm A') },
    { field: 'fileName', headerName: 'File', flex: 1, minWidth: 160 },
    { field: 'fileType', headerName: 'Kind', width: 170, valueFormatter: (v: ImportFileType) => FILE_TYPE_LABELS[v] },
    { field: 'storeName', headerName: 'Store', width: 180 },
    { field: 'status', headerName: 'Result', width: 120, renderCell: (p) => <FileStatusChip status={p.row.status} /> },
    { field: 'progress', headerName: 'Progress', width: 100, valueFormatter: (v: number, row) => (row.status === 'PROCESSING' ? `${v}%` : '') },
    { field: 'acceptedRows', headerName: 'Accepted', width: 100, type: 'number' },
    { field: 'rejectedRows', headerName: 'Refused', width: 100, type: 'number' },
    { field: 'createdRecords', headerName: 'New', width: 80, type: 'number' },
  ];
  return (
    <Stack spacing={2}>
      <TextField select label="Kind of file" value={fileType} onChange={(e) => setFileType(e.target.value as ImportFileType)} sx={{ maxWidth: 280 }}>
        <MenuItem value={ALL}>Every kind</MenuItem>
        {IMPORT_FILE_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {FILE_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      {reports.error ? <Alert severity="warning">{listFailureMessage(reports.error)}</Alert> : null}
      <Paper variant="outlined" sx={{ height: 480 }}>
        <DataGrid
          aria-label="File reports"
          rows={reports.data ?? []}
          columns={columns}
          loading={reports.loading}
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
          disableRowSelectionOnClick
          onRowClick={(p) => setOpen((p.row as FileReport).id)}
          localeText={{ noRowsLabel: 'No file uploaded yet' }}
        />
      </Paper>
      <FileDialog id={open} onClose={() => setOpen(null)} timeZone={store.timeZone} />
    </Stack>
  );
}
