import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { DataGrid, type GridPaginationModel } from '@mui/x-data-grid';
import { SERVICE_DIVISION_ID, type Store } from '@drivebay/shared';
import { LEAD_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../../../config/constants';
import { listFailureMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLeads } from '../hooks/use-leads';
import { useNow } from '../hooks/use-now';
import { leadColumns } from './lead-columns';

type LeadListProps = {
  store: Store;
  /** On for the global inbox and max-response-time screens. */
  showResponseTime: boolean;
};

const AGE_REFRESH_MS = 30_000;

/** A store's leads, paged on the server, with a debounced search. */
export function LeadList({ store, showResponseTime }: LeadListProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to the search it was chosen for: a new search starts at the first page.
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const page = paging.search === search ? paging.page : 0;

  const leads = useLeads({
    companyId: store.boc,
    officeId: store.id,
    divisionId: SERVICE_DIVISION_ID,
    page,
    size: LEAD_PAGE_SIZE,
    search,
  });
  const now = useNow(AGE_REFRESH_MS, showResponseTime);

  const columns = useMemo(
    () =>
      leadColumns({
        timeZone: store.officeMasterVO.officeTimeZone || store.officeMasterTimezone,
        showResponseTime,
        now,
      }),
    [store, showResponseTime, now],
  );

  const paginationModel: GridPaginationModel = { page, pageSize: LEAD_PAGE_SIZE };
  const total = leads.data?.totalElements ?? 0;

  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Search"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="Name, phone, email or customer no."
          sx={{ width: { xs: '100%', sm: 360 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {leads.data ? `${total} lead${total === 1 ? '' : 's'}` : ''}
        </Typography>
      </Stack>
      {leads.error ? <Alert severity="warning">{listFailureMessage(leads.error)}</Alert> : null}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 360, display: 'flex', overflow: 'hidden' }}>
        <DataGrid
          aria-label={`Leads of ${store.storeName}`}
          rows={leads.data?.content ?? []}
          columns={columns}
          loading={leads.loading}
          paginationMode="server"
          rowCount={total}
          paginationModel={paginationModel}
          onPaginationModelChange={(model) => setPaging({ search, page: model.page })}
          pageSizeOptions={[LEAD_PAGE_SIZE]}
          disableColumnSorting
          disableColumnFilter
          disableRowSelectionOnClick
          density="compact"
          localeText={{ noRowsLabel: 'No records available' }}
          sx={{ border: 0, flex: 1 }}
        />
      </Paper>
    </Stack>
  );
}
