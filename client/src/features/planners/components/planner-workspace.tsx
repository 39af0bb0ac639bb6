import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import {
  PLANNERS,
  PLANNER_CODES,
  PLANNER_MAX_PAGE_SIZE,
  PLANNER_PAGE_SIZE,
  PLANNER_TEXT,
  canUseDealRoomOptions,
  displayDate,
  formatPlannerDate,
  isoDayInZone,
  plannerCsv,
  serviceTypeLabel,
  whyText,
  type PlannerCode,
  type PlannerRow,
  type PlannerRun,
  type Role,
  type RunMode,
  type Store,
} from '@drivebay/shared';
import { ApiRequestError, listFailureMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { getPlannerRun, handOffPlanner, runPlanner, type PlannerAsk } from '../api';
import { AllTabsDialog } from './all-tabs-dialog';
import { CountsChart } from './counts-chart';
import { PlannerFilters, type FilterValues } from './planner-filters';

const columns: GridColDef<PlannerRow>[] = [
  { field: 'customer', headerName: 'Customer', minWidth: 150, flex: 1, valueGetter: (_v, r) => `${r.firstName} ${r.lastName}`.trim() },
  { field: 'custNo', headerName: 'Customer no.', width: 120 },
  { field: 'vehicle', headerName: 'Vehicle', minWidth: 160, flex: 1, valueGetter: (_v, r) => `${r.year} ${r.make} ${r.model}` },
  { field: 'soldDate', headerName: 'Sold', width: 105, valueFormatter: (v: string) => displayDate(v) },
  { field: 'serviceType', headerName: 'Service', width: 150, valueFormatter: (v: string) => serviceTypeLabel(v) },
  { field: 'dueDate', headerName: 'Due', width: 105, valueFormatter: (v: string) => displayDate(v) },
  { field: 'dueBy', headerName: 'By', width: 85, valueFormatter: (v: string) => (v === 'MILEAGE' ? 'Mileage' : 'Time') },
  { field: 'estimatedMileage', headerName: 'Est. miles', width: 100, type: 'number' },
  { field: 'why', headerName: 'Why', minWidth: 320, flex: 2, valueGetter: (_v, r) => whyText(r) },
];

type Asked = PlannerAsk & { code: PlannerCode };

const toAsk = (store: Store, code: PlannerCode, f: FilterValues): Asked | null => {
  const min = Number(f.minimumDays);
  const max = Number(f.maximumDays);
  if (!f.plannerDate || !Number.isInteger(min) || !Number.isInteger(max) || min > max) return null;
  return { code, storeId: store.id, bocId: store.boc, plannerDate: formatPlannerDate(f.plannerDate), minimumDays: min, maximumDays: max, custNo: f.custNo.trim() || undefined };
};

/**
 * The predictive planners of one store: a tab per planner, the date and window, the due list
 * paged on the server with the why of each row, view and transfer (a job whose progress shows),
 * and a CSV of the whole list.
 */
export function PlannerWorkspace({ store, roles, onRunsChanged }: { store: Store; roles: readonly Role[]; onRunsChanged: () => void }) {
  const zone = store.officeMasterVO.officeTimeZone || store.officeMasterTimezone;
  const [code, setCode] = useState<PlannerCode>('10K');
  const defaults = (c: PlannerCode): FilterValues => ({
    plannerDate: isoDayInZone(new Date(), zone),
    minimumDays: String(PLANNERS[c].defaultWindow.minimumDays),
    maximumDays: String(PLANNERS[c].defaultWindow.maximumDays),
    custNo: '',
  });
  const [filters, setFilters] = useState<FilterValues>(() => defaults('10K'));
  const [asked, setAsked] = useState<Asked | null>(() => toAsk(store, '10K', defaults('10K')));
  const [page, setPage] = useState(0);
  const [lastRun, setLastRun] = useState<PlannerRun | null>(null);
  const [transferRun, setTransferRun] = useState<PlannerRun | null>(null);
  /** The refused transfer's kind, while the screen asks to run it again. */
  const [askRerun, setAskRerun] = useState<RunMode | null>(null);
  const [allTabs, setAllTabs] = useState(false);
  const [starting, setStarting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const key = asked ? `${JSON.stringify(asked)}:${page}` : null;
  const result = useRemoteData(key, (signal) => runPlanner(asked!.code, asked!, { transfer: false, page, size: PLANNER_PAGE_SIZE, signal }), { keepPrevious: true });
  useEffect(() => {
    if (result.data?.run) setLastRun(result.data.run);
  }, [result.data]);

  // A transfer is a job: follow its progress until it settles, then say how it went.
  useEffect(() => {
    if (!transferRun || transferRun.status === 'COMPLETED' || transferRun.status === 'FAILED') return;
    const timer = setTimeout(() => {
      getPlannerRun(transferRun.id)
        .then((run) => {
          setTransferRun(run);
          if (run.status === 'COMPLETED') {
            if (run.transferredCount > 0) notify({ severity: 'success', message: PLANNER_TEXT.transferred });
            else notify({ severity: 'warning', message: PLANNER_TEXT.noRecords });
            setLastRun(run);
            onRunsChanged();
            result.reload();
          } else if (run.status === 'FAILED') {
            notify({ severity: 'warning', message: run.error ?? PLANNER_TEXT.serverError });
            onRunsChanged();
          }
        })
        .catch((error: unknown) => notify({ severity: 'warning', message: listFailureMessage(error) }));
    }, 800);
    return () => clearTimeout(timer);
  }, [transferRun, onRunsChanged, result]);

  const view = (c = code, f = filters) => {
    const a = toAsk(store, c, f);
    if (!a) {
      notify({ severity: 'warning', message: 'Enter a planner date and whole numbers of days, the minimum not after the maximum' });
      return;
    }
    setPage(0);
    setAsked(a);
  };

  const transfer = async (hardRun: boolean, mode: RunMode = 'TRANSFER') => {
    const a = toAsk(store, code, filters);
    if (!a) return;
    setStarting(true);
    try {
      const r = mode === 'HAND_OFF' ? await handOffPlanner(code, a, { transfer: true, hardRun }) : await runPlanner(code, a, { transfer: true, hardRun });
      setAskRerun(null);
      if (r.run) setTransferRun(r.run);
      onRunsChanged();
    } catch (error) {
      const refusal = error instanceof ApiRequestError && error.status === 400 && error.details.some((d) => d.field.endsWith('hardRun'));
      if (refusal) setAskRerun(mode);
      else notify({ severity: 'warning', message: listFailureMessage(error) });
    } finally {
      setStarting(false);
    }
  };

  const exportCsv = async () => {
    if (!asked) return;
    setExporting(true);
    try {
      const rows: PlannerRow[] = [];
      for (let p = 0; ; p++) {
        const r = await runPlanner(asked.code, asked, { transfer: false, page: p, size: PLANNER_MAX_PAGE_SIZE });
        rows.push(...r.content);
        if (r.content.length < PLANNER_MAX_PAGE_SIZE || rows.length >= r.totalElements) break;
      }
      const url = URL.createObjectURL(new Blob([plannerCsv(rows)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${PLANNERS[asked.code].label.replace(/\W+/g, '-')}-${asked.plannerDate}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notify({ severity: 'warning', message: listFailureMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const allTabsAsk = useMemo(
    () => (filters.plannerDate ? { storeId: store.id, bocId: store.boc, plannerDate: formatPlannerDate(filters.plannerDate) } : null),
    [store.id, store.boc, filters.plannerDate],
  );
  const running = !!transferRun && (transferRun.status === 'QUEUED' || transferRun.status === 'RUNNING');
  const paginationModel: GridPaginationModel = { page, pageSize: PLANNER_PAGE_SIZE };
  const rows = useMemo(() => result.data?.content ?? [], [result.data]);

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Tabs
        value={code}
        onChange={(_e, c: PlannerCode) => {
          setCode(c);
          const f = { ...defaults(c), plannerDate: filters.plannerDate, custNo: filters.custNo };
          setFilters(f);
          view(c, f);
        }}
        variant="scrollable"
        scrollButtons
        allowScrollButtonsMobile
        aria-label="Predictive planners"
      >
        {PLANNER_CODES.map((c) => (
          <Tab key={c} value={c} label={PLANNERS[c].label} sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      <PlannerFilters
        values={filters}
        onChange={setFilters}
        onView={() => view()}
        onTransfer={() => void transfer(false)}
        onHandOff={canUseDealRoomOptions(roles) ? () => void transfer(false, 'HAND_OFF') : undefined}
        onAllTabs={() => setAllTabs(true)}
        onExport={() => void exportCsv()}
        busy={starting || running}
        exporting={exporting}
        canExport={!!asked && (result.data?.totalElements ?? 0) > 0}
      />
      {transferRun ? (
        <Paper variant="outlined" sx={{ p: 1.5 }} role="status" aria-live="polite">
          <Typography variant="body2">
            {transferRun.mode === 'HAND_OFF' ? 'Hand-off' : 'Transfer'} of {transferRun.plannerName} for {displayDate(transferRun.plannerDate)}:{' '}
            {transferRun.status === 'COMPLETED'
              ? `${transferRun.transferredCount} transferred of ${transferRun.dueCount ?? 0} due`
              : transferRun.status === 'FAILED'
                ? `failed: ${transferRun.error ?? PLANNER_TEXT.serverError}`
                : `${transferRun.status === 'QUEUED' ? 'waiting' : 'running'}, ${transferRun.progress}%`}
          </Typography>
          <LinearProgress variant="determinate" value={transferRun.progress} aria-label="Transfer progress" sx={{ mt: 1 }} />
        </Paper>
      ) : null}
      {result.error ? <Alert severity="warning">{listFailureMessage(result.error)}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' } }}>
        <Paper variant="outlined" sx={{ height: 560, display: 'flex', overflow: 'hidden', minWidth: 0 }}>
          <DataGrid
            aria-label={`${PLANNERS[code].label} due vehicles`}
            rows={rows}
            getRowId={(r) => r.serviceVehicleId}
            columns={columns}
            loading={result.loading}
            paginationMode="server"
            rowCount={result.data?.totalElements ?? 0}
            paginationModel={paginationModel}
            onPaginationModelChange={(m) => setPage(m.page)}
            pageSizeOptions={[PLANNER_PAGE_SIZE]}
            disableColumnSorting
            disableColumnFilter
            disableRowSelectionOnClick
            density="compact"
            getRowHeight={() => 'auto'}
            localeText={{ noRowsLabel: PLANNER_TEXT.noRecords }}
            sx={{ border: 0, flex: 1, '& .MuiDataGrid-cell': { py: 0.75, whiteSpace: 'normal', lineHeight: 1.35 } }}
          />
        </Paper>
        {lastRun && lastRun.planner === code ? <CountsChart run={lastRun} /> : null}
      </Box>
      <ConfirmDialog
        open={askRerun !== null}
        header="Run again?"
        message={PLANNER_TEXT.rerunQuestion}
        confirmText="Run again"
        loading={starting}
        onConfirm={() => void transfer(true, askRerun ?? 'TRANSFER')}
        onCancel={() => setAskRerun(null)}
      />
      <AllTabsDialog open={allTabs} ask={allTabsAsk} onClose={() => setAllTabs(false)} onRunsChanged={onRunsChanged} />
    </Stack>
  );
}
