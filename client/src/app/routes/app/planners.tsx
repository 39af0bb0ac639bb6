import { useCallback, useState } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { AuditPanel, CvLeadsPanel, PlannerWorkspace, RecallLeadsPanel, RunHistory } from '../../../features/planners';
import { useLayoutContext } from './layout-context';

/** /planners: the selected store's predictive planners, their run history, the audit planners, customer-vehicle lead batches and recall leads. */
export default function PlannersScreen() {
  const { scope, user } = useLayoutContext();
  const store = scope.selectedStore;
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
      <PageHeader title="Predictive planners" subtitle={store ? store.storeName : undefined} />
      {store ? (
        <>
          <PlannerWorkspace key={store.id} store={store} roles={user.roles} onRunsChanged={changed} />
          <RunHistory storeId={store.id} version={version} />
          <AuditPanel storeId={store.id} version={version} />
          <CvLeadsPanel storeId={store.id} />
          <RecallLeadsPanel key={`recall-${store.id}`} enterpriseId={store.enterpriseId} storeId={store.id} onRunsChanged={changed} />
        </>
      ) : (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">Pick a store in the bar above to run its planners.</Typography>
        </Paper>
      )}
    </Stack>
  );
}
