import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import {
  APPOINTMENT_REPORT_KINDS,
  APPOINTMENT_REPORT_KIND_LABELS,
  APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS_REPORT_LABELS,
  serviceTypeLabel,
  type AppointmentDetailRow,
  type AppointmentReportKind,
  type AppointmentStatus,
  type ReportFilter,
} from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getAppointmentDatewise, getAppointmentDetail, getAppointmentSummary } from '../api/report-calls';
import type { OpenConversation } from './conversation-table';
import { ExportButtons } from './export-buttons';
import { formatInstant } from './format';
import { ReportState } from './state-views';

const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)}%`);

/** The appointment-status report views: summary per store, bars per day, the appointments. */
export function AppointmentStatusView({ body, liveKey, onOpen }: { body: ReportFilter; liveKey: string; onOpen: OpenConversation }) {
  const [kind, setKind] = useState<AppointmentReportKind>('status');
  const [drill, setDrill] = useState<{ date?: string; statuses?: AppointmentStatus[]; storeId?: number }>({});
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const key = JSON.stringify({ body, kind, liveKey });
  const summary = useRemoteData(key, (s) => getAppointmentSummary(kind, body, s), { keepPrevious: true });
  const datewise = useRemoteData(key, (s) => getAppointmentDatewise(kind, body, s), { keepPrevious: true });
  const detailRequest = { ...body, ...drill };
  const detail = useRemoteData(JSON.stringify({ key, drill, paging }), (s) => getAppointmentDetail(kind, { ...detailRequest, page: paging.page, size: paging.pageSize }, s), { keepPrevious: true });
  const days = datewise.data?.rows ?? [];
  const setDrillTo = (d: typeof drill) => {
    setDrill(d);
    setPaging((p) => ({ ...p, page: 0 }));
  };
  const columns: GridColDef<AppointmentDetailRow>[] = [
    { field: 'customerName', headerName: 'Customer', flex: 1, minWidth: 150 },
    { field: 'apptStatus', headerName: 'Status', width: 120, valueFormatter: (v: AppointmentStatus) => APPOINTMENT_STATUS_REPORT_LABELS[v] },
    { field: 'startDate', headerName: 'Starts', minWidth: 170, valueFormatter: (v: string) => formatInstant(v) },
    { field: 'storeName', headerName: 'Store', flex: 1, minWidth: 150 },
    { field: 'serviceType', headerName: 'Service type', minWidth: 150, valueFormatter: (v: string) => serviceTypeLabel(v) },
    { field: 'bookedByAssistant', headerName: 'Booked by', width: 120, valueFormatter: (v: boolean) => (v ? 'Assistant' : 'Staff') },
    { field: 'advisorName', headerName: 'Advisor', minWidth: 130 },
    { field: 'open', headerName: '', width: 100, sortable: false, renderCell: (p) => <Button size="small" onClick={() => onOpen(p.row)}>Open</Button> },
  ];

  return (
    <Stack spacing={2}>
      <Tabs value={kind} onChange={(_e, v: AppointmentReportKind) => { setKind(v); setDrillTo({}); }} variant="scrollable" aria-label="Report view">
        {APPOINTMENT_REPORT_KINDS.map((k) => (
          <Tab key={k} value={k} label={APPOINTMENT_REPORT_KIND_LABELS[k]} />
        ))}
      </Tabs>
      {!body.serviceTypes?.length ? <Typography color="text.secondary">Service type: Sales thank-you unless you pick others.</Typography> : null}
      <ReportState loading={summary.loading && !summary.data} error={summary.error ?? datewise.error} empty={summary.data?.totals.total === 0} onRetry={() => { summary.reload(); datewise.reload(); }} />
      {summary.data && summary.data.totals.total > 0 ? (
        <>
          <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
            <Typography variant="h6" component="h2">
              Summary · show rate {pct(summary.data.totals.showRate)}
            </Typography>
            <Stack component="table" sx={{ display: 'table', width: '100%', borderCollapse: 'collapse', mt: 1, '& td, & th': { p: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'right' }, '& td:nth-of-type(-n+2), & th:nth-of-type(-n+2)': { textAlign: 'left' } }}>
              <thead>
                <tr>
                  <th scope="col">Store</th>
                  <th scope="col">Service type</th>
                  <th scope="col">Total</th>
                  {APPOINTMENT_STATUSES.map((s) => (
                    <th key={s} scope="col">
                      {APPOINTMENT_STATUS_REPORT_LABELS[s]}
                    </th>
                  ))}
                  <th scope="col">Show rate</th>
                </tr>
              </thead>
              <tbody>
                {summary.data.rows.map((r) => (
                  <tr key={`${r.storeId}-${r.serviceType}`} onClick={() => setDrillTo({ storeId: r.storeId })} style={{ cursor: 'pointer' }}>
                    <td>{r.storeName}</td>
                    <td>{serviceTypeLabel(r.serviceType)}</td>
                    <td>{r.total}</td>
                    {APPOINTMENT_STATUSES.map((s) => (
                      <td key={s}>{r[s]}</td>
                    ))}
                    <td>{pct(r.showRate)}</td>
                  </tr>
                ))}
              </tbody>
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
              By day of the appointment
            </Typography>
            <BarChart
              height={300}
              xAxis={[{ scaleType: 'band', data: days.map((d) => d.date.slice(5)) }]}
              series={APPOINTMENT_STATUSES.map((s) => ({ id: s, label: APPOINTMENT_STATUS_REPORT_LABELS[s], data: days.map((d) => d[s]), stack: 'status' }))}
              onItemClick={(_e, item) => setDrillTo({ date: days[item.dataIndex]!.date, statuses: [item.seriesId as AppointmentStatus] })}
            />
          </Paper>
        </>
      ) : null}
      {summary.data && summary.data.totals.total > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="h2">
                Appointments
              </Typography>
              {drill.date || drill.storeId || drill.statuses ? <Chip label="Filtered by your click" onDelete={() => setDrillTo({})} /> : null}
            </Stack>
            <ExportButtons request={{ report: 'appointment-status', kind, filter: detailRequest }} disabled={!detail.data?.totalElements} />
          </Stack>
          <DataGrid
            aria-label="Appointments of the report"
            rows={detail.data?.content ?? []}
            getRowId={(r) => r.apptId}
            columns={columns}
            rowCount={detail.data?.totalElements ?? 0}
            loading={detail.loading}
            paginationMode="server"
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            pageSizeOptions={[25, 50, 100]}
            disableColumnMenu
            autoHeight
            localeText={{ noRowsLabel: 'No appointments' }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
