import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { LEFT_OUT_LABELS, PLANNER_TEXT, formatPhoneDisplay, type PlannerRun, type RecallLead } from '@drivebay/shared';
import { PagedGrid } from './paged-grid';
import { listFailureMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getPlannerRun, getRecallFiles, getRecallLeads, getRecallTypeList, transferRecallLeads } from '../api';

const SIZE = 10;
const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

const NOT_TEXTED: Record<string, string> = {
  NO_MOBILE: 'no mobile number',
  OPTED_OUT: 'opted out',
  NO_SENDER: 'the store has no sending number',
  NO_TEXT: 'no first text for recalls',
};

/** What became of a lead, in words: new, left out (why), or transferred (and how its first text went). */
export function recallLeadStatus(l: RecallLead): string {
  if (l.status === 'CLOSED') return 'Closed';
  if (l.status === 'NEW') return l.leftOutReason ? `Left out: ${LEFT_OUT_LABELS[l.leftOutReason]}` : 'New';
  if (l.startOutcome === null) return 'Transferred, first text on its way';
  if (l.startOutcome === 'QUEUED' || l.startOutcome === 'ALREADY_INITIATED') return 'Transferred';
  if (l.startOutcome === 'REFUSED') return `Transferred, not started: ${l.startReason ?? 'refused'}`;
  return `Transferred, not texted: ${NOT_TEXTED[l.startOutcome] ?? l.startOutcome}`;
}

const columns: GridColDef<RecallLead>[] = [
  { field: 'customerName', headerName: 'Customer', minWidth: 150, flex: 1 },
  { field: 'cellular', headerName: 'Mobile', width: 135, valueFormatter: (v: string | null) => formatPhoneDisplay(v) },
  { field: 'vehicle', headerName: 'Vehicle', minWidth: 150, flex: 1 },
  { field: 'vin', headerName: 'VIN', width: 185 },
  { field: 'campaignCode', headerName: 'Campaign', width: 120 },
  { field: 'description', headerName: 'Recall', minWidth: 180, flex: 1.5 },
  { field: 'recallType', headerName: 'Type', width: 110, valueFormatter: (v: string | null) => v ?? '' },
  { field: 'status', headerName: 'Status', minWidth: 170, flex: 1, valueGetter: (_v, row) => recallLeadStatus(row) },
  { field: 'createdOn', headerName: 'Received', width: 150, valueFormatter: (v: string) => new Date(v).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }) },
];

/**
 * The store's recall leads: recalls from manufacturer files (uploaded on /data-sync) whose vehicle
 * the store knows, newest first, read each time the screen opens and on Refresh. Leads chosen with
 * their checkboxes, or every new lead of the file and type shown, are transferred into
 * conversations by a transfer run whose progress shows here; each lead then says what became of it.
 * A lead already transferred may be ticked too (the header box ticks the page): the transfer takes
 * only the new ones, and says No Records when none is.
 */
