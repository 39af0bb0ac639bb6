import { useState } from 'react';
import Button from '@mui/material/Button';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { REPORT_COUNTER_LABELS, RESPONSE_CATEGORIES, serviceTypeLabel, type DashboardDetailRow, type DashboardDetailRequest } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getDashboardDetail } from '../api/report-calls';
import { formatDuration, formatInstant } from './format';
import { ReportState } from './state-views';
import { ExportButtons } from './export-buttons';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type OpenConversation = (row: { storeId: number; futureServiceInteractionId: number }) => void;

/** The conversations behind a dashboard figure, paged on the server, each one a click away. */
export function ConversationTable({ request, onOpen, liveKey }: { request: Omit<DashboardDetailRequest, 'page' | 'size'>; onOpen: OpenConversation; liveKey: string }) {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const key = JSON.stringify({ request, paging, liveKey });
  const data = useRemoteData(key, (signal) => getDashboardDetail({ ...request, page: paging.page, size: paging.pageSize }, signal), { keepPrevious: true });
  const columns: GridColDef<DashboardDetailRow>[] = [
    { field: 'customerName', headerName: 'Customer', flex: 1, minWidth: 150 },
    { field: 'storeName', headerName: 'Store', flex: 1, minWidth: 150 },
    { field: 'serviceType', headerName: 'Service type', minWidth: 150, valueFormatter: (v: string) => serviceTypeLabel(v) },
    { field: 'customerType', headerName: 'Type', width: 80, valueFormatter: (v: string) => `Type ${v}` },
    { field: 'contactedOn', headerName: 'Contacted', minWidth: 150, valueFormatter: (v: string | null) => formatInstant(v) },
    { field: 'respondedOn', headerName: 'Responded', minWidth: 150, valueFormatter: (v: string | null) => formatInstant(v) },
    { field: 'firstResponseSeconds', headerName: 'First answer', width: 110, valueFormatter: (v: number | null) => formatDuration(v) },
    {
      field: 'responseInsight',
      headerName: 'Response',
      minWidth: 150,
      valueFormatter: (v: string | null) => (v ? (RESPONSE_CATEGORIES[v as keyof typeof RESPONSE_CATEGORIES] ?? v) : ''),
    },
    {
      field: 'open',
      headerName: '',
      width: 100,
      sortable: false,
      renderCell: (p) => (
        <Button size="small" onClick={() => onOpen(p.row)} aria-label={`Open the conversation with ${p.row.customerName}`}>
          Open
        </Button>
      ),
    },
  ];
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {REPORT_COUNTER_LABELS[request.counter]}
          {request.date ? ` on ${request.date}` : ''}: conversations
        </Typography>
        <ExportButtons request={{ report: 'dashboard', filter: request }} disabled={!data.data?.totalElements} />
      </Stack>
      <ReportState loading={false} error={data.error} empty={false} onRetry={data.reload} />
      <DataGrid
        aria-label="Conversations behind the figure"
        rows={data.data?.content ?? []}
        getRowId={(r) => r.futureServiceInteractionId}
        columns={columns}
        rowCount={data.data?.totalElements ?? 0}
        loading={data.loading}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[25, 50, 100]}
        onRowClick={(p) => onOpen(p.row)}
        disableColumnMenu
        autoHeight
        localeText={{ noRowsLabel: 'No conversations' }}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </>
  );
}
