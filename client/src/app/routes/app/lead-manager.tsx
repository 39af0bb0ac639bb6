import { useLocation } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { PATHS, responseTimeDisplayOn } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { LeadList } from '../../../features/leads/components/lead-list';
import { useLayoutContext } from './layout-context';

const TITLES: Record<string, string> = {
  [PATHS.leadManager]: 'Lead manager',
  [PATHS.globalInbox]: 'Global inbox',
  [PATHS.maxResponseTime]: 'Max response time',
};

function ChooseStore() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <StorefrontIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h2">
          Choose a store
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
          Pick an enterprise, a BOC and a store in the bar above to see that store’s leads.
        </Typography>
      </Stack>
    </Paper>
  );
}

/** /leadmanager, /leadmanager/globalinbox and /leadmanager/max-response-time. */
export default function LeadManagerScreen() {
  const { pathname } = useLocation();
  const { selection, scope } = useLayoutContext();
  const title = TITLES[pathname] ?? 'Lead manager';
  const store = scope.selectedStore;

  // Store-related calls need both the enterprise and the store.
  const ready = selection.enterpriseId !== null && selection.storeId !== null;

  let body;
  if (!ready) body = <ChooseStore />;
  else if (store) body = <LeadList key={store.id} store={store} showResponseTime={responseTimeDisplayOn(pathname)} />;
  else if (scope.loading.stores) body = <PageSpinner label="Loading store" />;
  else body = <ChooseStore />;

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader
        title={title}
        subtitle={store ? `${store.storeName} · ${store.bocMaster.bocName} · times in ${store.officeMasterVO.timezoneDisplay}` : undefined}
      />
      {body}
    </Stack>
  );
}
