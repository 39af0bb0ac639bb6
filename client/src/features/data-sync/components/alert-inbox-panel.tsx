import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DataGrid } from '@mui/x-data-grid';
import { ALERT_FILE_TYPES, FILE_TYPE_LABELS, type AlertFileType } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { useRemoteData } from '../../../lib/use-remote-data';
import { searchAlerts } from '../api';
import { alertColumns } from './reports-panel';
import type { DataSyncStore } from './types';

const ALL = 'ALL';

/** The alert inbox: the store's recalls and alerts, newest first, a page at a time. */
export function AlertInboxPanel({ store }: { store: DataSyncStore }) {
  const [fileType, setFileType] = useState<AlertFileType | typeof ALL>(ALL);
  const [matchedOnly, setMatchedOnly] = useState(false);
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const search = { enterpriseId: store.enterpriseId, storeIds: [store.storeId], ...(fileType === ALL ? {} : { fileTypes: [fileType] }), matchedOnly };
  const alerts = useRemoteData(`ds-inbox:${JSON.stringify(search)}:${paging.page}:${paging.pageSize}`, (signal) => searchAlerts(search, paging.page, paging.pageSize, signal), { keepPrevious: true });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField select label="Kind" value={fileType} onChange={(e) => { setFileType(e.target.value as AlertFileType); setPaging((p) => ({ ...p, page: 0 })); }} sx={{ minWidth: 240 }}>
          <MenuItem value={ALL}>Every kind</MenuItem>
          {ALERT_FILE_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {FILE_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel control={<Switch checked={matchedOnly} onChange={(e) => setMatchedOnly(e.target.checked)} />} label="Only the store’s customers" />
      </Stack>
      {alerts.error ? <Alert severity="warning">{listFailureMessage(alerts.error)}</Alert> : null}
      <Paper variant="outlined" sx={{ height: 560 }}>
        <DataGrid
          aria-label="Alert inbox"
          rows={alerts.data?.content ?? []}
          columns={alertColumns}
          rowCount={alerts.data?.totalElements ?? 0}
          loading={alerts.loading}
          paginationMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={[25, 50, 100]}
          disableRowSelectionOnClick
          localeText={{ noRowsLabel: 'No alerts: upload a recall or alert file' }}
        />
      </Paper>
    </Stack>
  );
}