export function RecallLeadsPanel({ enterpriseId, storeId, onRunsChanged }: { enterpriseId: number; storeId: number; onRunsChanged?: () => void }) {
  const [page, setPage] = useState(0);
  const [version, setVersion] = useState(0);
  const [fileId, setFileId] = useState('');
  const [type, setType] = useState('');
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const [run, setRun] = useState<PlannerRun | null>(null);
  const [starting, setStarting] = useState(false);
  const filters = { fileReportId: fileId ? Number(fileId) : undefined, recallType: type || undefined };
  const leads = useRemoteData(`recall:${storeId}:${page}:${fileId}:${type}:${version}`, (signal) => getRecallLeads(enterpriseId, storeId, page, SIZE, filters, signal), { keepPrevious: true });
  const types = useRemoteData('recall-types', (signal) => getRecallTypeList(signal));
  const files = useRemoteData(`recall-files:${storeId}:${version}`, (signal) => getRecallFiles(enterpriseId, storeId, signal));
  const running = !!run && run.status !== 'COMPLETED' && run.status !== 'FAILED';

  // The transfer is a job: follow its progress until it settles, then show each lead's outcome.
  useEffect(() => {
    if (!run || run.status === 'COMPLETED' || run.status === 'FAILED') return;
    const timer = setTimeout(() => {
      getPlannerRun(run.id)
        .then((next) => {
          setRun(next);
          if (next.status === 'COMPLETED') {
            if (next.transferredCount > 0) notify({ severity: 'success', message: PLANNER_TEXT.transferred });
            else notify({ severity: 'warning', message: PLANNER_TEXT.noRecords });
          } else if (next.status === 'FAILED') notify({ severity: 'warning', message: next.error ?? PLANNER_TEXT.serverError });
          if (next.status === 'COMPLETED' || next.status === 'FAILED') {
            setVersion((v) => v + 1);
            onRunsChanged?.();
          }
        })
        .catch((error: unknown) => notify({ severity: 'warning', message: listFailureMessage(error) }));
    }, 800);
    return () => clearTimeout(timer);
  }, [run, onRunsChanged]);

  const chosen = [...selection.ids].map(Number);
  const start = async (named: boolean) => {
    setStarting(true);
    try {
      const r = await transferRecallLeads(enterpriseId, storeId, named ? { recallLeadIds: chosen } : filters);
      setSelection(NO_SELECTION);
      if (!r.run) {
        notify({ severity: 'warning', message: PLANNER_TEXT.noRecords });
        setVersion((v) => v + 1);
      } else setRun(r.run);
    } catch (error) {
      notify({ severity: 'warning', message: listFailureMessage(error) });
    } finally {
      setStarting(false);
    }
  };
  const filter = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setPage(0);
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
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
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField select size="small" label="Recall file" value={fileId} onChange={filter(setFileId)} sx={{ minWidth: 220 }}>
          <MenuItem value="">All files</MenuItem>
          {(files.data ?? []).map((f) => (
            <MenuItem key={f.id} value={String(f.id)}>
              {f.fileName} ({new Date(f.createdOn).toLocaleDateString('en-US')})
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Recall type" value={type} onChange={filter(setType)} sx={{ minWidth: 200 }}>
          <MenuItem value="">All types</MenuItem>
          {(types.data ?? []).map((t) => (
            <MenuItem key={t.code} value={t.code}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" size="large" disabled={!chosen.length || starting || running} onClick={() => void start(true)}>
          Transfer selected ({chosen.length})
        </Button>
        <Button variant="outlined" size="large" disabled={starting || running} onClick={() => void start(false)}>
          {fileId || type ? 'Transfer all new of this file and type' : 'Transfer all new'}
        </Button>
      </Stack>
      {run ? (
        <Paper variant="outlined" sx={{ p: 1.5 }} role="status" aria-live="polite">
          <Typography variant="body2">
            Transfer of recall leads:{' '}
            {run.status === 'COMPLETED'
              ? `${run.transferredCount} transferred of ${(run.dueCount ?? 0) + Object.values(run.leftOut ?? {}).reduce((a, b) => a + b, 0)} chosen, ${Object.values(run.leftOut ?? {}).reduce((a, b) => a + b, 0)} left out`
              : run.status === 'FAILED'
                ? `failed: ${run.error ?? PLANNER_TEXT.serverError}`
                : `${run.status === 'QUEUED' ? 'waiting' : 'running'}, ${run.progress}%`}
          </Typography>
          <LinearProgress variant="determinate" value={run.progress} aria-label="Recall transfer progress" sx={{ mt: 1 }} />
        </Paper>
      ) : null}
      <PagedGrid
        label="Recall leads"
        columns={columns}
        data={leads}
        page={page}
        pageSize={SIZE}
        onPage={setPage}
        emptyText="No recall leads yet"
        height={420}
        selection={{ model: selection, onChange: setSelection }}
      />
    </Stack>
  );
}
