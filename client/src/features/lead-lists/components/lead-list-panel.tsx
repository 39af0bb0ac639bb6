import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { DataGrid, type GridSortModel } from '@mui/x-data-grid';
import { LEAD_STAGES, LEAD_STAGE_LABELS, SERVICE_TYPES, serviceTypeLabel, type LeadListFilter, type LeadListRow, type LeadListSort, type LeadStage, type ServiceType } from '@drivebay/shared';
import type { InboxRow } from '@drivebay/shared/docs';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants';
import { listFailureMessage, notifyListFailure } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRemoteData } from '../../../lib/use-remote-data';
import { searchList, type ListCall } from '../api';
import { applyLiveChanges, changedRows, liveKey } from '../live-rows';
import { leadListColumns } from './lead-list-columns';
import { FollowUpDueFilter, type DueChoice } from './follow-up-due-filter';
import { LeadDetailsDrawer } from './lead-details-drawer';

export type Place = { storeId?: number; bocId?: number; enterpriseId?: number };

export type LeadListPanelProps = {
  /** The list's verbatim call. */
  call: ListCall;
  /** Names the grid for screen readers. */
  label: string;
  place: Place;
  timeZone: string;
  showStore?: boolean;
  /** The stores' live inbox rows: a new message moves its lead to the top. */
  liveRows: readonly InboxRow[];
  /** Opens the conversation, through the inbox's own route. */
  onOpen: (interactionId: number) => void;
  /** Offers the due-today and overdue choices (the follow-up lists). */
  dueFilter?: boolean;
};

const PAGE_SIZES = [25, 50, 100];
const SORTS: Record<string, LeadListSort> = { customerName: 'customerName', unread: 'unread', lastActivity: 'lastActivity' };
type YesNo = '' | 'yes' | 'no';
const yesNo = (v: YesNo) => (v === '' ? undefined : v === 'yes');

