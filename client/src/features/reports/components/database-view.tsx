import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { databaseViewSchema, type DatabaseView, type DatabaseViewKey, type ReportFilter } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRemoteData } from '../../../lib/use-remote-data';
import { ExportButtons } from './export-buttons';
import { formatInstant } from './format';
import { ReportState } from './state-views';

const getView = (view: DatabaseViewKey, body: unknown, signal?: AbortSignal): Promise<DatabaseView> =>
  apiRequest(`/api/lisa/report/database-view/${view}`, { method: 'POST', body, schema: databaseViewSchema, signal, notify: false });

/** A database view: paged, sorted and searched on the server, exportable. */
export function DatabaseViewTable({ view, title, body }: { view: DatabaseViewKey; title: string; body: ReportFilter }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sort, setSort] = useState<GridSortModel>([]);
  const [bar, setBar] = useState<string | undefined>(undefined);
  const request = {
    enterpriseId: body.enterpriseId,
    storeIds: body.storeIds,
    startDate: body.startDate,
    endDate: body.endDate,
    ...(debounced ? { search: debounced } : {}),
    ...(bar !== undefined ? { bar } : {}),
    ...(sort[0] ? { sort: { field: sort[0].field, direction: sort[0].sort ?? 'asc' } } : {}),
  };
  const data = useRemoteData(JSON.stringify({ view, request, paging }), (s) => getView(view, { ...request, page: paging.page, size: paging.pageSize }, s), { keepPrevious: true });
  const d = data.data;
  const columns: GridColDef[] = (d?.columns ?? []).map((c, i) => ({
    field: c.field,
    headerName: c.headerName,
    flex: 1,
    minWidth: 140,
    type: c.type === 'number' ? 'number' : 'string',
    valueGetter: (_v, row: { cells: (string | number | null)[] }) => row.cells[i],
    valueFormatter: c.type === 'dateTime' ? (v: string | null) => formatInstant(v) : undefined,
  }));
  const rows = (d?.rows ?? []).map((cells, i) => ({ id: `${paging.page}-${i}`, cells }));
  const bars = d?.chart?.bars ?? [];
  const pick = (b: string | undefined) => {
    setBar(b);
    setPaging((p) => ({ ...p, page: 0 }));
  };
  return (
    <Stack spacing={2}>
      <ReportState loading={data.loading && !d} error={data.error} empty={false} onRetry={data.reload} />
      {d?.chart && bars.length ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {d.chart.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every row of the filter{debounced ? ' and search' : ''}. Click a bar to list its rows.
          </Typography>
          <BarChart
            height={Math.max(160, bars.length * 34)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: 200 }]}
            series={[{ id: 'count', label: 'Rows', data: bars.map((b) => b.count) }]}
            hideLegend
            onItemClick={(_e, item) => pick(bars[item.dataIndex]?.label)}
          />
        </Paper>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        {bar !== undefined ? <Chip sx={{ mb: 1 }} label={`${d?.chart?.title ?? 'Bar'}: ${bar}`} onDelete={() => pick(undefined)} /> : null}
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
          <TextField size="small" label={`Search ${title.toLowerCase()}`} value={search} onChange={(e) => { setSearch(e.target.value); setPaging((p) => ({ ...p, page: 0 })); }} sx={{ minWidth: 260 }} />
          <ExportButtons request={{ report: `view-${view}`, filter: request }} disabled={!d?.totalElements} />
        </Stack>
        {/* The columns come with the first answer: until then the loading state above stands for the table. */}
        {d ? (
          <DataGrid
            aria-label={title}
            rows={rows}
            columns={columns}
            rowCount={d.totalElements}
            loading={data.loading}
            paginationMode="server"
            sortingMode="server"
            sortModel={sort}
            onSortModelChange={(m) => { setSort(m); setPaging((p) => ({ ...p, page: 0 })); }}
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            pageSizeOptions={[25, 50, 100]}
            disableColumnMenu
            autoHeight
            localeText={{ noRowsLabel: 'No records' }}
          />
        ) : null}
      </Paper>
    </Stack>
  );
}
