import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { serviceTypeLabel, type BucketReport, type BucketRow, type ReportFilter } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getBucketReport } from '../api/report-calls';
import type { OpenConversation } from './conversation-table';
import { ExportButtons } from './export-buttons';
import { formatInstant } from './format';
import { ReportState } from './state-views';

/** One report of the catalog: its buckets as bars and a table, and the rows behind a bucket. */
export function BucketReportView({ report, body, liveKey, onOpen }: { report: BucketReport; body: ReportFilter; liveKey: string; onOpen: OpenConversation }) {
  const [bucket, setBucket] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const request = { ...body, ...(bucket !== undefined ? { bucket } : {}) };
  const data = useRemoteData(JSON.stringify({ path: report.path, request, paging, liveKey }), (signal) =>
    getBucketReport(report.path, { ...request, page: paging.page, size: paging.pageSize }, signal),
    { keepPrevious: true },
  );
  const r = data.data;
  const summary = r?.summary ?? [];
  const pick = (b: string | undefined) => {
    setBucket(b);
    setPaging((p) => ({ ...p, page: 0 }));
  };
  const columns: GridColDef<BucketRow>[] = [
    { field: 'bucketLabel', headerName: report.bucketTitle, flex: 1, minWidth: 150 },
    { field: 'occurredOn', headerName: 'When', minWidth: 170, valueFormatter: (v: string) => formatInstant(v) },
    { field: 'storeName', headerName: 'Store', flex: 1, minWidth: 150 },
    { field: 'customerName', headerName: 'Customer', flex: 1, minWidth: 150 },
    { field: 'serviceType', headerName: 'Service type', minWidth: 150, valueFormatter: (v: string | null) => (v ? serviceTypeLabel(v) : '') },
    { field: 'detail', headerName: 'Detail', flex: 1.5, minWidth: 180 },
    {
      field: 'open',
      headerName: '',
      width: 100,
      sortable: false,
      renderCell: (p) =>
        p.row.futureServiceInteractionId ? (
          <Button size="small" onClick={() => onOpen({ storeId: p.row.storeId, futureServiceInteractionId: p.row.futureServiceInteractionId! })}>
            Open
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{report.counts}</Typography>
      <ReportState loading={data.loading && !r} error={data.error} empty={!!r && r.total === 0} onRetry={data.reload} />
      {r && r.total > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {report.bucketTitle}: {r.total} in all
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Click a bar to list its rows.
          </Typography>
          <BarChart
            height={Math.max(180, summary.length * 36)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: summary.map((s) => s.label), width: 180 }]}
            series={[{ id: 'count', label: 'Count', data: summary.map((s) => s.count) }]}
            hideLegend
            onItemClick={(_e, item) => pick(summary[item.dataIndex]?.bucket)}
          />
        </Paper>
      ) : null}
      {r ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="h2">
                Rows
              </Typography>
              {bucket !== undefined ? <Chip label={summary.find((s) => s.bucket === bucket)?.label ?? bucket} onDelete={() => pick(undefined)} /> : null}
            </Stack>
            <ExportButtons request={{ report: report.key, filter: request }} disabled={!r.detail.totalElements} />
          </Stack>
          <DataGrid
            aria-label={`${report.title} rows`}
            rows={r.detail.content}
            getRowId={(row) => row.rowKey}
            columns={columns}
            rowCount={r.detail.totalElements}
            loading={data.loading}
            paginationMode="server"
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            pageSizeOptions={[25, 50, 100]}
            disableColumnMenu
            autoHeight
            localeText={{ noRowsLabel: 'No rows' }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
