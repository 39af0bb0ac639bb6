import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTOMATED_FAILED_STORAGE_KEY, serviceTypeLabel, type ServiceType } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { EMPTY_CHOICE as EMPTY, chooseAutomated, type Choice } from '../automated-choice';
import {
  getAutomatedFailed,
  getAutomatedReport,
  getAutomatedStatus,
  getBrandTimezones,
  getCustomerTypes,
  getInteractionTypes,
  getStoresOfBrands,
  startAutomated,
} from '../api';

const POLL_MS = 3000;

function Multi<T extends string | number>(p: { id: string; label: string; value: T[]; options: { value: T; label: string }[]; onChange: (v: T[]) => void; disabled?: boolean }) {
  return (
    <FormControl size="small" sx={{ minWidth: 200, flex: 1 }} disabled={p.disabled}>
      <InputLabel id={p.id}>{p.label}</InputLabel>
      <Select
        multiple labelId={p.id} label={p.label} value={p.value}
        renderValue={(v) => p.options.filter((o) => (v as T[]).includes(o.value)).map((o) => o.label).join(', ')}
        onChange={(e) => p.onChange(e.target.value as T[])}
      >
        {p.options.map((o) => (
          <MenuItem key={String(o.value)} value={o.value}>
            <ListItemIcon><Checkbox edge="start" checked={p.value.includes(o.value)} tabIndex={-1} disableRipple /></ListItemIcon>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Automated lead-manager conversations: choose, start (a job), follow its status, failures and today's report. */
export function AutomatedPanel() {
  const [c, setC] = useState<Choice>(EMPTY);
  const pick = (change: Partial<Choice>) => setC((cur) => chooseAutomated(cur, change));
  const [tick, setTick] = useState(0);
  const zones = useRemoteData('automated:zones', (s) => getBrandTimezones(s));
  const stores = useRemoteData(c.timezone && c.brands.length ? `automated:stores:${c.timezone}:${c.brands.join(',')}` : null, (s) => getStoresOfBrands(c.timezone, c.brands, s));
  const types = useRemoteData(c.storeIds.length ? `automated:types:${c.storeIds.join(',')}` : null, (s) => getInteractionTypes(c.storeIds, s));
  const customerTypes = useRemoteData(c.interactionType && c.storeIds.length ? `automated:ct:${c.interactionType}:${c.storeIds.join(',')}` : null, (s) => getCustomerTypes(c.interactionType as ServiceType, c.storeIds, s));
  const status = useRemoteData(`automated:status:${tick}`, (s) => getAutomatedStatus(s), { keepPrevious: true });
  const report = useRemoteData(`automated:report:${tick}`, (s) => getAutomatedReport(c.timezone || 'America/New_York', s), { keepPrevious: true });
  const running = status.data?.status === 'QUEUED' || status.data?.status === 'RUNNING';
  const [failed, setFailed] = useState<{ futureServiceInteractionId: number; customerName: string; error: string }[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(AUTOMATED_FAILED_STORAGE_KEY) ?? '[]');
    } catch {
      return [];
    }
  });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setTick((t) => t + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, tick]);

  // Failed interactions are kept in the browser (operations §3) once a run has finished.
  const runId = status.data?.run?.id;
  const finished = status.data?.status === 'COMPLETED';
  useEffect(() => {
    if (!finished || runId === undefined) return;
    const ctrl = new AbortController();
    getAutomatedFailed(ctrl.signal).then((items) => {
      setFailed(items);
      localStorage.setItem(AUTOMATED_FAILED_STORAGE_KEY, JSON.stringify(items));
    }, () => undefined);
    return () => ctrl.abort();
  }, [finished, runId]);

  const zoneBrands = zones.data?.find((z) => z.timezone === c.timezone)?.brands ?? [];
  const ready = c.timezone && c.brands.length && c.storeIds.length && c.interactionType && c.customerTypes.length;

  const start = async () => {
    if (!ready) return;
    setBusy(true);
    try {
      await startAutomated({ timezone: c.timezone, brands: c.brands, storeIds: c.storeIds, interactionType: c.interactionType as ServiceType, customerTypes: c.customerTypes });
      notify({ severity: 'success', message: 'Successfully Started' });
      setTick((t) => t + 1);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  const r = report.data;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2">Automated lead-manager conversations</Typography>
          {zones.error ? <Alert severity="warning">Time zones could not be loaded.</Alert> : null}
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <FormControl size="small" sx={{ minWidth: 200, flex: 1 }}>
              <InputLabel id="auto-zone">Time zone</InputLabel>
              <Select labelId="auto-zone" label="Time zone" value={c.timezone} onChange={(e) => pick({ timezone: e.target.value })}>
                {(zones.data ?? []).map((z) => <MenuItem key={z.timezone} value={z.timezone}>{z.timezone}</MenuItem>)}
              </Select>
            </FormControl>
            <Multi id="auto-brands" label="Brands" value={c.brands} disabled={!c.timezone} options={zoneBrands.map((b) => ({ value: b, label: b }))} onChange={(brands) => pick({ brands })} />
            <Multi id="auto-stores" label="Stores" value={c.storeIds} disabled={!c.brands.length} options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.storeName }))} onChange={(storeIds) => pick({ storeIds })} />
            <FormControl size="small" sx={{ minWidth: 200, flex: 1 }} disabled={!c.storeIds.length}>
              <InputLabel id="auto-type">Interaction</InputLabel>
              <Select labelId="auto-type" label="Interaction" value={c.interactionType} onChange={(e) => pick({ interactionType: e.target.value as ServiceType })}>
                {(types.data ?? []).map((t) => <MenuItem key={t.interactionType} value={t.interactionType}>{`${serviceTypeLabel(t.interactionType)} (${t.count})`}</MenuItem>)}
              </Select>
            </FormControl>
            <Multi id="auto-ctypes" label="Customer types" value={c.customerTypes} disabled={!c.interactionType} options={(customerTypes.data ?? []).map((t) => ({ value: t.customerType, label: `${t.customerType} (${t.count})` }))} onChange={(customerTypes) => pick({ customerTypes })} />
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="contained" disabled={!ready || busy || running} onClick={start}>Start</Button>
            <Typography variant="body2" aria-live="polite">
              {status.data?.run ? `Last run: ${status.data.status.toLowerCase()} · ${status.data.run.initiated} started, ${status.data.run.failed} failed of ${status.data.run.total}` : 'No run yet'}
            </Typography>
          </Stack>
        </Stack>
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Typography variant="subtitle1" component="h2">Today’s report</Typography>
          {r ? (
            <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
              {([['Runs', r.runs], ['Taken', r.total], ['Started', r.initiated], ['Failed', r.failed], ['Replied', r.responded]] as const).map(([k, v]) => (
                <Stack key={k}><Typography variant="h5" component="p">{v}</Typography><Typography variant="caption" color="text.secondary">{k}</Typography></Stack>
              ))}
            </Stack>
          ) : <Typography color="text.secondary">Loading…</Typography>}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Typography variant="subtitle1" component="h2">Failed items</Typography>
          {failed.length === 0 ? <Typography color="text.secondary">None</Typography> : (
            <List dense aria-label="Failed items" sx={{ maxHeight: 240, overflow: 'auto' }}>
              {failed.map((f) => <ListItem key={f.futureServiceInteractionId}><ListItemText primary={f.customerName || `#${f.futureServiceInteractionId}`} secondary={f.error} /></ListItem>)}
            </List>
          )}
        </Paper>
      </Stack>
    </Stack>
  );
}
