import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DATA_SYNC_MESSAGES, SCHEDULER_API_NAMES, SCHEDULER_API_NAME_LABELS, type SchedulerApiName } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { formatInTimeZone } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { createScheduler, listSchedulers } from '../api';
import type { DataSyncStore } from './types';

/** Daily syncs of the enterprise and of the store, and a form for a new one. */
export function SchedulesPanel({ store, canManage, enterpriseWide }: { store: DataSyncStore; canManage: boolean; enterpriseWide: boolean }) {
  const [version, setVersion] = useState(0);
  const [apiName, setApiName] = useState<SchedulerApiName>('DMS_SYNC');
  const [runAt, setRunAt] = useState('02:00');
  const [wholeEnterprise, setWholeEnterprise] = useState(false);
  const [saving, setSaving] = useState(false);
  const list = useRemoteData(`ds-sched:${store.storeId}:${version}`, (signal) => listSchedulers(store.enterpriseId, store.storeId, signal), { keepPrevious: true });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const created = await createScheduler({ enterpriseId: store.enterpriseId, storeIdFk: wholeEnterprise ? null : store.storeId, apiName, runAt });
      notify({ severity: 'success', message: created.message });
      setVersion((v) => v + 1);
    } catch (error) {
      notify({ severity: 'error', message: `${DATA_SYNC_MESSAGES.schedulerFailed}: ${listFailureMessage(error)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" direction={{ xs: 'column', md: 'row' }} spacing={1.5} onSubmit={(e) => void submit(e)} sx={{ alignItems: { md: 'center' } }}>
          <TextField select label="What to sync" value={apiName} onChange={(e) => setApiName(e.target.value as SchedulerApiName)} sx={{ minWidth: 260 }}>
            {SCHEDULER_API_NAMES.map((n) => (
              <MenuItem key={n} value={n}>
                {SCHEDULER_API_NAME_LABELS[n]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Every day at" type="time" value={runAt} onChange={(e) => setRunAt(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText={`${store.timeZone} time`} />
          {enterpriseWide ? (
            <FormControlLabel control={<Switch checked={wholeEnterprise} onChange={(e) => setWholeEnterprise(e.target.checked)} />} label="Every store of the enterprise" />
          ) : null}
          <Button type="submit" variant="contained" disabled={!canManage || saving} sx={{ minHeight: 44 }}>
            Create scheduler
          </Button>
        </Stack>
      </Paper>
      {list.error ? <Alert severity="warning">{listFailureMessage(list.error)}</Alert> : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Schedulers">
          <TableHead>
            <TableRow>
              <TableCell>Syncs</TableCell>
              <TableCell>For</TableCell>
              <TableCell>Every day at</TableCell>
              <TableCell>Last run</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.loading && !list.data ? (
              <TableRow>
                <TableCell colSpan={4}>Loading schedulers…</TableCell>
              </TableRow>
            ) : null}
            {list.data && !list.data.length ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary">No scheduler yet: the store syncs only when someone presses Sync now.</Typography>
                </TableCell>
              </TableRow>
            ) : null}
            {list.data?.map((s) => (
              <TableRow key={s.id}>
                <TableCell>{SCHEDULER_API_NAME_LABELS[s.apiName]}</TableCell>
                <TableCell>{s.storeName ?? 'Every store of the enterprise'}</TableCell>
                <TableCell>
                  {s.runAt} ({s.timeZone})
                </TableCell>
                <TableCell>{s.lastRunOn ? formatInTimeZone(s.lastRunOn, s.timeZone, 'MM/DD/YYYY hh:mm A') : 'Not yet'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
