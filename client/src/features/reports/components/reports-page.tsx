import { useEffect, useMemo, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BUCKET_REPORTS, DATABASE_VIEWS, DATABASE_VIEW_SECTIONS, defaultReportRange, type Store } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getReportBocs, getReportStores } from '../api/report-calls';
import { AppointmentStatusView } from './appointment-status-view';
import { BucketReportView } from './bucket-report-view';
import type { OpenConversation } from './conversation-table';
import { ReportsDashboard } from './dashboard';
import { DatabaseViewTable } from './database-view';
import { MonthlyView } from './monthly-view';
import { ReportFilters, filterBody, type ReportFilterState } from './report-filters';
import { ReportState } from './state-views';
import { ReportTemplates, applyTemplate } from './report-templates';

/** Report pages besides the bucket reports of the catalog. */
export const REPORT_PAGES = [
  { key: 'dashboard', title: 'Dashboard' },
  { key: 'appointment-status', title: 'Appointment status' },
  { key: 'monthly', title: 'Monthly responses' },
] as const;

export function reportTitle(key: string | undefined): string {
  return (
    REPORT_PAGES.find((p) => p.key === (key ?? 'dashboard'))?.title ??
    BUCKET_REPORTS.find((r) => r.key === key)?.title ??
    DATABASE_VIEWS.find((v) => `view-${v.key}` === key)?.title ??
    'Reports'
  );
}

type Props = {
  enterpriseId: number;
  /** The report of the address; undefined is the dashboard. */
  reportKey: string | undefined;
  onPickReport: (key: string) => void;
  /** Changes whenever the stores' live inboxes change: the figures reload. */
  liveKey: string;
  onOpen: (row: { storeId: number; bocId: number | null; futureServiceInteractionId: number }) => void;
  /** The stores the live inboxes should follow. */
  onStoresChange?: (stores: Store[]) => void;
};

/** A report page: the report picker, the filters and the report itself. */
export function ReportsPage({ enterpriseId, reportKey, onPickReport, liveKey, onOpen, onStoresChange }: Props) {
  const stores = useRemoteData(`stores-${enterpriseId}`, (s) => getReportStores(enterpriseId, s));
  const bocs = useRemoteData(`bocs-${enterpriseId}`, (s) => getReportBocs(enterpriseId, s));
  const [filter, setFilter] = useState<ReportFilterState>(() => ({ bocIds: [], storeIds: [], serviceTypes: [], ...defaultReportRange(new Date()) }));
  const storeList = useMemo(() => stores.data ?? [], [stores.data]);
  const body = useMemo(() => filterBody(enterpriseId, filter, storeList), [enterpriseId, filter, storeList]);
  const chosenStores = useMemo(() => storeList.filter((s) => body.storeIds?.includes(s.id)), [storeList, body.storeIds]);
  useEffect(() => onStoresChange?.(chosenStores), [chosenStores, onStoresChange]);
  const open: OpenConversation = (row) =>
    onOpen({ ...row, bocId: storeList.find((s) => s.id === row.storeId)?.bocMaster.id ?? null });
  const key = reportKey ?? 'dashboard';
  const bucket = BUCKET_REPORTS.find((r) => r.key === key);
  const dbView = DATABASE_VIEWS.find((v) => `view-${v.key}` === key);

  let view;
  if (!stores.data) view = <ReportState loading={stores.loading} error={stores.error} empty={false} onRetry={stores.reload} />;
  else if (!storeList.length) view = <ReportState loading={false} error={null} empty onRetry={stores.reload} />;
  else if (key === 'appointment-status') view = <AppointmentStatusView body={body} liveKey={liveKey} onOpen={open} />;
  else if (key === 'monthly') view = <MonthlyView body={body} liveKey={liveKey} />;
  else if (dbView) view = <DatabaseViewTable key={dbView.key} view={dbView.key} title={dbView.title} body={body} />;
  else if (bucket) view = <BucketReportView key={bucket.key} report={bucket} body={body} liveKey={liveKey} onOpen={open} />;
  else view = <ReportsDashboard body={body} liveKey={liveKey} onOpen={open} />;

  return (
    <Stack sx={{ minWidth: 0 }}>
      <TextField
        select
        size="small"
        label="Report"
        value={bucket || dbView || REPORT_PAGES.some((p) => p.key === key) ? key : 'dashboard'}
        onChange={(e) => onPickReport(e.target.value)}
        sx={{ mb: 2, maxWidth: 420 }}
      >
        <ListSubheader>Overview</ListSubheader>
        {REPORT_PAGES.map((p) => (
          <MenuItem key={p.key} value={p.key}>
            {p.title}
          </MenuItem>
        ))}
        <ListSubheader>Reports</ListSubheader>
        {BUCKET_REPORTS.map((r) => (
          <MenuItem key={r.key} value={r.key}>
            {r.title}
          </MenuItem>
        ))}
        {Object.entries(DATABASE_VIEW_SECTIONS).flatMap(([section, heading]) => [
          <ListSubheader key={section}>{heading}</ListSubheader>,
          ...DATABASE_VIEWS.filter((v) => v.section === section).map((v) => (
            <MenuItem key={v.key} value={`view-${v.key}`}>
              {v.title}
            </MenuItem>
          )),
        ])}
      </TextField>
      <ReportTemplates
        enterpriseId={enterpriseId}
        reportKey={bucket || dbView || REPORT_PAGES.some((p) => p.key === key) ? key : 'dashboard'}
        filter={filter}
        onApply={(t) => {
          setFilter((f) => applyTemplate(f, t.filter));
          if (t.reportKey !== key) onPickReport(t.reportKey);
        }}
      />
      <ReportFilters
        value={filter}
        onChange={setFilter}
        bocs={bocs.data ?? []}
        stores={storeList}
        serviceTypePlaceholder={key === 'appointment-status' ? 'Sales thank-you (default)' : 'All service types'}
      />
      {view}
    </Stack>
  );
}
