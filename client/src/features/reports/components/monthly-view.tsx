import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { RESPONSE_CATEGORIES, RESPONSE_CATEGORY_CODES, type MonthlyRow, type ReportFilter } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getMonthly } from '../api/report-calls';
import { ExportButtons } from './export-buttons';
import { ReportState } from './state-views';

/** The monthly report: a row per month and customer type, a column per response category. */
export function MonthlyView({ body, liveKey }: { body: ReportFilter; liveKey: string }) {
  const data = useRemoteData(JSON.stringify({ body, liveKey }), (s) => getMonthly(body, s), { keepPrevious: true });
  const rows = data.data?.rows ?? [];
  const used = RESPONSE_CATEGORY_CODES.filter((c) => c !== 'BLANK' && rows.some((r) => r.categories[c] > 0));
  const columns: GridColDef<MonthlyRow>[] = [
    { field: 'reportMonth', headerName: 'Month', width: 110 },
    { field: 'customerType', headerName: 'Customer type', width: 120, valueFormatter: (v: string) => `Type ${v}` },
    { field: 'responded', headerName: 'Responded', width: 110, type: 'number' },
    ...used.map((c): GridColDef<MonthlyRow> => ({ field: c, headerName: RESPONSE_CATEGORIES[c], width: 150, type: 'number', valueGetter: (_v, row) => row.categories[c] })),
    { field: 'unclassified', headerName: 'Unclassified', width: 120, type: 'number' },
    { field: 'optOut', headerName: 'Opt-out', width: 100, type: 'number' },
    { field: 'appointments', headerName: 'Appointments', width: 130, type: 'number' },
  ];
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Conversations whose customer first answered in the month (UTC), by response category; appointments are conversations first booked in the month.
      </Typography>
      <ReportState loading={data.loading && !data.data} error={data.error} empty={false} onRetry={data.reload} />
      {data.data ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
            <ExportButtons request={{ report: 'monthly', filter: body }} />
          </Stack>
          <DataGrid aria-label="Monthly responses" rows={rows} getRowId={(r) => `${r.month}-${r.customerType}`} columns={columns} disableColumnMenu autoHeight hideFooter />
        </Paper>
      ) : null}
    </Stack>
  );
}
