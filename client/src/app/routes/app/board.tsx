import { useNavigate } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import { PATHS, customerPagePath } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { StoreBoard } from '../../../features/boards';
import { useLayoutContext } from './layout-context';

function ChooseStore() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <ViewWeekIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h2">
          Choose a store
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
          Pick an enterprise, a BOC and a store in the bar above to follow its service drive.
        </Typography>
      </Stack>
    </Paper>
  );
}

/** /swimlane: the selected store's repair orders moving through the service drive, live. */
export default function BoardScreen() {
  const { user, selection, scope } = useLayoutContext();
  const navigate = useNavigate();
  const store = scope.selectedStore;
  // Store-related calls need both the enterprise and the store.
  const ready = selection.enterpriseId !== null && selection.storeId !== null;

  let body;
  if (ready && store) body = <StoreBoard key={store.id} store={store} user={user} onOpenConversation={(id) => navigate(`${PATHS.leadManager}?fsi=${id}`)}
        onOpenCustomer={(customerId) => navigate(customerPagePath({ bocId: store.boc, storeId: store.id, customerId }))}
      />;
  else if (ready && scope.loading.stores) body = <PageSpinner label="Loading store" />;
  else body = <ChooseStore />;

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader
        title="Swimlane"
        subtitle={store ? `${store.storeName} · repair orders by lane · times in ${store.officeMasterVO.timezoneDisplay}` : undefined}
      />
      {body}
    </Stack>
  );
}
