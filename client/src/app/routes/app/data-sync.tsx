import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { canManageDataSync } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { AlertInboxPanel, HistoryPanel, ImportPanel, ReportsPanel, SchedulesPanel, SourcesPanel, type DataSyncStore } from '../../../features/data-sync';
import { useLayoutContext } from './layout-context';

const TABS = ['Data sources', 'Schedules', 'Sync history', 'Import', 'File reports', 'Alert inbox'] as const;

/** /data-sync: the selected store's data sources, syncs, schedules, imports, file reports and alerts. */
export default function DataSyncScreen() {
  const { scope, user } = useLayoutContext();
  const [tab, setTab] = useState(0);
  // Anything that brings data in refreshes the history and the reports.
  const [version, setVersion] = useState(0);
  const s = scope.selectedStore;
  const canManage = canManageDataSync(user.roles);
  if (!s) {
    return (
      <Stack sx={{ flex: 1 }}>
        <PageHeader title="Data sync" />
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">Pick a store in the bar above to see its data sources, syncs and files.</Typography>
        </Paper>
      </Stack>
    );
  }
  const store: DataSyncStore = {
    enterpriseId: s.enterpriseId,
    bocId: s.boc,
    bocName: s.bocMaster.bocName,
    storeId: s.id,
    storeName: s.storeName,
    timeZone: s.officeMasterVO.officeTimeZone,
  };
  const bump = () => setVersion((v) => v + 1);
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader title="Data sync" subtitle={`${store.storeName} · customers, vehicles, sales and repair orders from the dealer’s systems and files`} />
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Data sync sections" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((label, i) => (
          <Tab key={label} label={label} id={`data-sync-tab-${i}`} aria-controls={`data-sync-panel-${i}`} sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`data-sync-panel-${tab}`} aria-labelledby={`data-sync-tab-${tab}`} key={`${store.storeId}:${tab}`}>
        {tab === 0 ? <SourcesPanel store={store} canManage={canManage} /> : null}
        {tab === 1 ? <SchedulesPanel store={store} canManage={canManage} enterpriseWide={user.empLevel === 'SUPER' || user.empLevel === 'ENTERPRISE'} /> : null}
        {tab === 2 ? <HistoryPanel store={store} version={version} /> : null}
        {tab === 3 ? <ImportPanel store={store} canManage={canManage} onImported={bump} /> : null}
        {tab === 4 ? <ReportsPanel store={store} version={version} /> : null}
        {tab === 5 ? <AlertInboxPanel store={store} /> : null}
      </Box>
    </Stack>
  );
}
