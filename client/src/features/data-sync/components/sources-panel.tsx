import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import SyncIcon from '@mui/icons-material/Sync';
import AddIcon from '@mui/icons-material/Add';
import { DATA_SOURCE_KINDS, DATA_SOURCE_KIND_LABELS, DATA_SYNC_MESSAGES, type DataSourceKind } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { formatInTimeZone } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { createDataSource, listDataSources, manualSync, updateDataSource } from '../api';
import type { DataSyncStore } from './types';
import { SourceStateChip } from './status-chips';

const when = (iso: string | null, zone: string) => (iso ? formatInTimeZone(iso, zone, 'MM/DD/YYYY hh:mm A') : 'Never');

function NewSourceDialog({ store, open, onClose, onCreated }: { store: DataSyncStore; open: boolean; onClose: () => void; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<DataSourceKind>('SIMULATED_DMS');
  const [wholeBoc, setWholeBoc] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [lagDays, setLagDays] = useState('2');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      await createDataSource({
        bocId: store.bocId,
        storeId: wholeBoc ? null : store.storeId,
        name,
        kind,
        credentials: username ? { username, password } : null,
        lagDays: Number(lagDays) || 2,
      });
      notify({ severity: 'success', message: 'Successfully Updated' });
      onCreated();
      onClose();
    } catch (error) {
      setProblem(listFailureMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)}>
        <DialogTitle>New data source</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required autoFocus />
            <TextField select label="Kind" value={kind} onChange={(e) => setKind(e.target.value as DataSourceKind)}>
              {DATA_SOURCE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {DATA_SOURCE_KIND_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Checkbox checked={wholeBoc} onChange={(e) => setWholeBoc(e.target.checked)} />} label={`For every store of ${store.bocName}`} />
            {kind !== 'SPREADSHEET' && kind !== 'SIMULATED_DMS' ? (
              <>
                <TextField label="Dealer system username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
                <TextField label="Dealer system password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" helperText="Stored encrypted" />
              </>
            ) : null}
            <TextField label="Lagging after (days without data)" type="number" value={lagDays} onChange={(e) => setLagDays(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 60 } }} />
            {problem ? <Alert severity="warning">{problem}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving || !name.trim()}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Data sources of the store and its BOC, their state, and the store's manual sync. */
export function SourcesPanel({ store, canManage }: { store: DataSyncStore; canManage: boolean }) {
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const sources = useRemoteData(`ds-sources:${store.storeId}:${version}`, (signal) => listDataSources(store.enterpriseId, store.storeId, signal), { keepPrevious: true });

  const sync = async () => {
    setSyncing(true);
    try {
      const result = await manualSync(store.storeId);
      const c = result.run.customers;
      notify({ severity: 'success', message: `${DATA_SYNC_MESSAGES.synced}: ${c.created} new and ${c.updated} changed customers, ${result.run.repairOrders} repair orders, ${result.run.sales} sales` });
      setVersion((v) => v + 1);
    } catch (error) {
      notify({ severity: 'error', message: listFailureMessage(error) });
      setVersion((v) => v + 1);
    } finally {
      setSyncing(false);
    }
  };
  const toggle = async (id: number, enabled: boolean) => {
    try {
      await updateDataSource(id, { enabled });
      notify({ severity: 'success', message: 'Successfully Updated' });
      setVersion((v) => v + 1);
    } catch (error) {
      notify({ severity: 'error', message: listFailureMessage(error) });
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" startIcon={<SyncIcon />} onClick={() => void sync()} disabled={!canManage || syncing} sx={{ minHeight: 44 }}>
          {syncing ? 'Syncing…' : 'Sync now'}
        </Button>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={!canManage} sx={{ minHeight: 44 }}>
          New data source
        </Button>
      </Stack>
      {sources.error ? <Alert severity="warning">{listFailureMessage(sources.error)}</Alert> : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Data sources">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Serves</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Last data</TableCell>
              <TableCell>On</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sources.loading && !sources.data ? (
              <TableRow>
                <TableCell colSpan={6}>Loading data sources…</TableCell>
              </TableRow>
            ) : null}
            {sources.data && !sources.data.length ? (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="text.secondary">No data source yet: add the store’s dealer system or a spreadsheet source.</Typography>
                </TableCell>
              </TableRow>
            ) : null}
            {sources.data?.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  {s.name}
                  {s.lastError ? (
                    <Typography variant="caption" color="error" component="div">
                      {s.lastError}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{DATA_SOURCE_KIND_LABELS[s.kind]}</TableCell>
                <TableCell>{s.storeName ?? `${s.bocName} (all stores)`}</TableCell>
                <TableCell>
                  <SourceStateChip source={s} />
                </TableCell>
                <TableCell>{when(s.lastDataOn, store.timeZone)}</TableCell>
                <TableCell>
                  <Switch checked={s.enabled} disabled={!canManage} onChange={(e) => void toggle(s.id, e.target.checked)} slotProps={{ input: { 'aria-label': `${s.name} on` } }} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <NewSourceDialog store={store} open={adding} onClose={() => setAdding(false)} onCreated={() => setVersion((v) => v + 1)} />
    </Stack>
  );
}