/** One lead list: search, filters, server-side sorting and pages, live, each row opening its conversation. */
export function LeadListPanel({ call, label, place, timeZone, showStore = false, liveRows, onOpen, dueFilter = false }: LeadListPanelProps) {
  const uid = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [serviceType, setServiceType] = useState<ServiceType | ''>('');
  const [stage, setStage] = useState<LeadStage | ''>('');
  const [waiting, setWaiting] = useState<YesNo>('');
  const [due, setDue] = useState<DueChoice>('');
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [paging, setPaging] = useState({ page: 0, pageSize: PAGE_SIZES[0]! });
  const [details, setDetails] = useState<LeadListRow | null>(null);
  const [refresh, setRefresh] = useState(0);

  const baseFilter: LeadListFilter = useMemo(() => {
    const sort = sortModel[0];
    return {
      ...place,
      ...(search ? { search } : {}),
      ...(serviceType ? { serviceTypes: [serviceType] } : {}),
      ...(stage ? { stages: [stage] } : {}),
      ...(yesNo(waiting) !== undefined ? { responseRequired: yesNo(waiting) } : {}),
      ...(sort && SORTS[sort.field] ? { sort: SORTS[sort.field], direction: sort.sort ?? 'desc' } : {}),
    };
  }, [place, search, serviceType, stage, waiting, sortModel]);
  const filter: LeadListFilter = useMemo(() => (due ? { ...baseFilter, followUpsDue: due } : baseFilter), [baseFilter, due]);
  const filterKey = JSON.stringify(filter);
  // A new filter starts at the first page.
  const [pageFor, setPageFor] = useState(filterKey);
  const page = pageFor === filterKey ? paging.page : 0;

  const data = useRemoteData(`${call.path}:${JSON.stringify(call.query ?? {})}:${filterKey}:${page}:${paging.pageSize}:${refresh}`, (signal) => searchList(call, filter, page, paging.pageSize, signal), { keepPrevious: true });
  useEffect(() => {
    if (data.error) notifyListFailure(data.error);
  }, [data.error]);

  // Live: rows shown are moved and refreshed in place; a change to a conversation not shown asks the server again.
  const [rows, setRows] = useState<LeadListRow[]>([]);
  useEffect(() => setRows(data.data?.content ?? []), [data.data]);
  const seen = useRef<Map<number, string> | null>(null);
  useEffect(() => {
    const changed = changedRows(seen.current, liveRows);
    seen.current = new Map(liveRows.map((r) => [r.interactionId, liveKey(r)]));
    if (changed.length === 0) return;
    setRows((current) => {
      const { rows: next, missing } = applyLiveChanges(current, changed, null);
      if (missing.length && page === 0) setRefresh((n) => n + 1);
      return next;
    });
  }, [liveRows, page]);

  const columns = useMemo(() => leadListColumns({ timeZone, showStore, onDetails: setDetails }), [timeZone, showStore]);
  const total = data.data?.totalElements ?? 0;
  // A capped total is a lower bound ("1000+"): the grid then only knows a next page exists.
  const capped = data.data?.totalCapped ?? false;
  const pages = Math.max(1, Math.ceil(total / paging.pageSize));

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label="Search" type="search" size="small" value={text} onChange={(e) => setText(e.target.value)}
          placeholder="Name, phone, e-mail or customer no." sx={{ width: { xs: '100%', sm: 300 } }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id={`${uid}-service`}>Service</InputLabel>
          <Select labelId={`${uid}-service`} label="Service" value={serviceType} onChange={(e) => setServiceType(e.target.value as ServiceType | '')}>
            <MenuItem value="">All services</MenuItem>
            {SERVICE_TYPES.map((t) => <MenuItem key={t} value={t}>{serviceTypeLabel(t)}</MenuItem>)}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id={`${uid}-stage`}>Stage</InputLabel>
          <Select labelId={`${uid}-stage`} label="Stage" value={stage} onChange={(e) => setStage(e.target.value as LeadStage | '')}>
            <MenuItem value="">All stages</MenuItem>
            {LEAD_STAGES.map((s) => <MenuItem key={s} value={s}>{LEAD_STAGE_LABELS[s]}</MenuItem>)}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id={`${uid}-waiting`}>Waiting on us</InputLabel>
          <Select labelId={`${uid}-waiting`} label="Waiting on us" value={waiting} onChange={(e) => setWaiting(e.target.value as YesNo)}>
            <MenuItem value="">Either</MenuItem>
            <MenuItem value="yes">Waiting for a response</MenuItem>
            <MenuItem value="no">Not waiting</MenuItem>
          </Select>
        </FormControl>
        {dueFilter ? <FollowUpDueFilter call={call} filter={baseFilter} value={due} onChange={setDue} refresh={refresh} /> : null}
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {data.data ? (capped ? `${total}+ leads · page ${page + 1}` : `${total} lead${total === 1 ? '' : 's'} · page ${page + 1} of ${pages}`) : ''}
        </Typography>
      </Stack>
      {data.error ? <Alert severity="warning">{listFailureMessage(data.error)}</Alert> : null}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 360, display: 'flex', overflow: 'hidden' }}>
        <DataGrid
          aria-label={label}
          rows={data.error ? [] : rows}
          columns={columns}
          loading={data.loading && !data.data}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          rowCount={capped ? -1 : total}
          paginationMeta={capped ? { hasNextPage: true } : undefined}
          paginationModel={{ page, pageSize: paging.pageSize }}
          onPaginationModelChange={(m) => {
            setPageFor(filterKey);
            setPaging({ page: m.page, pageSize: m.pageSize });
          }}
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          pageSizeOptions={PAGE_SIZES}
          disableColumnFilter
          disableRowSelectionOnClick
          getRowHeight={() => 'auto'}
          onRowClick={({ row }) => onOpen((row as LeadListRow).id)}
          localeText={{ noRowsLabel: 'No records available' }}
          sx={{ border: 0, flex: 1, '& .MuiDataGrid-row': { cursor: 'pointer', minHeight: '48px !important' }, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        />
      </Paper>
      {details ? (
        <LeadDetailsDrawer
          lead={details}
          onClose={() => setDetails(null)}
          onOpen={() => onOpen(details.id)}
          onChanged={() => setRefresh((n) => n + 1)}
        />
      ) : null}
    </Stack>
  );
}
